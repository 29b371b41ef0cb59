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

    /// Runs `courier` with `arguments` to completion; with `peakTo`, under GNU time, which writes
    /// that run's own peak resident memory (KB) there (not another child's of this process).
    static func run(
        _ arguments: [String], environment extra: [String: String] = [:], stdin: [UInt8]? = nil,
        in directory: URL? = nil, peakTo: URL? = nil
    ) async throws -> RunResult {
        // Files, not pipes: a tmux server that a test running alongside starts can inherit a
        // pipe's write end (the spawn leaves descriptors open), and reading to the end of the
        // pipe then waits until that server exits, long after courier did.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["stdin", "stdout", "stderr"].map { folder.appendingPathComponent($0) }
        try Data(stdin ?? []).write(to: files[0])
        try Data().write(to: files[1])
        try Data().write(to: files[2])
        let input = try FileHandle(forReadingFrom: files[0])
        let output = try FileHandle(forWritingTo: files[1])
        let errors = try FileHandle(forWritingTo: files[2])

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let peakTo {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-q", "-f", "%M", "-o", peakTo.path, url.path] + arguments
        }
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            exited.continuation.yield(finished.terminationStatus)
            exited.continuation.finish()
        }
        try process.run()
        for handle in [input, output, errors] { try? handle.close() }
        var code: Int32 = -1
        for await status in exited.stream { code = status }
        let stdoutData = (try? Data(contentsOf: files[1])) ?? Data()
        let stderrData = (try? Data(contentsOf: files[2])) ?? Data()
        return RunResult(
            stdout: String(decoding: stdoutData, as: UTF8.self), stderr: String(decoding: stderrData, as: UTF8.self),
            stdoutBytes: [UInt8](stdoutData), code: code)
    }
}

/// `courier demo --port 0` (or another command that serves) running as a child process.
final class DemoProcess: @unchecked Sendable {
    let process: Process
    let port: Int
    /// Everything printed on stdout up to and including the line with the port.
    let banner: String

    private init(process: Process, port: Int, banner: String) {
        self.process = process
        self.port = port
        self.banner = banner
    }

    /// Starts the server and waits (up to 60 s) until it prints the port it listens on.
    static func start(_ arguments: [String] = ["demo", "--port", "0"]) async throws -> DemoProcess {
        let process = Process()
        process.executableURL = CourierBinary.url
        process.arguments = arguments
        process.environment = CourierBinary.environment([:])
        process.currentDirectoryURL = CourierBinary.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let banner: String = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var text = ""
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                    if text.contains("Ctrl-C") { break }
                }
                continuation.resume(returning: text)
            }
        }
        guard let range = banner.range(of: "listening on http://127.0.0.1:"),
            let port = Int(banner[range.upperBound...].prefix { $0.isNumber })
        else {
            kill(process.processIdentifier, SIGKILL)
            throw DemoError(message: "the demo server did not print its port: \(banner)")
        }
        return DemoProcess(process: process, port: port, banner: banner)
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
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
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
