import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// One HTTP/1.1 connection of the engine's own (see `WireTarget`): a NIO channel with NIO's
/// codec, its decompressor and a `WireHandler`, carrying one request at a time.
final class WireConnection: Sendable {
    let channel: any Channel
    let origin: WirePool.Origin
    private let handler: NIOLoopBound<WireHandler>

    private init(channel: any Channel, origin: WirePool.Origin, handler: NIOLoopBound<WireHandler>) {
        self.channel = channel
        self.origin = origin
        self.handler = handler
    }

    /// A new connection to `target`, opened within `timeout` (the name's lookup included), and
    /// the seconds the lookup took (none for an address).
    static func open(
        to target: WireTarget, origin: WirePool.Origin, timeout: TimeAmount, loop: any EventLoop,
        inflationRatio: Int
    ) async throws -> (WireConnection, lookup: Double) {
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    // NIO's codec, as AsyncHTTPClient's HTTP/1.1 connections have it: the
                    // decoder sees each request go out, so it knows a HEAD's answer has no body.
                    try pipeline.addHTTPClientHandlers()
                    // Adds `Accept-Encoding: deflate, gzip` unless the request has one, and
                    // stops a body that inflates past `inflationRatio` times its size.
                    try pipeline.addHandler(NIOHTTPResponseDecompressor(limit: .ratio(inflationRatio)))
                    try pipeline.addHandler(WireHandler())
                }
            }
        let channel: any Channel
        let lookup: Double
        // An address needs no lookup (and the resolver is a thread hop away).
        if let address = try? SocketAddress(ipAddress: target.host, port: target.port) {
            lookup = 0
            channel = try await bootstrap.connect(to: address).get()
        } else {
            let resolver = WireResolver(loop: loop)
            channel = try await bootstrap.resolver(resolver).connect(host: target.host, port: target.port).get()
            lookup = resolver.duration ?? 0
        }
        let handler = try await channel.eventLoop.submit {
            NIOLoopBound(
                try channel.pipeline.syncOperations.handler(type: WireHandler.self), eventLoop: channel.eventLoop)
        }.get()
        return (WireConnection(channel: channel, origin: origin, handler: handler), lookup)
    }

    /// Sends `head` and `body` and returns the answer's head; its body is read from the
    /// answer. `reusable` is called when the answer has ended and the connection can carry
    /// another request. Cancelling the calling task closes the connection.
    func send(
        head: HTTPRequestHead, body: ByteBuffer?, marks: PhaseLog.Marks, timeout: TimeAmount,
        reusable: @escaping @Sendable () -> Void
    ) async throws -> WireAnswer {
        let loop = channel.eventLoop
        let promise = loop.makePromise(of: WireAnswer.self)
        let handler = handler
        let start: @Sendable () -> Void = {
            handler.value.start(
                head: head, body: body, marks: marks, timeout: timeout, promise: promise, reusable: reusable)
        }
        if loop.inEventLoop { start() } else { loop.execute(start) }
        return try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            loop.execute {
                handler.value.fail(CancellationError())
                handler.value.close()
            }
        }
    }

    /// Closes the connection (a request on it fails).
    func close() {
        channel.close(promise: nil)
    }
}
