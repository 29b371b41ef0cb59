import CourierTestSupport
import Foundation

/// `scripts/test_proxy.py` on a loopback port: a real proxy (HTTP CONNECT, absolute-form
/// HTTP, SOCKS5) that logs each request it carries, so a test can see what went through it.
final class ProxyProcess {
    let port: Int
    private let process: TestProcess
    private let logFile: URL
    private let output: URL

    /// Starts the proxy; with `auth` (`user:pass`) it answers 407 without those credentials.
    init(auth: String? = nil) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let name = "courier-proxy-\(UUID().uuidString)"
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".log")
        output = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".out")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        // Its stdout is a file and it inherits nothing else (TestProcess says why).
        process = try TestProcess(
            "/usr/bin/env",
            ["python3", root.appendingPathComponent("scripts/test_proxy.py").path, "--log", logFile.path]
                + (auth.map { ["--auth", $0] } ?? []),
            stdout: output.path)
        // The first line is `PORT n`.
        let deadline = Date().addingTimeInterval(30)
        var printed = ""
        while !printed.contains("\n") && Date() < deadline && process.isRunning {
            usleep(5000)
            printed = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        }
        guard printed.hasPrefix("PORT "), let number = Int(printed.dropFirst(5).prefix { $0.isNumber }) else {
            process.kill()
            throw CocoaError(.fileReadCorruptFile)
        }
        port = number
    }

    /// The requests the proxy carried so far, one per line.
    var log: [String] {
        ((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit {
        process.kill()
        try? FileManager.default.removeItem(at: logFile)
        try? FileManager.default.removeItem(at: output)
    }
}
