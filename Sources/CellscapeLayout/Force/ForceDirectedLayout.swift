/// A force-directed layout of round cells: a spring pulls every cell to the centre of the bounds, an
/// inverse-square repulsion pushes cells apart, and collisions keep them from overlapping.
///
/// Call ``step()`` once per frame until ``isSettled``. The repulsion uses Barnes-Hut on a quadtree
/// (``ForceSettings/repulsion``), spread over all cores; the same seed and the same input give bit-identical
/// positions whatever the thread count.
///
/// ```swift
/// var layout = ForceDirectedLayout(bounds: Rect(x: 0, y: 0, width: 1280, height: 800), seed: 7)
/// for _ in 0..<1000 { layout.addCell() }
/// while !layout.isSettled { layout.step() }
/// let visible = layout.attributes(in: Rect(x: 0, y: 0, width: 640, height: 400))
/// ```
public struct ForceDirectedLayout {
    /// The parameters of the simulation; changing them wakes it.
    public var settings: ForceSettings {
        didSet { wake() }
    }
    /// The rectangle the layout was last prepared for; its centre is where cells are pulled.
    public internal(set) var bounds: Rect
    /// Whether the last step moved the cells less than the settle threshold; see ``Integrator``.
    public internal(set) var isSettled = false
    /// How far the cells moved in the last step.
    public private(set) var lastMovement = Movement.zero
    /// How many steps have been taken.
    public private(set) var stepCount = 0
    /// The cell held in place (being dragged), if any: steps leave it where ``pinCell(id:at:)`` put it.
    public private(set) var pinnedCell: Cell.ID?

    var store = CellStore()
    private var random: SplitMix64
    private let jitter: PairJitter
    private var nextID = 0
    private var pinnedPosition = Point.zero
    /// Consecutive damped steps in which no cell moved the settle threshold.
    var quietSteps = 0
    /// Whether some cell's collision radius is still growing to its full radius.
    var isGrowing = false
    /// How many cells were added since the last step: if none would overlap another at full size (a layout
    /// read back from its positions), they take it at once instead of growing out of nothing; a crowd
    /// thrown in that will pack starts packed (``PackedStart``).
    private var cellsAddedSinceStep = 0
    /// Whether the damped layout moves, rests, or tests its rest this step (see ``Rest``).
    var rest = Rest.moving
    /// Whether a step may have slowed a swinging cell since the last wake (which gives them full steps).
    var stepScalesMayBeSlowed = false
    /// Whether cells may overlap: false only once the overlap sweep found none or left none, and nothing
    /// since (an added, pinned or grown cell, other settings) could have made one.
    var mayOverlap = true
    /// The motion all cells share from a move of the centre until they rest there, while no cell is pinned
    /// (see ``SharedMotion``); nil otherwise.
    var sharedMotion: SharedMotion?
    private var workspace = ForceWorkspace()

    /// Creates an empty layout.
    /// - Parameters:
    ///   - bounds: the view's bounds; cells are pulled to its centre.
    ///   - settings: the simulation's parameters.
    ///   - seed: decides every random choice: positions of cells added without one, and the direction
    ///     in which two coincident cells are pushed apart.
    public init(
        bounds: Rect = Rect(x: 0, y: 0, width: 1280, height: 800),
        settings: ForceSettings = ForceSettings(),
        seed: UInt64 = 0
    ) {
        self.bounds = bounds
        self.settings = settings
        random = SplitMix64(seed: seed)
        jitter = PairJitter(seed: SplitMix64.mix(seed ^ 0x6A09_E667_F3BC_C909))
    }

    /// The point the spring pulls every cell to: the centre of ``bounds``.
    public var center: Point { bounds.center }

    /// The number of cells.
    public var count: Int { store.count }

    /// Every cell, in the order they were added.
    public var cells: [Cell] { store.storageIndex.map { store.cell(at: Int($0)) } }

    /// The cell at a position in the order they were added.
    public func cell(at index: Int) -> Cell { store.cell(at: Int(store.storageIndex[index])) }

    /// The position in the layout's order of the cell with this id, if it is there.
    public func index(of id: Cell.ID) -> Int? { storedIndex(of: id).map { Int(store.layoutIndex[$0]) } }

    /// Where the cell is stored (see ``CellStore``), or nil if the layout has no such cell.
    private func storedIndex(of id: Cell.ID) -> Int? { store.ids.firstIndex(of: id) }

    /// The smallest rectangle enclosing every cell, or `nil` when there are none. O(n).
    public var cellBounds: Rect? {
        guard store.count > 0 else { return nil }
        var box = Rect(center: Point(x: store.x[0], y: store.y[0]), radius: store.radius[0])
        for index in 1..<store.count {
            box = box.union(
                Rect(center: Point(x: store.x[index], y: store.y[index]), radius: store.radius[index]))
        }
        return box
    }

    /// Adds a cell and wakes the simulation.
    /// - Parameters:
    ///   - position: where the cell starts; `nil` picks a random point in the bounds.
    ///   - radius: the cell's radius; `nil` takes ``ForceSettings/cellRadius``.
    /// - Returns: the new cell's id.
    @discardableResult
    public mutating func addCell(at position: Point? = nil, radius: Double? = nil) -> Cell.ID {
        let start =
            position
            ?? Point(
                x: bounds.minX + random.nextUnit() * bounds.width,
                y: bounds.minY + random.nextUnit() * bounds.height)
        let id = nextID
        nextID += 1
        store.append(id: id, at: start, radius: radius ?? settings.cellRadius, grown: settings.growthSteps == 0)
        isGrowing = isGrowing || settings.growthSteps > 0
        cellsAddedSinceStep += 1
        wake()
        return id
    }

