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
        var marks = PhaseLog.Marks()
        // An address needs no lookup (and the resolver is a thread hop away).
        var resolver: WireResolver?
        let connecting: EventLoopFuture<any Channel>
        if isAddress, let address = try? SocketAddress(ipAddress: target.host, port: target.port) {
            marks.lookup = 0
            connecting = bootstrap.connect(to: address)
        } else {
            let lookup = WireResolver(loop: loop)
            resolver = lookup
            connecting = bootstrap.resolver(lookup).connect(host: target.host, port: target.port)
        }
        guard let opened else {
            let channel = try await connecting.get()
            marks.lookup = marks.lookup ?? resolver?.duration ?? 0
            marks.ready = NIODeadline.now()
            let connection = WireConnection(channel: channel, origin: origin, handler: handler, certificate: nil)
            return (.single(connection), marks)
        }
        connecting.whenFailure { opened.fail($0) }
        // One wait for TCP and the handshake, chained on the loop: awaiting the handshake apart,
        // after TCP, found it mostly over already, and a continuation resumed while its task is
        // still suspending is a race ThreadSanitizer reports (the runtime's atomics are not
        // instrumented).
        let secured = connecting.flatMap { channel in
            opened.futureResult.map { (channel, $0) }.flatMapErrorThrowing { error in
                channel.close(promise: nil)
                throw error
            }
        }
        let (channel, found) = try await secured.get()
        marks.lookup = marks.lookup ?? resolver?.duration ?? 0
        marks.connected = found.connected
        marks.ready = found.secured
        if let multiplexer = found.multiplexer {
            let made = WireMultiplexer(
                channel: channel, multiplexer: multiplexer, certificate: found.certificate,
                inflationRatio: inflationRatio)
            return (.multiplexed(made), marks)
        }
        let connection = WireConnection(
            channel: channel, origin: origin, handler: handler, certificate: found.certificate)
        return (.single(connection), marks)
    }
}
