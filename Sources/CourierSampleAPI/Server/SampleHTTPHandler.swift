import NIOCore
import NIOHTTP1

/// One connection's requests: collects each one (head and body, up to
/// `SampleRequest.bodyLimit`), answers it through the responder on a task, and writes the
/// reply on the connection's event loop. NIO's pipelining handler, ahead of this one, holds a
/// pipelined request back until the previous reply has ended.
final class SampleHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let respond: SampleHTTPServer.Responder
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var tooLarge = false

    init(respond: @escaping SampleHTTPServer.Responder) {
        self.respond = respond
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
            tooLarge = false
        case .body(var chunk):
            // Past the limit the rest is read and dropped, so the answer can still be a 413.
            guard !tooLarge else { return }
            if body.readableBytes + chunk.readableBytes > SampleRequest.bodyLimit {
                tooLarge = true
                body = ByteBuffer()
                return
            }
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            self.head = nil
            guard !tooLarge else {
                let reply = SampleReply.error(413, "the body is larger than \(SampleRequest.bodyLimit >> 20) MB")
                send(reply, to: head, keepAlive: false, context: context)
                return
            }
            let request = SampleRequest(
                method: head.method.rawValue, target: head.uri, headers: head.headers.map { ($0.name, $0.value) },
                body: Array(body.readableBytesView))
            body = ByteBuffer()
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            let respond = self.respond
            let promise = context.eventLoop.makePromise(of: SampleReply.self)
            promise.completeWithTask { await respond(request) }
            promise.futureResult.whenSuccess { reply in
                let (handler, context) = bound.value
                handler.send(reply, to: head, keepAlive: head.isKeepAlive, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    /// Writes `reply`: at once, or for a paced one its parts as they come due. A HEAD request
    /// gets the head its GET would (with the body's length) and no body.
    private func send(
        _ reply: SampleReply, to request: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders(reply.headers.map { ($0.name, $0.value) })
        headers.add(name: "Server", value: "courier-sample")
        let bodiless = reply.status < 200 || reply.status == 204 || reply.status == 304
        // Without a length a paced body goes out chunked (NIO's encoder adds the header).
        if reply.paced.isEmpty && !bodiless {
            headers.replaceOrAdd(name: "Content-Length", value: "\(reply.body.count)")
        }
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: request.version, status: HTTPResponseStatus(statusCode: reply.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        let withBody = !bodiless && request.method != .HEAD
        if withBody && !reply.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply.body)))), promise: nil)
        }
        let channel = context.channel
        guard withBody && !reply.paced.isEmpty else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if !keepAlive { channel.close(promise: nil) }
            }
            return
        }
        context.flush()
        let parts = reply.paced
        Task {
            for part in parts {
                try? await Task.sleep(for: part.pause)
                // The client left (or the server stopped): nobody reads the rest.
                guard channel.isActive else { return }
                let bytes = part.bytes()
                channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes))), promise: nil)
            }
            channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in
                if !keepAlive { channel.close(promise: nil) }
            }
        }
    }
}
