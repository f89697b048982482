/// Reads pictures' headers for the loader's workers: from the bytes a source holds, or from files,
/// asking the index of headers first (a file unchanged since an earlier run is not read again) and
/// keeping there what it reads.
struct HeaderReader: Sendable {
    /// The headers learnt in earlier runs, if kept (``HeaderIndex``).
    let index: HeaderIndex?

    /// The headers of pictures `ids`, read from the files at `paths`: those the index knows in one
    /// look, the others read.
    func headers(of ids: [PictureID], paths: [String]) -> [PictureLoader.Result] {
        let files = paths.map { PictureFile.version(of: $0) }
        let known =
            index?.headers(of: zip(paths, files).map { path, file in file.map { (path, $0.size, $0.modified) } })
            ?? Array(repeating: nil, count: ids.count)
        return ids.indices.map { index in
            known[index].map { .header(id: ids[index], $0, problem: nil) } ?? read(ids[index], path: paths[index])
        }
    }

    /// Picture `id`'s header, from the bytes its source gave (or why they could not be had).
    func header(of id: PictureID, bytes: PictureBytes.Answer) -> PictureLoader.Result {
        do {
            let bytes = try bytes.get().whole()
            let header = PictureHeader(bytes)
            return .header(id: id, header, problem: header == nil ? PictureHeader.problem(of: bytes) : nil)
        } catch {
            return .header(id: id, nil, problem: error)
        }
    }

    /// Picture `id`'s header, read from its file at `path` and kept in the index.
    private func read(_ id: PictureID, path: String) -> PictureLoader.Result {
        do {
            let file = try PictureFile(path: path)
            let header = PictureHeader(file: file)
            if let header { index?.store(header, path: path, size: file.size, modified: file.modifiedNanoseconds) }
            return .header(id: id, header, problem: header == nil ? PictureHeader.problem(reading: file) : nil)
        } catch {
            return .header(id: id, nil, problem: error)
        }
    }
}
