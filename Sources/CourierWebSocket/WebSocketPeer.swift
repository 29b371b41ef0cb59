import CourierCore
import NIOCore
import NIOWebSocket

/// The client's side of a WebSocket after the upgrade, on the connection's loop: joins
/// fragments into messages (at most `limit` bytes), answers pings, checks text is UTF-8,
/// and runs the closing handshake (RFC 6455 §5–§7). Each whole message and the end are
/// handed to `report`, in order.
public final class WebSocketPeer: ChannelInboundHandler {
    public typealias InboundIn = WebSocketFrame
    public typealias OutboundOut = WebSocketFrame

    /// What the conversation brought.
    public enum Event: Sendable {
        case message(WebSocketMessage.Kind, [UInt8])
        /// It ended: the close (nil when the connection dropped without one) and, when it did
        /// not end well, why.
        case ended(WebSocketClose?, problem: String?, timedOut: Bool)
    }

    private let limit: Int
    private let report: @Sendable (Event) -> Void
    private var partial: (kind: WebSocketMessage.Kind, data: [UInt8])?
    /// The close frame Courier sent (its code), if any.
    private var closeSent: Int?
    private var close: WebSocketClose?
    private var problem: String?
    private var ended = false
    private var closeUnanswered = false
    private var heardClose = false
    private var broken = false
    private var context: ChannelHandlerContext?

    /// A peer refusing messages over `limit` bytes, handing what passes to `report`.
    public init(limit: Int, report: @escaping @Sendable (Event) -> Void) {
        self.limit = limit
        self.report = report
    }

    public func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    public func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Sends one whole message (on the loop); `written` succeeds once it is handed to the
    /// connection, and fails when it cannot be sent any more (closing, closed).
    public func send(_ kind: WebSocketMessage.Kind, _ data: [UInt8], written: EventLoopPromise<Void>? = nil) {
        guard let context else {
            written?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        send(context, kind, data, written: written)
    }

    /// Starts a normal closing handshake, 1000 (on the loop).
    public func closeNormally() {
        if let context { sendClose(context, code: 1000) }
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // Nothing counts after the server's close, a broken rule, or the end (frames a decoder
        // still held when the connection closed).
        guard !ended, !heardClose, !broken else { return }
        guard frame.maskKey == nil else { return failed(context, 1002, "the server sent a masked frame") }
        switch frame.opcode {
        case .ping:
            guard closeSent == nil else { return }
            write(context, .pong, frame.unmaskedData)
        case .pong:
            break
        case .connectionClose:
            closeReceived(context, frame.unmaskedData)
        case .text, .binary:
            guard partial == nil else {
                return failed(context, 1002, "the server began a message inside another")
            }
            let kind: WebSocketMessage.Kind = frame.opcode == .text ? .text : .binary
            partial = (kind, Array(frame.unmaskedData.readableBytesView))
            if frame.fin { deliver(context) } else { checkSize(context) }
        case .continuation:
            guard partial != nil else {
                return failed(context, 1002, "the server continued a message it had not begun")
            }
            partial?.data += frame.unmaskedData.readableBytesView
            if frame.fin { deliver(context) } else { checkSize(context) }
        default:
            failed(context, 1002, "the server sent a frame of unknown opcode \(frame.opcode)")
        }
    }

    private func checkSize(_ context: ChannelHandlerContext) {
        guard let partial, partial.data.count > limit else { return }
        self.partial = nil
        failed(context, 1009, "the server sent a message over \(ByteCount.format(limit)); refused")
    }

    private func deliver(_ context: ChannelHandlerContext) {
        guard let (kind, data) = partial else { return }
        partial = nil
        guard data.count <= limit else {
            return failed(context, 1009, "the server sent a message over \(ByteCount.format(limit)); refused")
        }
        if kind == .text && String(validating: data, as: UTF8.self) == nil {
            return failed(context, 1007, "the server sent a text message that is not UTF-8")
        }
        // Messages still come after Courier's close, until the server's answer (§7.1.2).
        report(.message(kind, data))
    }

    private func closeReceived(_ context: ChannelHandlerContext, _ data: ByteBuffer) {
        heardClose = true
        var payload = data
        let code = payload.readInteger(as: UInt16.self).map(Int.init) ?? 1005
        let reason = payload.readString(length: payload.readableBytes) ?? ""
        if let sent = closeSent {
            // The answer to Courier's close, or the server's own close crossing it: a code of
            // its own says more than the echo of Courier's.
            if code != sent && code != 1005 { close = WebSocketClose(code: code, reason: reason, byServer: true) }
        } else {
            close = WebSocketClose(code: code, reason: reason, byServer: true)
            // Echo the code, as §5.5.1 asks; a frame with no code is answered with none.
            var echo = context.channel.allocator.buffer(capacity: 2)
            if code != 1005 { echo.writeInteger(UInt16(code)) }
            closeSent = code
            write(context, .connectionClose, echo)
        }
        context.close(promise: nil)
    }

    /// Sends a close frame with `code` (and `reason`); the server's answer ends the conversation.
    private func sendClose(_ context: ChannelHandlerContext, code: Int, reason: String = "") {
        guard closeSent == nil, context.channel.isActive else { return }
        closeSent = code
        close = WebSocketClose(code: code, reason: reason, byServer: false)
        var payload = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(UInt16(code))
        payload.writeString(reason)
        write(context, .connectionClose, payload)
        // A server that never answers the close (§7.1.1 lets the client give up) is dropped.
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: Self.closeWait) {
            let (peer, context) = bound.value
            guard context.channel.isActive else { return }
            peer.closeUnanswered = true
            peer.problem = peer.problem ?? "the server did not answer the close frame within 3 s"
            context.close(promise: nil)
        }
    }

    /// How long a close frame waits for the server's answer.
    public static let closeWait = TimeAmount.seconds(3)

    private func send(
        _ context: ChannelHandlerContext, _ kind: WebSocketMessage.Kind, _ data: [UInt8],
        written: EventLoopPromise<Void>? = nil
    ) {
        guard closeSent == nil, context.channel.isActive else {
            written?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        write(context, kind == .text ? .text : .binary, context.channel.allocator.buffer(bytes: data), written: written)
    }

    private func write(
        _ context: ChannelHandlerContext, _ opcode: WebSocketOpcode, _ data: ByteBuffer,
        written: EventLoopPromise<Void>? = nil
    ) {
        // A client masks every frame (§5.3); the encoder applies the key.
        let frame = WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
        context.writeAndFlush(wrapOutboundOut(frame), promise: written)
    }

    /// A broken rule of the protocol, or a message refused: close with `code`, and say why.
    private func failed(_ context: ChannelHandlerContext, _ code: Int, _ reason: String) {
        broken = true
        problem = problem ?? reason
        partial = nil
        sendClose(context, code: code)
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            failed(context, 1009, "the server sent a frame over \(ByteCount.format(limit)); refused")
        case is NIOWebSocketError:
            failed(context, 1002, "the server broke the WebSocket framing (\(error))")
        default:
            problem = problem ?? "the connection failed: \(error)"
            context.close(promise: nil)
        }
    }

    public func channelInactive(context: ChannelHandlerContext) {
        if !ended {
            ended = true
            if close == nil { problem = problem ?? "the connection dropped without a close frame" }
            report(.ended(close, problem: problem, timedOut: closeUnanswered))
        }
        context.fireChannelInactive()
    }
}
