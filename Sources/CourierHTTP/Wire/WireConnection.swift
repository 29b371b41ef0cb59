import CourierCore
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// One HTTP/1.1 connection of the engine's own (see `WireTarget`), or one HTTP/2 stream: a NIO
/// channel with NIO's codec, its decompressor and a `WireHandler`, carrying one request at a
/// time.
final class WireConnection: Sendable {
    let channel: any Channel
    let origin: WirePool.Origin
    /// The connection's handler, put in by whoever set its pipeline up (see `handlerBox`).
    private let handler: NIOLoopBoundBox<WireHandler?>

    /// What the server presented on this connection's TLS handshake (nil for plain HTTP).
    let certificate: PeerCertificate?

    /// The connection over `channel`, whose pipeline `addHTTP1Handlers` or `addAnswerHandlers`
    /// set up with `handler` (an HTTP/2 stream's too: its codec turns frames into the same
    /// parts). The handler is taken as it is added, not looked up later: a server that refuses
    /// at once (a TLS alert) may have closed the channel, and emptied its pipeline, by then.
    init(
        channel: any Channel, origin: WirePool.Origin, handler: NIOLoopBoundBox<WireHandler?>,
        certificate: PeerCertificate?
    ) {
        self.channel = channel
        self.origin = origin
        self.handler = handler
        self.certificate = certificate
    }

    /// An empty place for the handler of a connection on `loop`, made off the loop.
    static func handlerBox(on loop: any EventLoop) -> NIOLoopBoundBox<WireHandler?> {
        .makeEmptyBox(valueType: WireHandler.self, eventLoop: loop)
    }

    /// NIO's codec, as AsyncHTTPClient's HTTP/1.1 connections have it (the decoder sees each
    /// request go out, so it knows a HEAD's answer has no body), then `addAnswerHandlers`'.
    static func addHTTP1Handlers(
        _ pipeline: ChannelPipeline.SynchronousOperations, inflationRatio: Int, into box: NIOLoopBoundBox<WireHandler?>
    ) throws {
        try pipeline.addHTTPClientHandlers()
        try addAnswerHandlers(pipeline, inflationRatio: inflationRatio, into: box)
    }

    /// The decompressor, which adds `Accept-Encoding: deflate, gzip` unless the request has one
    /// and stops a body that inflates past `inflationRatio` times its size, then a `WireHandler`,
    /// put in `box` too.
    static func addAnswerHandlers(
        _ pipeline: ChannelPipeline.SynchronousOperations, inflationRatio: Int, into box: NIOLoopBoundBox<WireHandler?>
    ) throws {
        try pipeline.addHandler(NIOHTTPResponseDecompressor(limit: .ratio(inflationRatio)))
        let handler = WireHandler()
        try pipeline.addHandler(handler)
        box.value = handler
    }

    /// Sends `head` and `body` and returns the answer's head; its body is read from the
    /// answer. `reusable` is called when the answer has ended and the connection can carry
    /// another request. Cancelling the calling task closes the connection.
    func send(
        head: HTTPRequestHead, body: ByteBuffer?, marks: PhaseLog.Marks, timeout: TimeAmount,
        reusable: @escaping @Sendable () -> Void
    ) async throws -> WireAnswer {
        var answer = try await Self.exchange(
            on: handler, loop: channel.eventLoop, head: head, body: body, marks: marks, timeout: timeout,
            reusable: reusable)
        answer.certificate = certificate
        return answer
    }

    /// Starts the request on `handler`'s connection, once `ready` has succeeded when given (an
    /// HTTP/2 stream being opened; its failure fails the request with
    /// `WireError.closedBeforeAnswer`), and returns the answer's head. One wait, chained on the
    /// loop: a task that awaited a step finished already would be resumed while it is still
    /// suspending, which ThreadSanitizer reports (the runtime's atomics are not instrumented).
    static func exchange(
        on handler: NIOLoopBoundBox<WireHandler?>, loop: any EventLoop, after ready: EventLoopFuture<Void>? = nil,
        head: HTTPRequestHead, body: ByteBuffer?, marks: PhaseLog.Marks, timeout: TimeAmount,
        reusable: @escaping @Sendable () -> Void
    ) async throws -> WireAnswer {
        let promise = loop.makePromise(of: WireAnswer.self)
        let start: @Sendable () -> Void = {
            guard let wire = handler.value else {
                promise.fail(WireError.closedBeforeAnswer)
                return
            }
            wire.start(head: head, body: body, marks: marks, timeout: timeout, promise: promise, reusable: reusable)
        }
        if let ready {
            ready.whenComplete { result in
                if case .failure = result { promise.fail(WireError.closedBeforeAnswer) } else { start() }
            }
        } else if loop.inEventLoop {
            start()
        } else {
            loop.execute(start)
        }
        return try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            loop.execute {
                handler.value?.fail(CancellationError())
                handler.value?.close()
            }
        }
    }

    /// Closes the connection (a request on it fails).
    func close() {
        channel.close(promise: nil)
    }
}
