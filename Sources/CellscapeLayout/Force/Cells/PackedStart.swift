/// A start near the answer for a crowd of cells thrown in at once: where they would pack, they start
/// packed.
///
/// A spring of stiffness k against a repulsion of Q^3 / r^2 holds N cells in a disc of radius
/// R = (3 pi N Q^3 / (4 k))^(1/3), densest in the middle, at 3 N / (2 pi R^2) cells per square pixel. Where
/// that is denser than cells of radius r can pack (a hexagonal packing holds 1 / (2 sqrt(3) r^2)), the
/// collisions carry the load and the layout comes to rest as a packed disc. Thrown in at random and grown
/// apart, such a crowd jams loose and lumpy and its rim flows for thousands of steps; started on the
/// hexagonal lattice, each cell lies in a pocket of its neighbours and the crowd rests within steps.
///
/// Cells keep their order out from the centre and, within each ring of the lattice, their order around
/// it: a cell starts on the side of the centre where it was thrown.
enum PackedStart {
    /// How much denser than a hexagonal packing the middle of the repulsion's disc must be.
    static let crowding = 1.25
    /// The gap left between neighbours on the lattice, so that rounding never makes them overlap.
    static let gap = 1e-2

    /// Whether `count` cells of radius `radius` pack under these settings.
    static func packs(count: Int, radius: Double, settings: ForceSettings) -> Bool {
        guard count > 1, radius > 0, settings.springStiffness > 0, settings.charge > 0 else { return false }
        let charge = settings.charge * settings.charge * settings.charge
        let discRadius = cubeRoot(3 * Double.pi * Double(count) * charge / (4 * settings.springStiffness))
        let middle = 3 * Double(count) / (2 * Double.pi * discRadius * discRadius)
        let packed = 1 / (2 * 3.0.squareRoot() * radius * radius)
        return middle >= crowding * packed
    }

    /// The `count` sites of a hexagonal lattice of side `spacing` nearest to the origin (one of them the
    /// origin), in order of distance, ties in order of angle.
    static func sites(count: Int, spacing: Double) -> [Vector] {
        let rowHeight = spacing * 3.0.squareRoot() / 2
        // The disc of `count` sites, with a ring to spare.
        let reach = (Double(count) * spacing * rowHeight / Double.pi).squareRoot() + 2 * spacing
        let rows = Int(reach / rowHeight) + 1
        let columns = Int(reach / spacing) + 1
        var sites: [(distance: Double, angle: Double, site: Vector)] = []
        sites.reserveCapacity(Int(Double(count) * 1.3))
        for row in -rows...rows {
            let shift = row & 1 == 0 ? 0 : spacing / 2
            for column in -columns...columns {
                let site = Vector(dx: Double(column) * spacing + shift, dy: Double(row) * rowHeight)
                let distance = site.length
                if distance <= reach { sites.append((distance, angle(site), site)) }
            }
        }
        sites.sort { ($0.distance, $0.angle) < ($1.distance, $1.angle) }
        return sites.prefix(count).map(\.site)
    }

    /// Moves every cell to a site of the lattice around `center`, spaced for `radius`: the nearer a cell
    /// was to the centre, the nearer its site; within each band of `band` sites, in order of angle.
    static func place(cells: CellPointers, radius: Double, center: Point) {
        let count = cells.count
        let sites = Self.sites(count: count, spacing: 2 * radius + gap)
        let byDistance = (0..<count).sorted { first, second in
            let one = squaredDistance(cells, first, center)
            let other = squaredDistance(cells, second, center)
            return one != other ? one < other : first < second
        }
        let band = max(64, Int(Double(count).squareRoot()))
        for start in stride(from: 0, to: count, by: band) {
            let end = min(start + band, count)
            let bandCells = byDistance[start..<end].sorted { first, second in
                let one = angle(Vector(dx: cells.x[first] - center.x, dy: cells.y[first] - center.y))
                let other = angle(Vector(dx: cells.x[second] - center.x, dy: cells.y[second] - center.y))
                return one != other ? one < other : first < second
            }
            let bandSites = sites[start..<end].sorted { angle($0) < angle($1) }
            for (cell, site) in zip(bandCells, bandSites) {
                cells.x[cell] = center.x + site.dx
                cells.y[cell] = center.y + site.dy
                cells.velocity[cell] = .zero
            }
        }
    }

    private static func squaredDistance(_ cells: CellPointers, _ index: Int, _ center: Point) -> Double {
        let dx = cells.x[index] - center.x
        let dy = cells.y[index] - center.y
        return dx * dx + dy * dy
    }

    /// The cube root of a positive number, by Newton's method from a power of two near it.
    static func cubeRoot(_ value: Double) -> Double {
        var root = Double(sign: .plus, exponent: value.exponent / 3, significand: 1)
        for _ in 0..<8 { root = (2 * root + value / (root * root)) / 3 }
        return root
    }

    /// A pseudo-angle in [-2, 2]: it orders directions around the centre as their angles do, from
    /// arithmetic alone (no C library, the same bits everywhere).
    private static func angle(_ vector: Vector) -> Double {
        let sum = abs(vector.dx) + abs(vector.dy)
        guard sum > 0 else { return 0 }
        let turn = vector.dx / sum
        return vector.dy >= 0 ? 1 - turn : turn - 1
    }
}
