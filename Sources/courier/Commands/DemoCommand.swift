import ArgumentParser
import CourierSampleAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier demo`: runs only the sample API and prints its URLs.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the embedded sample API (development and production deployments) on loopback."
    )

    /// The port the shipped environments.json expects (`${COURIER_DEMO_PORT:-4010}`).
    static let defaultPort = 4010

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port: Int = DemoCommand.defaultPort

    func run() async throws {
        guard (0...65_535).contains(port) else { throw CLIFailure("--port must be between 0 and 65535") }
        let onStart: @Sendable (Int) async -> Void = { bound in
            Console.line("Courier sample API listening on http://127.0.0.1:\(bound)")
            for deployment in SampleAPI.deployments {
                let padded = deployment.name + String(repeating: " ", count: max(0, 12 - deployment.name.count))
                Console.line("  \(padded) http://127.0.0.1:\(bound)\(deployment.prefix)")
            }
            if bound != Self.defaultPort {
                Console.line("Set COURIER_DEMO_PORT=\(bound) so environments.json points here.")
            }
            Console.line("Try: courier call users.index   ·   courier routes   ·   Ctrl-C stops the server.")
        }
        do {
            try await SampleAPI.run(port: port, handleSignals: true, onStart: onStart)
        } catch {
            throw CLIFailure("cannot start the sample API on port \(port): \(error)")
        }
    }
}
