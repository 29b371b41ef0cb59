import CourierCore
import CourierCrypto
import CourierWebSocket
import NIOCore
import NIOPosix
import NIOSOCKS
import NIOSSL
import NIOWebSocket

/// Opens a connection for a WebSocket, sends the upgrade and waits for its answer: a channel
/// whose pipeline speaks frames (ending in a `WebSocketPeer`), or the refusal.
enum WebSocketDial {
    /// What came of the upgrade.
    enum Result {
        case open(channel: any Channel, peer: NIOLoopBound<WebSocketPeer>, head: WebSocketAnswer.Head)
        case refused(WebSocketAnswer.Head, body: [UInt8], size: Int)
    }

    /// Dials `target` (through `proxy`'s tunnel, when given: HTTP `CONNECT` or SOCKS5) and
    /// upgrades with `headers`, all within `timeout`; the peer hands its events to `report` and
    /// refuses messages over `limit` bytes.
    static func open(
        _ target: WireTarget, headers: [HeaderField], tls: NIOSSLContext?, proxy: ProxySetting?, timeout: TimeAmount,
        loop: any EventLoop, limit: Int, report: @escaping @Sendable (WebSocketPeer.Event) -> Void
    ) async throws -> Result {
        let key = Base64.encode(BoringCrypto.randomBytes(16))
        var fields: [HeaderField] = []
        if !headers.contains(where: { $0.name.lowercased() == "host" }) {
            fields.append(HeaderField("Host", target.hostHeader))
        }
        fields += headers.filter { !Self.owned.contains($0.name.lowercased()) }
        fields += [
            HeaderField("Upgrade", "websocket"), HeaderField("Connection", "Upgrade"),
            HeaderField("Sec-WebSocket-Key", key), HeaderField("Sec-WebSocket-Version", "13"),
        ]
        guard let request = WebSocketHandshake.encode(target: target.requestTarget, headers: fields) else {
            throw WireError.invalidHeader(fields.first { !HeaderField.isToken($0.name) }?.name ?? "a header")
        }
        let outcome = loop.makePromise(of: WebSocketHandshake.Outcome.self)
        let peerBox = NIOLoopBoundBox.makeEmptyBox(valueType: WebSocketPeer.self, eventLoop: loop)
        let isAddress = (try? SocketAddress(ipAddress: target.host, port: target.port)) != nil
        let accept = Self.accept(for: key)
        /// TLS (for wss) and the upgrade, first in the pipeline or after a proxy's tunnel.
        @Sendable func addUpgrade(
            _ pipeline: ChannelPipeline.SynchronousOperations, after tunnel: (any ChannelHandler)?
        ) throws {
            var handlers: [any ChannelHandler] = []
            if let tls {
                handlers.append(try NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : target.host))
            }
            handlers.append(
                WebSocketHandshake(request: request, accept: accept, promise: outcome) { pipeline, handshake in
                    let peer = WebSocketPeer(limit: limit, report: report)
                    peerBox.value = peer
                    try pipeline.addHandlers(
                        [
                            ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: limit)), WebSocketFrameEncoder(),
                            peer,
                        ], position: .after(handshake))
                })
            // One by one, in order: the handshake writes its request as it is added, and TLS must
            // already be there to carry it (`addHandlers` at `.after` adds the last one first).
            var previous: (any ChannelHandler)? = tunnel
            for handler in handlers {
                try pipeline.addHandler(handler, position: previous.map { .after($0) } ?? .last)
                previous = handler
            }
        }
        let socks = proxy?.kind == .socks5
        let tunnelOpen = proxy == nil || socks ? nil : loop.makePromise(of: Void.self)
        let tunnelBox = NIOLoopBoundBox.makeEmptyBox(valueType: ProxyTunnel.self, eventLoop: loop)
        let authorization = proxy?.username.map {
            "Basic " + Base64.encode(Array("\($0):\(proxy?.password ?? "")".utf8))
        }
        let through = target.hostHeader.contains(":") ? target.hostHeader : "\(target.hostHeader):\(target.port)"
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if socks {
                        // SOCKS5 holds what TLS and the upgrade write until the proxy has
                        // connected, then hands on what comes: they go right behind it.
                        let handler = SOCKSClientHandler(targetAddress: Self.socksAddress(target))
                        try pipeline.addHandler(handler)
                        return try addUpgrade(pipeline, after: handler)
                    }
                    guard let tunnelOpen else { return try addUpgrade(pipeline, after: nil) }
                    let tunnel = ProxyTunnel(target: through, authorization: authorization, promise: tunnelOpen)
                    tunnelBox.value = tunnel
                    try pipeline.addHandler(tunnel)
                }
            }
        // The whole opening (TCP, TLS, the upgrade's answer) within the timeout.
        let timer = loop.scheduleTask(in: timeout) {
            tunnelOpen?.fail(WireError.timedOut)
            outcome.fail(WireError.timedOut)
        }
        let connecting = bootstrap.connect(host: proxy?.host ?? target.host, port: proxy?.port ?? target.port)
        connecting.whenFailure { error in
            tunnelOpen?.fail(error)
            outcome.fail(error)
        }
        if let tunnelOpen {
            // Once the proxy has opened the tunnel: TLS and the upgrade after it, and it leaves.
            tunnelOpen.futureResult.whenComplete { result in
                switch result {
                case .failure(let error): outcome.fail(error)
                case .success:
                    connecting.whenSuccess { channel in
                        guard let tunnel = tunnelBox.value else { return outcome.fail(WireError.closedBeforeAnswer) }
                        do {
                            let pipeline = channel.pipeline.syncOperations
                            try addUpgrade(pipeline, after: tunnel)
                            let context = try pipeline.context(handler: tunnel)
                            if !tunnel.leftover.isEmpty {
                                context.fireChannelRead(NIOAny(channel.allocator.buffer(bytes: tunnel.leftover)))
                            }
                            pipeline.removeHandler(context: context, promise: nil)
                        } catch {
                            outcome.fail(error)
                        }
                    }
                }
            }
        }
        defer { timer.cancel() }
        let channel: any Channel
        do {
            channel = try await connecting.get()
        } catch {
            throw error
        }
        let answer: WebSocketHandshake.Outcome
        do {
            answer = try await outcome.futureResult.get()
        } catch {
            channel.close(promise: nil)
            throw error
        }
        switch answer {
        case .refused(let head, let body, let size):
            return .refused(head, body: body, size: size)
        case .accepted(let head):
            let peer = try await loop.submit { () throws -> NIOLoopBound<WebSocketPeer> in
                guard let peer = peerBox.value else { throw WireError.closedBeforeAnswer }
                return NIOLoopBound(peer, eventLoop: loop)
            }.get()
            return .open(channel: channel, peer: peer, head: head)
        }
    }

    /// Where a SOCKS5 proxy connects to: the address, for an IP literal, else the name (resolved
    /// by the proxy, as `socks5h://` asks and as AsyncHTTPClient does for requests).
    private static func socksAddress(_ target: WireTarget) -> SOCKSAddress {
        if let address = try? SocketAddress(ipAddress: target.host, port: target.port) { return .address(address) }
        return .domain(target.host, port: target.port)
    }

    /// What the server's `Sec-WebSocket-Accept` must say for `key` (RFC 6455 §4.2.2).
    static func accept(for key: String) -> String {
        Base64.encode(BoringCrypto.sha1(Array((key + WebSocketHandshake.guid).utf8)))
    }

    /// Headers the upgrade sets itself, so a route's own are not sent twice.
    private static let owned: Set<String> = [
        "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "content-length", "transfer-encoding",
    ]
}
