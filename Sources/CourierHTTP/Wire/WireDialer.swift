import CourierCore
import NIOCore
import NIOPosix
import NIOSSL

/// Opens a new connection of the engine's own: the host's lookup, TCP, and for `https` the TLS
/// handshake, each timed, then HTTP/1.1 or (when ALPN picked it) HTTP/2 over it.
enum WireDialer {
    /// A new connection to `target` within `timeout` (lookup, TCP and handshake each), and the
    /// moments its first request's phases are cut at: `ready`, `lookup`, and over TLS
    /// `connected` (so `tls` is the handshake).
    static func dial(
        _ target: WireTarget, origin: WirePool.Origin, tls: NIOSSLContext?, timeout: TimeAmount, loop: any EventLoop,
        inflationRatio: Int
    ) async throws -> (WireLink, PhaseLog.Marks) {
        // Only a TLS connection is watched while it opens (NIO fails a promise never kept).
        let opened = tls == nil ? nil : loop.makePromise(of: WireOpening.Opened.self)
        // SNI and the certificate's check take a name; for an address NIOSSL checks the
        // certificate against the address it connected to.
        let isAddress = (try? SocketAddress(ipAddress: target.host, port: target.port)) != nil
        let handler = WireConnection.handlerBox(on: loop)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls, let opened {
                        try pipeline.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : target.host))
                        try pipeline.addHandler(
                            WireOpening(
                                promise: opened, timeout: timeout, inflationRatio: inflationRatio, handler: handler))
                    } else {
                        try WireConnection.addHTTP1Handlers(pipeline, inflationRatio: inflationRatio, into: handler)
                    }
                }
            }
        let channel: any Channel
        var marks = PhaseLog.Marks()
        do {
            // An address needs no lookup (and the resolver is a thread hop away).
            if isAddress, let address = try? SocketAddress(ipAddress: target.host, port: target.port) {
                marks.lookup = 0
                channel = try await bootstrap.connect(to: address).get()
            } else {
                let resolver = WireResolver(loop: loop)
                channel = try await bootstrap.resolver(resolver).connect(host: target.host, port: target.port).get()
                marks.lookup = resolver.duration ?? 0
            }
        } catch {
            opened?.fail(error)
            throw error
        }
        guard let opened else {
            marks.ready = NIODeadline.now()
            let connection = WireConnection(channel: channel, origin: origin, handler: handler, certificate: nil)
            return (.single(connection), marks)
        }
        let found: WireOpening.Opened
        do {
            found = try await opened.futureResult.get()
        } catch {
            channel.close(promise: nil)
            throw error
        }
        marks.connected = found.connected
        marks.ready = found.secured
        if let multiplexer = found.multiplexer {
            let made = WireMultiplexer(
                channel: channel, origin: origin, multiplexer: multiplexer, certificate: found.certificate,
                inflationRatio: inflationRatio)
            return (.multiplexed(made), marks)
        }
        let connection = WireConnection(
            channel: channel, origin: origin, handler: handler, certificate: found.certificate)
        return (.single(connection), marks)
    }
}
