import CourierCore
import NIOCore

/// Sends a WebSocket upgrade (RFC 6455 §4.1) on a new connection and reads the answer from
/// the raw bytes (`WebSocketAnswer`): a `101` whose `Sec-WebSocket-Accept` is the one the key
/// asks for (`accept`, which the caller works out with SHA-1)
/// puts the frame handlers after this one and hands them whatever came behind the head; any
/// other answer is read whole (its first megabyte) so the user sees the status and the body of
/// the refusal, which a client that only reports "upgrade failed" throws away.
public final class WebSocketHandshake: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    /// What the server answered.
    public enum Outcome: Sendable {
        case accepted(WebSocketAnswer.Head)
        case refused(WebSocketAnswer.Head, body: [UInt8], size: Int)
    }

    private let request: [UInt8]
    private let accept: String
    private let promise: EventLoopPromise<Outcome>
    /// Puts the frame handlers after this one.
    private let framesAfter: (ChannelPipeline.SynchronousOperations, any ChannelHandler) throws -> Void
    private var answer = WebSocketAnswer()
    private var refusal: (head: WebSocketAnswer.Head, body: WebSocketRefusalBody)?
    private var sent = false
    private var done = false

    /// A handshake sending `request` and expecting `accept` in a `101`; `framesAfter` puts
    /// the frame handlers after it once accepted; `promise` gets the outcome.
    public init(
        request: [UInt8], accept: String, promise: EventLoopPromise<Outcome>,
        framesAfter: @escaping (ChannelPipeline.SynchronousOperations, any ChannelHandler) throws -> Void
    ) {
        self.request = request
        self.accept = accept
        self.promise = promise
        self.framesAfter = framesAfter
    }

    /// What `Sec-WebSocket-Accept` must say for `key`: base64(SHA-1(key + this GUID)).
    public static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The request as HTTP/1.1 writes it; nil when a header would break its framing.
    public static func encode(target: String, headers: [HeaderField]) -> [UInt8]? {
        var text = "GET \(target) HTTP/1.1\r\n"
        for field in headers {
            guard HeaderField.isToken(field.name),
                !field.value.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 })
            else { return nil }
            text += "\(field.name): \(field.value)\r\n"
        }
        return Array((text + "\r\n").utf8)
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { send(context) }
    }

    public func channelActive(context: ChannelHandlerContext) {
        send(context)
        context.fireChannelActive()
    }

    private func send(_ context: ChannelHandlerContext) {
        guard !sent else { return }
        sent = true
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: request)), promise: nil)
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After the 101, bytes still passing here belong to the frame handlers after this one.
        guard !done else { return context.fireChannelRead(data) }
        let bytes = Array(unwrapInboundIn(data).readableBytesView)
        do {
            if refusal != nil {
                try refusal?.body.feed(bytes)
            } else if let (head, rest) = try answer.head(bytes) {
                guard head.status == 101 else {
                    refusal = (head, WebSocketRefusalBody(head))
                    try refusal?.body.feed(rest)
                    return finishRefusal(context, closed: false)
                }
                return upgrade(context, head, rest: rest)
            }
        } catch {
            return fail(context, WebSocketUpgradeError.badAnswer(error.reason))
        }
        finishRefusal(context, closed: false)
    }

    private func finishRefusal(_ context: ChannelHandlerContext, closed: Bool) {
        guard let refusal, refusal.body.complete || closed, !done else { return }
        done = true
        promise.succeed(.refused(refusal.head, body: refusal.body.kept, size: refusal.body.size))
        context.close(promise: nil)
    }

    private func upgrade(_ context: ChannelHandlerContext, _ head: WebSocketAnswer.Head, rest: [UInt8]) {
        let upgrade = head.headers.value(for: "Upgrade")?.lowercased()
        let connection = head.headers.values(for: "Connection").flatMap { $0.lowercased().split(separator: ",") }
        guard upgrade == "websocket", connection.contains(where: { $0.trimmingWhitespace() == "upgrade" }) else {
            return fail(context, WebSocketUpgradeError.badAnswer("the 101 answer does not upgrade to websocket"))
        }
        guard head.headers.value(for: "Sec-WebSocket-Accept") == accept else {
            return fail(
                context, WebSocketUpgradeError.badAnswer("the 101 answer's Sec-WebSocket-Accept does not match the key")
            )
        }
        done = true
        do {
            try framesAfter(context.pipeline.syncOperations, self)
        } catch {
            return fail(context, error, force: true)
        }
        promise.succeed(.accepted(head))
        // Frames that came with the head go on at once, before anything read later.
        if !rest.isEmpty { context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: rest))) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !done else { return context.fireErrorCaught(error) }
        fail(context, error)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        if refusal != nil {
            // A refusal the server ended by closing: what came is the whole body.
            finishRefusal(context, closed: true)
        } else {
            fail(context, WebSocketUpgradeError.closedBeforeAnswer)
        }
        context.fireChannelInactive()
    }

    private func fail(_ context: ChannelHandlerContext, _ error: any Error, force: Bool = false) {
        guard !done || force else { return }
        done = true
        promise.fail(error)
        context.close(promise: nil)
    }
}