    /// Removes the cell with this id and wakes the simulation; returns whether there was one.
    @discardableResult
    public mutating func removeCell(id: Cell.ID) -> Bool {
        guard let index = storedIndex(of: id) else { return false }
        if pinnedCell == id { pinnedCell = nil }
        store.remove(at: index)
        wake()
        return true
    }

    /// Holds the cell with this id at `position` (and wakes the simulation) until ``unpinCell()``; the
    /// other cells still feel it and flow around it. Returns whether there is such a cell.
    @discardableResult
    public mutating func pinCell(id: Cell.ID, at position: Point) -> Bool {
        guard let index = storedIndex(of: id), position.x.isFinite, position.y.isFinite else { return false }
        pinnedCell = id
        pinnedPosition = position
        store.x[index] = position.x
        store.y[index] = position.y
        store.velocity[index] = .zero
        store.stepScale[index] = 1
        wake()
        return true
    }

    /// Releases the pinned cell back into the simulation.
    public mutating func unpinCell() {
        pinnedCell = nil
        wake()
    }

    /// Removes every cell.
    public mutating func removeAllCells() {
        pinnedCell = nil
        isGrowing = false
        store.removeAll()
        isSettled = true
        lastMovement = .zero
    }

    /// Advances the simulation by one step and returns how far the cells moved.
    ///
    /// Stepping a settled layout is allowed: it stays settled, crowded cells held and lone ones moving by
    /// their forces alone, until something wakes it (a cell added, removed or pinned, new bounds or
    /// settings).
    @discardableResult
    public mutating func step() -> Movement {
        stepCount += 1
        guard store.count > 0 else {
            isSettled = true
            lastMovement = .zero
            return .zero
        }
        let workspace = uniqueWorkspace()
        if cellsAddedSinceStep > 0 {
            startNearTheAnswer(added: cellsAddedSinceStep, workspace: workspace)
            cellsAddedSinceStep = 0
        }
        var settings = settings
        let hold = rest.isResting ? settings.settleThreshold : 0
        if rest.isResting { settings.momentum = 0 }
        let center = center
        let jitter = jitter
        var mayOverlap = mayOverlap
        var sharedMotion = pinnedCell == nil ? self.sharedMotion : nil
        let movement = store.withPointers { cells in
            workspace.step(
                cells: cells, settings: settings, center: center, jitter: jitter, mayOverlap: &mayOverlap,
                holdingMovesBelow: hold, sharedMotion: &sharedMotion)
        }
        self.mayOverlap = mayOverlap
        if self.sharedMotion != nil {
            self.sharedMotion = sharedMotion ?? SharedMotion(momentum: self.settings.momentum)
        }
        stepScalesMayBeSlowed = true
        if isGrowing {
            let steps = settings.growthSteps
            isGrowing = store.withPointers { workspace.grow(cells: $0, steps: steps) }
            self.mayOverlap = true
        }
        if let pinnedCell, let index = storedIndex(of: pinnedCell) {
            self.mayOverlap = true
            store.x[index] = pinnedPosition.x
            store.y[index] = pinnedPosition.y
            store.velocity[index] = .zero
        }
        storeInTreeOrderWhenDue(workspace: workspace)
        lastMovement = movement
        settle(after: movement, workspace: workspace)
        return movement
    }

    /// On its first step and every ``Quadtree/storageOrderInterval`` steps after, a layout of
    /// ``ForceSettings/storageOrderMinimumCount`` cells or more stores them in the order of the quadtree
    /// the step built, so that neighbours sit side by side in memory; the layout's indices stay those of
    /// the order in which cells were added. `workspace` is the step's own (asking for a unique one here,
    /// while the step still holds it, would make a new one every step).
    private mutating func storeInTreeOrderWhenDue(workspace: ForceWorkspace) {
        guard store.count >= settings.storageOrderMinimumCount,
            (stepCount - 1) % Quadtree.storageOrderInterval == 0
        else { return }
        let settings = settings
        if store.withPointers({ workspace.storeInTreeOrder(cells: $0, settings: settings) }) {
            store.updateStorageIndex()
        }
    }

    /// How many steps kept the quadtree of the step before (see ``ForceSettings/rebuildDrift``).
    var keptTreeSteps: Int { workspace.keptTreeSteps }

    /// This layout's own scratch memory: a copy of the layout gets a new workspace on first use.
    mutating func uniqueWorkspace() -> ForceWorkspace {
        if !isKnownUniquelyReferenced(&workspace) { workspace = ForceWorkspace() }
        return workspace
    }

    /// The net force (spring plus repulsion) on every cell at the current positions, as ``settings``
    /// compute it; with the seed integrator this is exactly how far the next step moves each cell.
    public mutating func forces() -> [Vector] {
        guard store.count > 0 else { return [] }
        let workspace = uniqueWorkspace()
        let settings = settings
        let center = center
        let jitter = jitter
        let storageIndex = store.storageIndex
        return store.withPointers { cells in
            workspace.prepare(count: cells.count)
            workspace.computeForces(
                cells: cells, settings: settings, center: center, jitter: jitter,
                parallel: workspace.parallelChunks(threads: settings.threads), keepingTree: true)
            return storageIndex.map { workspace.force(at: Int($0)) }
        }
    }
}
