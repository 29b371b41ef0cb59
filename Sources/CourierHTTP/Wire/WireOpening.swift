import CourierCore
import NIOCore
import NIOHTTP2
import NIOSSL
import NIOTLS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches a new TLS connection of the engine's own, right after its `NIOSSLClientHandler`:
/// notes when TCP was up (the handshake starts then) and when the handshake ended, reads the
/// certificate the server presented, and sets the pipeline up for the protocol ALPN settled
/// (HTTP/2, or HTTP/1.1 when the server named none). The setting up happens inside the
/// handshake's event, so no byte the server sends after it can pass an unready pipeline.
final class WireOpening: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    /// What the opening found.
    struct Opened: Sendable {
        var connected: NIODeadline
        var secured: NIODeadline
        var certificate: PeerCertificate?
        /// The HTTP/2 multiplexer, when ALPN chose `h2`.
        var multiplexer: HTTP2StreamMultiplexer.SendableView?
    }

    private let promise: EventLoopPromise<Opened>
    private let timeout: TimeAmount
    private let inflationRatio: Int
    /// Where the HTTP/1.1 pipeline's handler goes.
    private let handler: NIOLoopBoundBox<WireHandler?>
    private var connected: NIODeadline?
    private var timer: Scheduled<Void>?
    private var done = false

    init(
        promise: EventLoopPromise<Opened>, timeout: TimeAmount, inflationRatio: Int,
        handler: NIOLoopBoundBox<WireHandler?>
    ) {
        self.promise = promise
        self.timeout = timeout
        self.inflationRatio = inflationRatio
        self.handler = handler
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { started(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        started(context)
        context.fireChannelActive()
    }

    /// TCP is up; the handshake has the rest of the connection's timeout.
    private func started(_ context: ChannelHandlerContext) {
        guard connected == nil else { return }
        connected = NIODeadline.now()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: timeout) {
            bound.value.0.fail(WireError.handshakeTimedOut, bound.value.1)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard !done, let tls = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = tls else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        let secured = NIODeadline.now()
        let pipeline = context.pipeline.syncOperations
        do {
            let certificate = try pipeline.handler(type: NIOSSLClientHandler.self).peerCertificate.map {
                CertificateLog.facts($0, seenAt: time(nil))
            }
            var multiplexer: HTTP2StreamMultiplexer?
            if negotiated == "h2" {
                let made = HTTP2StreamMultiplexer(
                    mode: .client, channel: context.channel, targetWindowSize: 8 << 20,
                    inboundStreamInitializer: { pushed in
                        // Pushes are turned off in the settings; a server that pushes anyway is refused.
                        pushed.eventLoop.makeFailedFuture(WireError.closedBeforeAnswer)
                    })
                try pipeline.addHandler(NIOHTTP2Handler(mode: .client, initialSettings: Self.settings))
                try pipeline.addHandler(made)
                multiplexer = made
            } else {
                try WireConnection.addHTTP1Handlers(pipeline, inflationRatio: inflationRatio, into: handler)
            }
            done = true
            timer?.cancel()
            promise.succeed(
                Opened(
                    connected: connected ?? secured, secured: secured, certificate: certificate,
                    multiplexer: multiplexer?.sendableView))
        } catch {
            fail(error, context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// NIO's defaults (100 streams, 16 kB of headers), and no pushes: as AsyncHTTPClient asked.
    private static let settings = nioDefaultSettings + [HTTP2Setting(parameter: .enablePush, value: 0)]

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if done {
            context.fireErrorCaught(error)
        } else {
            fail(error, context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done {
            done = true
            timer?.cancel()
            promise.fail(WireError.closedBeforeAnswer)
        }
        context.fireChannelInactive()
    }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) {
        guard !done else { return }
        done = true
        timer?.cancel()
        promise.fail(error)
        context.close(promise: nil)
    }
}
