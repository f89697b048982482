/// The version of Cellscape, as `cellscape --version` prints it and session files record it.
public enum CellscapeVersion {
    /// This version.
    public static let current = "0.5.0"
}
