import ArgumentParser
import CellscapePictures
import Foundation

/// `cellscape thumbnail -s SIZE INPUT OUTPUT`: one picture's thumbnail, as a desktop's file manager
/// asks its thumbnailers for one (`share/thumbnailers/cellscape.thumbnailer`).
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Write one picture's thumbnail, as the desktop's thumbnailers do.",
        discussion: """
            The freedesktop.org thumbnailer's calling convention: INPUT is a path or a file:// URI, OUTPUT \
            the PNG to write, with the standard's Thumb:: keys. On failure nothing is written, one line goes \
            to standard error and the status is non-zero; a file that takes longer than \
            \(Int(Self.timeLimit)) seconds fails.
            """
    )

    /// How long one thumbnail may take: file managers stop a thumbnailer after a few seconds more.
    static let timeLimit: Double = 8

    @Option(name: .short, help: ArgumentHelp("The longest side, in pixels (1 to 4096).", valueName: "size"))
    var size = 256

    @Argument(help: ArgumentHelp("The picture: a path or a file:// URI.", valueName: "input"))
    var input: String

    @Argument(help: ArgumentHelp("The PNG file to write.", valueName: "output"))
    var output: String

    func validate() throws {
        guard (1...4096).contains(size) else { throw ValidationError("the size must be 1 to 4096 pixels") }
        _ = try path()
    }

    /// The input's path: a file:// URI decoded, a path as it is.
    func path() throws -> String {
        guard input.contains("://") else { return input }
        guard let url = URL(string: input), url.isFileURL, url.host == nil || url.host == "" || url.host == "localhost"
        else { throw ValidationError("\(input) is not a file on this computer") }
        return url.path
    }

    func run() throws {
        // A file that takes too long ends the process, whatever it is doing, with nothing written.
        signal(SIGALRM) { _ in
            let line = "cellscape: the thumbnail took too long\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
            _exit(1)
        }
        alarm(UInt32(Self.timeLimit) + 2)
        let deadline = Date().addingTimeInterval(Self.timeLimit)
        let path = try path()
        let png: [UInt8]
        do {
            png = try ThumbnailCache.thumbnailPNG(of: try PictureFile(path: path), side: size) { Date() > deadline }
        } catch .stopped {
            throw ValidationError("\(path): the thumbnail took too long")
        } catch {
            throw ValidationError("\(path): \(error)")
        }
        do {
            try Data(png).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(output): \((error as NSError).localizedDescription)")
        }
    }
}
