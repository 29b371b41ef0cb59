import CourierCore
import NIOCore
import NIOHTTP1
import NIOPosix

/// The sample API's HTTP/1.1 server: SwiftNIO's own codec (already linked for the client),
/// pipelining and protocol errors handled by NIO, and one handler that collects a request,
/// hands it to `respond` and writes the reply. Hummingbird did this before; it brought full
/// Foundation (hence ICU's 34 MB table) and a dozen packages for what is this one file.
final class SampleHTTPServer: Sendable {
    /// Runs on each accepted connection before the HTTP handlers (a test adds TLS there).
    typealias ChannelSetup = @Sendable (any Channel) throws -> Void
    typealias Responder = @Sendable (SampleRequest) async -> SampleReply

    /// The name of each connection's `SampleHTTPHandler`.
    static let handlerName = "sample.http"
    /// The bound port.
    let port: Int
    private let listener: any Channel
    /// Open connections, closed with the listener so a stopped server keeps none alive.
    private let connections: ConnectionSet

    private init(listener: any Channel, connections: ConnectionSet) {
        self.listener = listener
        self.port = listener.localAddress?.port ?? 0
        self.connections = connections
    }

    /// Listens on `host:port` (0 picks a free port).
    static func bind(
        host: String, port: Int, setup: ChannelSetup? = nil, respond: @escaping Responder
    ) async throws -> SampleHTTPServer {
        let connections = ConnectionSet()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    connections.opened(channel)
                    try setup?(channel)
                    // A WebSocket endpoint's upgrade takes the connection over (`SampleWebSocket`).
                    let upgrade: NIOHTTPServerUpgradeConfiguration = (
                        upgraders: [SampleWebSocket.upgrader(httpHandlerName: Self.handlerName)],
                        completionHandler: { _ in }
                    )
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: upgrade, withErrorHandling: true)
                    // NIO answers an upgrade its upgrader declines by closing the connection;
                    // a refused one (no token) must reach the router for its 401 instead.
                    let upgrader = try channel.pipeline.syncOperations.handler(type: HTTPServerUpgradeHandler.self)
                    try channel.pipeline.syncOperations.addHandler(
                        SampleWebSocket.RefusalFilter(), position: .before(upgrader))
                    try channel.pipeline.syncOperations.addHandler(
                        SampleHTTPHandler(respond: respond), name: Self.handlerName)
                }
            }
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port).get()
        return SampleHTTPServer(listener: listener, connections: connections)
    }

    /// Returns when the server has been closed.
    func closed() async throws {
        try await listener.closeFuture.get()
    }

    /// Stops listening and closes every open connection.
    func close() {
        listener.close(promise: nil)
        connections.closeAll()
    }
}

/// The open connections, each removed when it closes.
private final class ConnectionSet: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    func opened(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { _ in _ = self.channels.withLock { $0.removeValue(forKey: key) } }
    }

    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
    }
}
