import Foundation

/// `scripts/test_proxy.py` on a loopback port: a real proxy (HTTP CONNECT, absolute-form
/// HTTP, SOCKS5) that logs each request it carries, so a test can see what went through it.
final class ProxyProcess {
    let port: Int
    private let process: Process
    private let logFile: URL

    /// Starts the proxy; with `auth` (`user:pass`) it answers 407 without those credentials.
    init(auth: String? = nil) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-proxy-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", root.appendingPathComponent("scripts/test_proxy.py").path, "--log", logFile.path]
            + (auth.map { ["--auth", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is `PORT n`.
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        guard let number = Int(String(decoding: line, as: UTF8.self).dropFirst(5)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        port = number
    }

    /// The requests the proxy carried so far, one per line.
    var log: [String] {
        ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        // SIGKILL and a plain waitpid: Foundation's waitUntilExit can wait on a run loop that
        // an async test never turns.
        let pid = process.processIdentifier
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: logFile)
    }
}
