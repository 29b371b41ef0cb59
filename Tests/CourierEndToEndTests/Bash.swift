import CourierTestSupport
import Foundation

/// Runs a shell script with bash, as a user pastes a command: curl commands exported by
/// Courier, and the curl fixtures the importer reads.
enum Bash {
    /// Runs `script` (stdout kept, stderr dropped; killed after 120 s) with `environment` added,
    /// in `directory`.
    static func run(_ script: String, environment: [String: String] = [:], in directory: URL? = nil) throws -> (
        stdout: String, code: Int32
    ) {
        let run = try TestProcess.output(
            "/bin/bash", ["-c", script],
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            directory: directory, seconds: 120)
        return (run.stdout, run.ending.code)
    }
}
