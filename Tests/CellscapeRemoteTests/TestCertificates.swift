import Foundation

/// A certificate authority made by `openssl` for one test run and a server certificate it signed
/// for 127.0.0.1, as PEM files in a folder of their own: the server presents the second, the client
/// trusts the first, and nothing outside the test does.
struct TestCertificates: Sendable {
    let folder: URL
    var authority: String { folder.appendingPathComponent("authority.pem").path }
    var server: String { folder.appendingPathComponent("server.pem").path }
    var serverKey: String { folder.appendingPathComponent("server.key").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellscape-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.openssl(
            ["req", "-x509"] + curve + [
                "-keyout", "authority.key", "-out", "authority.pem", "-days", "1",
                "-subj", "/CN=Cellscape test authority",
                "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0", "-addext", "keyUsage=critical,keyCertSign",
            ], in: folder)
        try Self.openssl(
            ["req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"], in: folder)
        try "basicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n".write(
            to: folder.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try Self.openssl(
            [
                "x509", "-req", "-in", "server.csr", "-CA", "authority.pem", "-CAkey", "authority.key",
                "-CAcreateserial", "-out", "server.pem", "-days", "1", "-extfile", "server.ext",
            ], in: folder)
    }

    /// Removes the folder and its keys (the test is over).
    func remove() { try? FileManager.default.removeItem(at: folder) }

    private static func openssl(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServerProblem("openssl \(arguments[0]) failed (status \(process.terminationStatus))")
        }
    }
}

/// `scripts/tls-proxy`: TLS on a loopback port of its own in front of a test's plain server; it ends
/// when its standard input closes (the test process gone) or when stopped.
final class TLSProxy: Sendable {
    let port: Int
    private let process: Process
    private let input: Pipe

    init(certificates: TestCertificates, port target: Int) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../scripts/tls-proxy"
        ).standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, certificates.server, certificates.serverKey, "\(target)"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Its first line is the port it listens on, written once it listens.
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerProblem("scripts/tls-proxy did not start (is python3 installed?)")
        }
        self.port = port
        self.process = process
        self.input = input
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}
