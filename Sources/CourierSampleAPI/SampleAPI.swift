import Hummingbird
import Logging

/// The embedded sample backend: a real HTTP server on loopback with two deployments
/// (`/dev/v1`, `/prod/v1`) so every Courier feature can be tried offline.
public enum SampleAPI {
    /// Path prefixes of the deployments, by environment name.
    public static let deployments: [(name: String, prefix: String)] = [
        (SampleDeployment.development.name, SampleDeployment.development.prefix),
        (SampleDeployment.production.name, SampleDeployment.production.prefix),
    ]

    /// Serves until the task is cancelled (or, with `handleSignals`, until SIGINT/SIGTERM).
    /// - Parameters:
    ///   - port: 0 picks a free port.
    ///   - onStart: called once with the bound port, before any request is served.
    public static func run(
        host: String = "127.0.0.1", port: Int, handleSignals: Bool,
        onStart: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let router = SampleRouter(store: SampleStore()).router()
        var logger = Logger(label: "courier.sample-api")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "courier-sample"),
            onServerRunning: { channel in await onStart(channel.localAddress?.port ?? port) },
            logger: logger
        )
        if handleSignals {
            try await app.runService()
        } else {
            try await app.runService(gracefulShutdownSignals: [])
        }
    }
}
