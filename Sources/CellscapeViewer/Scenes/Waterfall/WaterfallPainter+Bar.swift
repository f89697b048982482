import CellscapeLayout
import CellscapePictures
import CellscapeRender
import Foundation

/// What the bar says and how it is drawn: the selected or open picture, the counts, a message.
extension WaterfallPainter {
    /// What the bar under the pictures says, left and right: the selected or open picture (name,
    /// place, size, file size; the zoom and frame when open), and the folder's counts.
    var barText: (left: String, right: String) {
        guard let pictures else { return ("", "") }
        var right = [Self.counts(pictures: pictures.count - pictures.videoCount, videos: pictures.videoCount)]
        if pictures.isListing { right.append("listing") }
        if let status = pictures.sourceStatus { right.append(status) }
        if pictures.headersArrived < pictures.count { right.append("reading \(pictures.headersArrived)") }
        if !(pictures.brokenCount == 0) { right.append("\(pictures.brokenCount) broken") }
        if pictures.skippedFiles > 0 { right.append(Self.skipped(pictures.skippedFiles)) }
        if scene.pictureOrder.order != .name || scene.pictureOrder.descending {
            right.append("by \(scene.pictureOrder.order.rawValue)\(scene.pictureOrder.descending ? ", reversed" : "")")
        }
        if !scene.held.marked.isEmpty { right.insert("\(scene.held.marked.count) marked", at: 0) }
        guard let selection = scene.selection, selection < scene.itemCount else {
            return (pictures.folderName, right.joined(separator: "   "))
        }
        // An open video playing says where it is in its length ("0:02 / 0:04"), its length once.
        let playing =
            scene.openPicture?.index == selection && pictures.animations.animationTime(selection) != nil
            && pictures.animations.animationPosition(selection) != nil
        var left = [pictures.barName(of: selection), "\(selection + 1)/\(pictures.count)"]
        if scene.isMarked(selection) { left.append("marked") }
        if let problem = pictures.problem(at: selection) {
            left.append(problem)
        } else if let header = pictures.header(at: selection) {
            // As it shows: a quarter turn swaps the sides.
            let turned = scene.openPicture.map { $0.index == selection && $0.quarterTurns % 2 != 0 } ?? false
            left.append(turned ? "\(header.height)x\(header.width)" : "\(header.width)x\(header.height)")
            if let bytes = header.fileSize { left.append(Self.fileSize(bytes)) }
            if let seconds = pictures.length(at: selection), !playing { left.append(Self.length(seconds)) }
            // Sound is never played.
            if header.hasAudio { left.append("muted") }
            if let note = pictures.note(at: selection) { left.append(note) }
        } else if let seconds = pictures.length(at: selection), !playing {
            // A remote video's length comes with its page, before any of its bytes.
            left.append(Self.length(seconds))
        }
        if let open = scene.openPicture, open.index == selection, pictures.problem(at: selection) == nil {
            let picture = open.shown(scene.layout.size(at: selection))
            let percent = Int((open.scale(picture: picture, window: scene.viewport) * 100).rounded())
            right = [open.zoom == nil ? "fit \(percent)%" : "\(percent)%"]
            if let position = pictures.animations.animationPosition(selection) {
                let paused = pictures.animations.arePaused ? " (paused)" : ""
                // A video says where it is in its length, as players do.
                if let seconds = pictures.length(at: selection), let time = pictures.animations.animationTime(selection)
                {
                    left.append(Self.length(Double(time / 1000)) + " / " + Self.length(seconds))
                }
                left.append(Self.frame(position) + paused)
            }
        }
        return (left.joined(separator: "   "), right.joined(separator: "   "))
    }

    /// "35 pictures", "35 pictures, 2 videos", "1 video": videos counted apart.
    static func counts(pictures: Int, videos: Int) -> String {
        let said = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
        guard videos > 0 else { return said(pictures, "picture") }
        return pictures == 0 ? said(videos, "video") : said(pictures, "picture") + ", " + said(videos, "video")
    }

    /// "frame 3/10", or "frame 3" until the count is known (an animation not yet decoded to its end).
    static func frame(_ position: (frame: Int, count: Int?)) -> String {
        "frame \(position.frame + 1)" + (position.count.map { "/\($0)" } ?? "")
    }

    /// A video's length as players show it: "0:07", "12:30", "1:02:03".
    static func length(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = String(format: "%02d", rest)
        return hours > 0 ? "\(hours):" + String(format: "%02d", minutes) + ":" + tail : "\(minutes):" + tail
    }

