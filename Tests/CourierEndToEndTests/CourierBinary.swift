import CourierTestSupport
import Foundation

/// What one run of the built `courier` produced.
struct RunResult: Sendable {
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
    var code: Int32
}

/// Runs the `courier` executable that `swift build` put next to the test bundle.
enum CourierBinary {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped workspace.
    static let workspace = packageRoot.appendingPathComponent("environments.json").path

    /// The binary under test: `COURIER_BINARY` when set (scripts/test.sh points it at the release
    /// build, so the shipped link flags are tested too), else beside the test executable, else in
    /// `.build/debug`.
    static let url: URL = {
        if let chosen = ProcessInfo.processInfo.environment["COURIER_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, relativeTo: packageRoot).absoluteURL
        }
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("courier"))
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("courier")
        )
        candidates.append(packageRoot.appendingPathComponent(".build/debug/courier"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates[candidates.count - 1]
    }()

    /// A private state folder so tests never read or write the user's remembered state.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["XDG_STATE_HOME"] = NSTemporaryDirectory() + "courier-e2e-state"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs `courier` with `arguments` to completion, killing it after `seconds`; with `peakTo`,
    /// under GNU time, which writes that run's own peak resident memory (KB) there (not another
    /// child's of this process).
    static func run(
        _ arguments: [String], environment extra: [String: String] = [:], stdin: [UInt8]? = nil,
        in directory: URL? = nil, peakTo: URL? = nil, seconds: Double = 300
    ) async throws -> RunResult {
        // Files, not pipes, and a child that inherits nothing else (TestProcess says why).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["stdin", "stdout", "stderr"].map { folder.appendingPathComponent($0) }
        try Data(stdin ?? []).write(to: files[0])
        var path = url.path
        var all = arguments
        if let peakTo {
            path = "/usr/bin/time"
            all = ["-q", "-f", "%M", "-o", peakTo.path, url.path] + arguments
        }
        let child = try TestProcess(
            path, all, environment: environment(extra), directory: directory, stdin: files[0].path,
            stdout: files[1].path, stderr: files[2].path)
        let ending = await child.wait(seconds: seconds)
        let stdoutData = (try? Data(contentsOf: files[1])) ?? Data()
        var stderr = String(decoding: (try? Data(contentsOf: files[2])) ?? Data(), as: UTF8.self)
        if case .timedOut = ending { stderr += "\n[the test killed courier after \(Int(seconds)) s]\n" }
        return RunResult(
            stdout: String(decoding: stdoutData, as: UTF8.self), stderr: stderr, stdoutBytes: [UInt8](stdoutData),
            code: ending.code)
    }
}

/// `courier demo --port 0` (or another command that serves) running as a child process.
final class DemoProcess: @unchecked Sendable {
    let process: TestProcess
    let port: Int
    /// Everything printed on stdout up to and including the line with the port.
    let banner: String
    /// The file its stdout goes to.
    private let output: URL

    private init(process: TestProcess, port: Int, banner: String, output: URL) {
        self.process = process
        self.port = port
        self.banner = banner
        self.output = output
    }

    /// Starts the server and waits (up to 60 s) until it prints the port it listens on.
    static func start(_ arguments: [String] = ["demo", "--port", "0"]) async throws -> DemoProcess {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("courier-demo-\(UUID().uuidString)")
        let process = try TestProcess(
            CourierBinary.url.path, arguments, environment: CourierBinary.environment([:]),
            directory: CourierBinary.packageRoot, stdout: output.path)
        var banner = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && !banner.contains("Ctrl-C") && process.isRunning {
            try await Task.sleep(for: .milliseconds(10))
            banner = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        }
        guard let range = banner.range(of: "listening on http://127.0.0.1:"),
            let port = Int(banner[range.upperBound...].prefix { $0.isNumber })
        else {
            process.kill()
            try? FileManager.default.removeItem(at: output)
            throw DemoError(message: "the demo server did not print its port: \(banner)")
        }
        return DemoProcess(process: process, port: port, banner: banner, output: output)
    }

    /// `COURIER_DEMO_PORT` pointing the shipped workspace at this server.
    var environment: [String: String] { ["COURIER_DEMO_PORT": String(port)] }

    /// The request log the sample API keeps (`METHOD /path?query` lines), read with
    /// `courier call` through a small workspace whose base URL is the server's root.
    func requestLog() async throws -> [String] {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("courier-e2e-log-\(port).json")
        let text = """
            {"environments": {"root": {"base_url": "http://127.0.0.1:\(port)"}},
             "routes": [{"name": "log", "path": "/_requests"}]}
            """
        try Data(text.utf8).write(to: workspace)
        let result = try await CourierBinary.run(["call", "log", "--config", workspace.path, "--json-path", "requests"])
        guard result.code == 0, let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String]
        else {
            throw DemoError(message: "cannot read the request log: \(result.stderr)")
        }
        return list
    }

    /// Ends the server at once (tests cannot rely on SIGTERM reaching it).
    func terminate() {
        process.kill()
        try? FileManager.default.removeItem(at: output)
    }
}

struct DemoError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension DemoProcess {
    /// A sample API and an empty folder of its own (`prefix-UUID`), for one test suite.
    static func startWithFolder(_ prefix: String) async throws -> (DemoProcess, URL) {
        let demo = try await start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (demo, folder)
    }

    /// Ends the server and removes `folder`.
    func end(removing folder: URL) {
        terminate()
        try? FileManager.default.removeItem(at: folder)
    }
}
