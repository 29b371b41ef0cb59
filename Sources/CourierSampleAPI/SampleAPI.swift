import HTTPTypes
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
        let router = SampleRouter(store: SampleStore())
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let body = try await request.body.collect(upTo: 64 << 20)
            let sample = SampleRequest(
                method: request.method.rawValue,
                path: request.uri.path,
                query: request.uri.queryParameters.map { (String($0.key), String($0.value)) },
                headers: request.headers.map { ($0.name.rawName, $0.value) },
                body: Array(body.readableBytesView)
            )
            let reply = await router.respond(sample)
            var fields = HTTPFields()
            for header in reply.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            return Response(
                status: .init(code: reply.status), headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
        }
        var logger = Logger(label: "courier.sample-api")
        logger.logLevel = .critical
        let app = Application(
            responder: responder,
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
