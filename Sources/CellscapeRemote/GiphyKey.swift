import CellscapeFeeds
import CellscapePictures
import Foundation

/// The user's own GIPHY API key: `GIPHY_API_KEY`, else the file `$XDG_CONFIG_HOME/cellscape/giphy-key`
/// (`~/.config/cellscape/giphy-key`), refused when others can read it.
public enum GiphyKey {
    /// The key, or a problem that says how to get one or what is wrong with the file.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws(FeedProblem)
        -> String
    {
        if let key = environment["GIPHY_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            return key
        }
        let path = file(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else {
            throw .address(
                "giphy:",
                "needs your own API key: make one at developers.giphy.com, then put it in GIPHY_API_KEY "
                    + "or in \(path) (chmod 600)")
        }
        let mode = ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?
            .intValue
        guard let mode, mode & 0o077 == 0 else {
            throw .address(path, "can be read by others: chmod 600 \(path)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .address(path, "cannot be read")
        }
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw .address(path, "does not hold a key (letters and digits on one line)")
        }
        return key
    }

    /// Where the key's file is.
    public static func file(environment: [String: String]) -> String {
        let configuration =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return configuration + "/cellscape/giphy-key"
    }
}
