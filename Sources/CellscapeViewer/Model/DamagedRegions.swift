import CellscapeLayout

/// The parts of a frame to draw again and present when only they changed: rects rounded out to whole
/// pixels, those that overlap or touch merged, and at most ``limit`` of them. Each rect is a pass over
/// the scene and a request to the X server: past the limit, the two whose union adds the least area
/// merge, as browsers and toolkits present a damage region's bounding boxes.
public enum DamagedRegions {
    /// How many rects a frame presents at most.
    public static let limit = 8

    /// `rects` as whole pixels, merged where they overlap or touch, at most `limit`.
    public static func merged(_ rects: [Rect], limit: Int = limit) -> [Rect] {
        var merged: [Rect] = []
        for rect in rects.map(roundedOut) where !rect.isEmpty {
            var grown = rect
            // Merging may make a rect reach others it missed: gather until nothing more touches it.
            var touched = true
            while touched {
                touched = false
                merged.removeAll { other in
                    guard touches(grown, other) else { return false }
                    grown = grown.union(other)
                    touched = true
                    return true
                }
            }
            merged.append(grown)
        }
        while merged.count > max(1, limit) {
            var best = (first: 0, second: 1, waste: Double.infinity)
            for first in merged.indices {
                for second in merged.indices where second > first {
                    let union = merged[first].union(merged[second])
                    let waste = area(union) - area(merged[first]) - area(merged[second])
                    if waste < best.waste { best = (first, second, waste) }
                }
            }
            let union = merged[best.first].union(merged[best.second])
            merged.remove(at: best.second)
            merged[best.first] = union
        }
        return merged
    }

    private static func roundedOut(_ rect: Rect) -> Rect {
        let left = rect.minX.rounded(.down)
        let top = rect.minY.rounded(.down)
        return Rect(x: left, y: top, width: rect.maxX.rounded(.up) - left, height: rect.maxY.rounded(.up) - top)
    }

    private static func touches(_ first: Rect, _ second: Rect) -> Bool {
        first.minX <= second.maxX && second.minX <= first.maxX && first.minY <= second.maxY
            && second.minY <= first.maxY
    }

    private static func area(_ rect: Rect) -> Double { rect.width * rect.height }
}
