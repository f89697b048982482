import CPictureCodecs
import CellscapeRender

/// The row decoders' side of ``PictureDecoder``: JPEG and PNG rows shrink by area as they come.
extension PictureDecoder {
    /// Runs a row decoder (`decoder` gets the sink and a 256-byte message buffer, and returns its C
    /// status: 0, 2 when the data ended early and the decoder filled the rest, -1 with a message) and
    /// returns the picture its rows shrank to. A decoder that fails after some rows gives those rows,
    /// the rest transparent, and its message in `note` ("ends early" for a file cut short); before
    /// any row it throws its message.
    static func decodeRows(
        width: Int, height: Int, crop: PictureRegion? = nil, second: SecondReduction? = nil,
        note: inout PictureProblem?,
        _ output: @escaping (Int, Int) -> Framebuffer, _ decoder: (RowSink, UnsafeMutablePointer<CChar>) -> Int32
    ) throws(Failure) -> Framebuffer {
        let rows = RowSink(width: width, height: height, crop: crop, second: second, output: output)
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { decoder(rows, $0.baseAddress!) }
        guard status >= 0 || rows.rowsAdded > 0 else { throw .undecodable(Self.text(message)) }
        if status != 0 {
            let said = Self.text(message)
            note = status == 2 || said == "the file ends early" ? .endsEarly : .undecodable(said)
            rows.addTransparentRest()
        }
        guard let downscale = withExtendedLifetime(rows, { rows.downscale }) else {
            throw .undecodable(Self.text(message))
        }
        second?.output = rows.alongside?.output
        return downscale.output
    }

    /// A second, smaller reduction made from the rows the first takes: its size, and its output once made.
    final class SecondReduction {
        let width: Int
        let height: Int
        var output: Framebuffer?

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// What a row decoder's callback feeds: the source size the decoder writes before the first row,
    /// and the downscale it starts then, so a picture never needs memory for all its rows. With a
    /// `crop`, only that part of each row, and only its rows, go on.
    final class RowSink {
        let size = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        let width: Int
        let height: Int
        let crop: PictureRegion?
        let second: SecondReduction?
        let output: (Int, Int) -> Framebuffer
        var downscale: AreaDownscale?
        var alongside: AreaDownscale?
        /// How many rows went into the downscale.
        private(set) var rowsAdded = 0

        init(
            width: Int, height: Int, crop: PictureRegion?, second: SecondReduction?,
            output: @escaping (Int, Int) -> Framebuffer
        ) {
            self.width = width
            self.height = height
            self.crop = crop
            self.second = second
            self.output = output
            size.initialize(repeating: 0, count: 2)
        }

        deinit { size.deallocate() }

        static let callback: cellscape_row_callback = { context, row, y in
            guard let context, let row else { return }
            Unmanaged<RowSink>.fromOpaque(context).takeUnretainedValue().add(row, y: Int(y))
        }

        func add(_ row: UnsafePointer<UInt8>, y: Int) {
            if let crop, !(crop.y..<crop.y + crop.height).contains(y) { return }
            if downscale == nil {
                let source = (width: crop?.width ?? Int(size[0]), height: crop?.height ?? Int(size[1]))
                downscale = AreaDownscale(
                    sourceWidth: source.width, sourceHeight: source.height, width: width, height: height, output: output
                )
                alongside = second.map {
                    AreaDownscale(
                        sourceWidth: source.width, sourceHeight: source.height, width: $0.width, height: $0.height,
                        output: output)
                }
            }
            downscale?.add(row: row + 4 * (crop?.x ?? 0))
            alongside?.add(row: row + 4 * (crop?.x ?? 0))
            rowsAdded += 1
        }

        /// Adds transparent rows for those a decoder did not give, once it gave some.
        func addTransparentRest() {
            guard let downscale else { return }
            let empty = [UInt8](repeating: 0, count: 4 * downscale.sourceWidth)
            for _ in rowsAdded..<downscale.sourceHeight {
                self.downscale?.add(row: empty)
                alongside?.add(row: empty)
            }
            rowsAdded = downscale.sourceHeight
        }
    }
}
