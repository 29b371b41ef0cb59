import CourierCore
import CourierCrypto
import CourierWebSocket
import NIOCore
import NIOPosix
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

    /// Dials `target` and upgrades with `headers`, all within `timeout`; the peer hands its
    /// events to `report` and refuses messages over `limit` bytes.
    static func open(
        _ target: WireTarget, headers: [HeaderField], tls: NIOSSLContext?, timeout: TimeAmount, loop: any EventLoop,
        limit: Int, report: @escaping @Sendable (WebSocketPeer.Event) -> Void
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
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls {
                        try pipeline.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: isAddress ? nil : target.host))
                    }
                    try pipeline.addHandler(
                        WebSocketHandshake(request: request, accept: Self.accept(for: key), promise: outcome) {
                            pipeline, handshake in
                            let peer = WebSocketPeer(limit: limit, report: report)
                            peerBox.value = peer
                            try pipeline.addHandlers(
                                [
                                    ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: limit)),
                                    WebSocketFrameEncoder(), peer,
                                ], position: .after(handshake))
                        })
                }
            }
        // The whole opening (TCP, TLS, the upgrade's answer) within the timeout.
        let timer = loop.scheduleTask(in: timeout) { outcome.fail(WireError.timedOut) }
        let connecting = bootstrap.connect(host: target.host, port: target.port)
        connecting.whenFailure { outcome.fail($0) }
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

    /// What the server's `Sec-WebSocket-Accept` must say for `key` (RFC 6455 §4.2.2).
    static func accept(for key: String) -> String {
        Base64.encode(BoringCrypto.sha1(Array((key + WebSocketHandshake.guid).utf8)))
    }

    /// Headers the upgrade sets itself, so a route's own are not sent twice.
    private static let owned: Set<String> = [
        "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "content-length", "transfer-encoding",
    ]
}
