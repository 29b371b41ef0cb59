import Foundation

/// Runs a shell script with bash, as a user pastes a command: curl commands exported by
/// Courier, and the curl fixtures the importer reads.
enum Bash {
    /// Runs `script` (stdout kept, stderr dropped) with `environment` added, in `directory`.
    static func run(_ script: String, environment: [String: String] = [:], in directory: URL? = nil) throws -> (
        stdout: String, code: Int32
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