    /// `text` in lines of at most `columns` characters, broken between words (a word longer than a
    /// line on a line of its own, cut), keeping the writer's own line breaks.
    static func wrapped(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(whereSeparator: \.isNewline) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > columns {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word.prefix(columns)
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }

    /// "1 other file skipped", "3 other files skipped".
    static func skipped(_ count: Int) -> String { "\(count) other \(count == 1 ? "file" : "files") skipped" }

    /// What the open picture's file says of it, a line each: name, size and file size, date taken,
    /// camera, exposure (those it has).
    var infoLines: [String] {
        guard let pictures, let open = scene.openPicture, let header = pictures.header(at: open.index) else {
            return []
        }
        var lines = [pictures.name(of: open.index)]
        lines.append("\(header.width)x\(header.height)" + (header.fileSize.map { "   " + Self.fileSize($0) } ?? ""))
        if let item = pictures.details(at: open.index) {
            lines += item.page.map { [$0.absoluteString] } ?? []
            // The alt text as the poster wrote it, wrapped: the panel leaves out a line wider than the window.
            let alt = item.altText.map { Self.wrapped("alt: " + $0, columns: 72) } ?? []
            lines += alt.isEmpty ? ["no alt text"] : alt
        }
        if let exif = header.exif {
            if let taken = exif.dateTaken { lines.append("taken " + Self.readableDate(taken)) }
            if let camera = exif.camera { lines.append(camera) }
            if let exposure = exif.exposure { lines.append(exposure) }
        }
        return lines
    }

    /// EXIF's "2024:07:14 18:03:22" as "2024-07-14 18:03:22".
    static func readableDate(_ exif: String) -> String {
        let parts = exif.split(separator: " ", maxSplits: 1)
        guard let date = parts.first else { return exif }
        return ([date.replacingOccurrences(of: ":", with: "-")] + parts.dropFirst().map(String.init)).joined(
            separator: " ")
    }

    /// Draws the bar across the bottom of the window, under the grid or the open picture.
    func drawBar(into frame: Framebuffer, text: TextRenderer) {
        let bar = Rect(x: 0, y: scene.viewport.height, width: scene.size.width, height: scene.barHeight)
        frame.fill(bar, color: .panel, alpha: 1)
        var (left, right) = barText
        // A message takes the counts' place, at up to half the bar, fading with its opacity.
        let message = barMessage
        if let message { right = message.text }
        let margin = HUDPanel.margin(for: text)
        let y = Int((bar.center.y - Double(text.lineHeight) / 2).rounded())
        if message != nil { right = text.truncated(right, toWidth: Int(bar.width) / 2 - 2 * margin) }
        let rightWidth = text.width(of: right)
        let shownRight = rightWidth + 4 * margin < Int(bar.width) / 2 || message != nil ? right : ""
        let leftRoom = Int(bar.width) - 3 * margin - (shownRight.isEmpty ? 0 : rightWidth + margin)
        text.draw(text.truncated(left, toWidth: leftRoom), x: margin, y: y, color: .text, into: frame, clip: bar)
        if !shownRight.isEmpty {
            let colour = Self.mixed(.text, .panel, message?.opacity ?? 1)
            text.draw(shownRight, x: Int(bar.maxX) - margin - rightWidth, y: y, color: colour, into: frame, clip: bar)
        }
    }

    /// `colour` over `background` at `opacity` (0 to 1): text fading into the bar.
    static func mixed(_ colour: Color, _ background: Color, _ opacity: Double) -> Color {
        let mix = { (top: UInt8, bottom: UInt8) in
            UInt8((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
        }
        return Color(
            red: mix(colour.red, background.red), green: mix(colour.green, background.green),
            blue: mix(colour.blue, background.blue))
    }

    /// A file size as file managers show it: "830 B", "12.4 KB", "2.4 MB" (powers of 1000).
    static func fileSize(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        var value = Double(bytes) / 1000
        for unit in ["KB", "MB", "GB"] {
            if value < 999.5 || unit == "GB" {
                return value < 100 ? "\((value * 10).rounded() / 10) \(unit)" : "\(Int(value.rounded())) \(unit)"
            }
            value /= 1000
        }
        return "\(bytes) B"
    }

    /// What the bar's right side says instead of the counts, and how much of it shows: the
    /// key-handler's prompt, a status, or a running slideshow.
    var barMessage: (text: String, opacity: Double)? {
        if scene.messages.awaitsHandlerKey { return ("x: the next key goes to the key-handler", 1) }
        if let status = scene.messages.status { return (status.text, scene.messages.opacity) }
        if scene.slideshowRuns, scene.openPicture != nil {
            return ("slideshow, a picture every \(Self.seconds(scene.slideshowSeconds))", 1)
        }
        return nil
    }

    /// "5 s", "0.5 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
