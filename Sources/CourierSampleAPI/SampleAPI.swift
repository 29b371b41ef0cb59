import Dispatch
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The embedded sample backend: a real HTTP server on loopback with three deployments
/// (`/dev/v1`, `/prod/v1`, and production's release candidate `/next/v1`) so every Courier
/// feature can be tried offline.
public enum SampleAPI {
    /// Path prefixes of the deployments, by environment name.
    public static let deployments: [(name: String, prefix: String)] = [
        (SampleDeployment.development.name, SampleDeployment.development.prefix),
        (SampleDeployment.production.name, SampleDeployment.production.prefix),
        (SampleDeployment.candidate.name, SampleDeployment.candidate.prefix),
    ]

    /// Serves until the task is cancelled (or, with `handleSignals`, until SIGINT/SIGTERM,
    /// after which it returns normally).
    /// - Parameters:
    ///   - port: 0 picks a free port.
    ///   - setup: runs on each accepted connection before the HTTP handlers (TLS in a test).
    ///   - onStart: called once with the bound port, before any request is served.
    public static func run(
        host: String = "127.0.0.1", port: Int, handleSignals: Bool,
        setup: (@Sendable (any Channel) throws -> Void)? = nil,
        onStart: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let router = SampleRouter(store: SampleStore())
        let server = try await SampleHTTPServer.bind(host: host, port: port, setup: setup) { request in
            await router.respond(to: request)
        }
        var sources: [any DispatchSourceSignal] = []
        if handleSignals {
            for number in [SIGINT, SIGTERM] {
                // Ignored as signals, so Dispatch can deliver them as events: the server closes.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { server.close() }
                source.resume()
                sources.append(source)
            }
        }
        await onStart(server.port)
        try await withTaskCancellationHandler {
            try await server.closed()
        } onCancel: {
            server.close()
        }
        for source in sources { source.cancel() }
    }
}
