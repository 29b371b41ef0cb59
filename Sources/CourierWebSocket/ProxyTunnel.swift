import CourierCore
import NIOCore

/// Opens a tunnel through an HTTP proxy (`CONNECT host:port`, RFC 9110 §9.3.6) on a new
/// connection, reading the proxy's answer from raw bytes as the upgrade's is read: a 2xx opens
/// it (`promise` succeeds; the caller then puts TLS and the upgrade after it and takes it out);
/// anything else, or a proxy that closes, fails the promise with the status in words.
public final class ProxyTunnel: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    /// How a tunnel was refused.
    public enum Refusal: Error, Equatable {
        /// The proxy answered this status (407: it wants credentials).
        case status(Int, String)
        /// The proxy's answer does not read (why).
        case badAnswer(String)
        /// The proxy closed the connection before answering.
        case closed
    }

    private let request: [UInt8]
    private let promise: EventLoopPromise<Void>
    private var answer = WebSocketAnswer()
    private var sent = false
    private var done = false
    /// What came behind the proxy's answer (the target's first bytes), handed on when open.
    public private(set) var leftover: [UInt8] = []

    /// A tunnel to `target` (`host:port`), with `authorization` as `Proxy-Authorization`.
    public init(target: String, authorization: String?, promise: EventLoopPromise<Void>) {
        var text = "CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n"
        if let authorization { text += "Proxy-Authorization: \(authorization)\r\n" }
        request = Array((text + "\r\n").utf8)
        self.promise = promise
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
        guard !done else { return context.fireChannelRead(data) }
        do {
            guard let (head, rest) = try answer.head(unwrapInboundIn(data).readableBytesView) else { return }
            done = true
            guard (200..<300).contains(head.status) else {
                promise.fail(Refusal.status(head.status, TerminalText.visibleLine(head.reason)))
                return
            }
            leftover = rest
            promise.succeed(())
        } catch {
            done = true
            promise.fail(Refusal.badAnswer(error.reason))
        }
    }

    public func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            promise.fail(Refusal.closed)
        }
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !done else { return context.fireErrorCaught(error) }
        done = true
        promise.fail(error)
    }
}
