/// How cells move from one step to the next.
public enum Integrator: String, CaseIterable, Hashable, Sendable, Codable {
    /// The original step, reproduced exactly: all forces from the old positions, then position += force.
    ///
    /// Settled when the total movement of all cells in a step is below ``ForceSettings/settleThreshold``.
    /// Slow to settle, and unstable once cells crowd closer than about 10 px (it diverges at 10,000 cells).
    case seed
    /// Heavy-ball momentum with a per-cell restart and a cap on the distance moved per step.
    ///
    /// Settled when no cell moves ``ForceSettings/settleThreshold`` or more in each of
    /// ``ForceSettings/settleSteps`` consecutive steps. A cell whose velocity
    /// points against its force stops before it is pushed, so it moves at least as far as the seed step
    /// would move it (a cell caught swinging, a fraction of it; see `DampedStep`): a settled state is an
    /// equilibrium of the seed's forces, as far as Barnes-Hut's approximation allows.
    case damped
}

/// How the repulsion between cells is summed.
public enum RepulsionSummation: Hashable, Sendable, Codable {
    /// Every pair, O(n^2): the reference the fast path is checked against.
    case exact
    /// Barnes-Hut on a quadtree, O(n log n): a node of side s at distance d acts as one charge when
    /// s / d < theta.
    ///
    /// At theta 0.7 the RMS over cells of the relative error of each cell's repulsion against the exact
    /// sum stays below 1% on 10,000 random cells; nodes carry quadrupole moments, and nodes far from a
    /// whole leaf act through its local expansion.
    case barnesHut(theta: Double)

    /// Barnes-Hut with this opening angle, or exact when it is 0 (as the command line's `--theta 0`).
    public init(theta: Double) {
        self = theta > 0 ? .barnesHut(theta: theta) : .exact
    }

    /// The opening angle, or 0 for exact sums.
    public var theta: Double {
        if case .barnesHut(let theta) = self { return theta }
        return 0
    }
}

/// Every parameter of the force-directed simulation, with its default.
public struct ForceSettings: Hashable, Sendable, Codable {
    /// The spring constant k pulling each cell to the centre: F = -k (p - c).
    public var springStiffness: Double = 0.02
    /// The charge Q of the inverse-square repulsion between cells: F = Q^3 / r^2.
    public var charge: Double = 10
    /// Distances below this count as this in the repulsion, so it stays finite.
    public var minimumDistance: Double = 1e-6
    /// How the repulsion is summed: Barnes-Hut with an opening angle of 0.7, or every pair exactly.
    public var repulsion = RepulsionSummation.barnesHut(theta: 0.7)
    /// How positions advance; see ``Integrator``.
    public var integrator: Integrator = .damped
    /// Whether overlapping cells are pushed apart after each step.
    public var collisions = true
    /// The radius of a cell added without one; 10 gives the original 20 x 20 cell.
    public var cellRadius: Double = 10
    /// The movement, in pixels, below which the simulation counts as settled; a third of a pixel is
    /// imperceptible.
    public var settleThreshold: Double = 0.3
    /// How many consecutive damped steps must stay below ``settleThreshold``. One is not enough: a cell
    /// whose velocity was just dropped (at the turning point of a swing) moves only by its force, which
    /// is below the threshold up to 15 px from where the spring pulls it.
    public var settleSteps = 10
    /// How far, in pixels, the cells' centroid may be from the centre when a damped layout comes to rest.
    /// At a true equilibrium the pair forces cancel, so the spring's pull on the centroid is zero and the
    /// centroid is the centre; the settle threshold alone would stop a lone cell up to 15 px off.
    public static let centroidTolerance = 0.05
    /// The fraction of its velocity a damped cell keeps from one step to the next.
    public var momentum: Double = 0.7
    /// The farthest a damped cell may move in one step, in pixels.
    public var maximumStep: Double = 20
    /// The repulsion stiffness (the sum of 2 Q^3 / r^3) above which a damped cell's step is shortened in
    /// proportion, to stay stable where cells crowd.
    public var stiffnessLimit: Double = 1.5
    /// Over how many steps a new cell's collision radius grows from nothing to its radius (0: at once).
    ///
    /// Cells thrown in overlapping, as a random start of thousands is, first flow into shape as a
    /// fluid and then grow apart, as in the Lubachevsky-Stillinger packing algorithm; at full size at
    /// once they would jam into the shape of where they were thrown, and take thousands of steps to
    /// round. A settled layout with room for every cell at full size gives them their full size at once.
    public var growthSteps = 200
    /// How many times per step a cell steps out of the cells nearer the centre that it overlaps.
    public var collisionPasses = 8
    /// How far a cell may move from where it was when the quadtree was built, as a fraction of the side
    /// of its leaf's square, before the tree is built anew; until then each step keeps the tree's
    /// squares and what its walks decided (the interaction plans), and only sums the moments again at the
    /// new positions. 0 builds the tree every step.
    ///
    /// Every cell is still counted exactly once; a drift widens only how far an accepted node's cells
    /// reach beyond the square it was accepted with, which a test bounds. A layout coming to rest moves
    /// most cells by hundredths of a pixel a step, so most of its steps keep the tree.
    public var rebuildDrift: Double = 0.1
    /// From this many cells on, the quadtree is built every step and its walks are not recorded: the
    /// plans take memory in proportion to the interactions, too much for large layouts.
    public var keptTreeMaximumCount = 200_000
    /// The most cells a quadtree leaf holds before it is split.
    public var leafCapacity = 16
    /// The most cells in a group of leaves that share one walk of the quadtree for their interaction
    /// lists.
    public var groupCapacity = 64
    /// From this many cells on, the layout stores its cells in its quadtree's order, renewed every 16
    /// steps, so that cells close in the plane sit close in memory: the passes of a step that go through
    /// the cells in one order and read their neighbours in another then read memory nearly in order.
    /// Below it a step's arrays fit the cache anyway. Indices in the layout do not change; positions
    /// do, in the last bits, as sums run in another order.
    public var storageOrderMinimumCount = 50_000
    /// How many threads compute forces; results are bit-identical whatever the count.
    public var threads = ParallelChunks.processorCount

    /// The default settings.
    public init() {}

    /// Whether a layout of `count` cells keeps its quadtree from step to step (``rebuildDrift``).
    func keepsTrees(count: Int) -> Bool {
        repulsion != .exact && rebuildDrift > 0 && count < keptTreeMaximumCount
    }
}
