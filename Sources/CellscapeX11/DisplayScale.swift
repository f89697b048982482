import Foundation

/// The pixels per point the desktop asks for: `Xft.dpi` among the X resources (what GNOME, KDE and
/// `xrdb` set for a HiDPI screen) over the 96 dpi of a standard one, read from the viewer's connection.
public enum DisplayScale {
    /// The scale in resources as `xrdb -query` prints them ("Xft.dpi:\t192" gives 2), between 0.5
    /// and 4; nil without a valid `Xft.dpi`.
    public static func scale(resources: String) -> Double? {
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi.isFinite, dpi > 0
            else { continue }
            return min(4, max(0.5, dpi / 96))
        }
        return nil
    }
}
