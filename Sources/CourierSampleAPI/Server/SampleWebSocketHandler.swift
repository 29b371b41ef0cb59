import CourierCore
import NIOCore
import NIOWebSocket

/// One WebSocket connection of the sample API, doing what its endpoint (`SampleWebSocket`) does.
final class SampleWebSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let kind: SampleWebSocket
    private var closing = false

    init(kind: SampleWebSocket) {
        self.kind = kind
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    private func opened(_ context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        switch kind {
        case .echo, .private, .silent:
            break
        case .deaf:
            // A small receive buffer, so what piles up is little and a test of it stays light.
            let channel = context.channel
            channel.setOption(ChannelOptions.socketOption(.so_rcvbuf), value: 64 << 10)
                .flatMap { channel.setOption(ChannelOptions.autoRead, value: false) }.whenComplete { _ in }
        case .events:
            send(context, text: #"{"type":"hello"}"#)
            for tick in 1...4 {
                context.eventLoop.scheduleTask(in: .milliseconds(Int64(50 * tick))) {
                    let (handler, context) = bound.value
                    guard !handler.closing, context.channel.isActive else { return }
                    handler.send(context, text: tick < 4 ? #"{"type":"tick","n":\#(tick)}"# : #"{"type":"done"}"#)
                }
            }
        case .close:
            send(context, text: #"{"type":"bye"}"#)
            close(context, code: 4001, reason: "session expired")
        case .huge:
            let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            for index in 0..<17 {
                let frame = WebSocketFrame(
                    fin: index == 16, opcode: index == 0 ? .text : .continuation,
                    data: context.channel.allocator.buffer(bytes: piece))
                context.write(wrapOutboundOut(frame), promise: nil)
            }
            context.flush()
        case .badUTF8:
            let frame = WebSocketFrame(
                fin: true, opcode: .text, data: context.channel.allocator.buffer(bytes: [0x6F, 0x6B, 0xC3, 0x28]))
            context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
        case .pings:
            for index in 0..<2000 {
                var data = context.channel.allocator.buffer(capacity: 4)
                data.writeInteger(UInt32(index))
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: data)), promise: nil)
            }
            send(context, text: #"{"type":"done"}"#)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .connectionClose:
            guard kind != .silent else { return }
            var payload = frame.unmaskedData
            let code = payload.readInteger(as: UInt16.self) ?? 1000
            close(context, code: Int(code), reason: "")
        case .ping:
            guard kind != .silent else { return }
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .text, .binary:
            reply(context, frame)
        default:
            break
        }
    }

    private func reply(_ context: ChannelHandlerContext, _ frame: WebSocketFrame) {
        switch kind {
        case .echo, .private:
            let echo = WebSocketFrame(fin: true, opcode: frame.opcode, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(echo), promise: nil)
        case .events:
            let text = String(buffer: frame.unmaskedData)
            if (try? JSONValue.parse(text))?["type"] == .string("ping") {
                send(context, text: #"{"type":"pong"}"#)
            } else {
                let echo = JSONValue.object([JSONMember("type", .string("echo")), JSONMember("data", .string(text))])
                send(context, text: echo.serialized)
            }
        default:
            break
        }
    }

    private func send(_ context: ChannelHandlerContext, text: String) {
        let frame = WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text))
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    private func close(_ context: ChannelHandlerContext, code: Int, reason: String) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(UInt16(code))
        data.writeString(reason)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
