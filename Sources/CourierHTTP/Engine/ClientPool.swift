import AsyncHTTPClient
import CourierCore
import NIOCore
import NIOHTTPCompression
import NIOPosix

/// The AsyncHTTPClient instances of one engine, one per setting that AsyncHTTPClient only
/// takes per client (the timeouts), all on the engine's one event loop. Most runs use one.
final class ClientPool: Sendable {
    /// What tells two clients apart.
    struct Key: Hashable, Sendable {
        /// Connect, read and write timeout, in milliseconds.
        var timeout: Int64
        /// The proxy every connection of the client goes through.
        var proxy: ProxySetting?
    }

    /// A client and an origin it connects to: where a pooled connection may wait.
    struct Pooled: Hashable, Sendable {
        var key: Key
        /// `scheme://host:port`.
        var origin: String
    }

    /// The loop every client runs on (also used to read a refused certificate).
    let group: any EventLoopGroup
    private let clients = Locked<[Key: HTTPClient]>([:])
    /// Origins each client has had an answer from: only those can have a kept-alive
    /// connection in its pool, which the server may since have closed.
    private let served = Locked<Set<Pooled>>([])
    /// The certificates of the clients' TLS connections, for `certificate` checks.
    let certificates = CertificateLog()
    /// The moments each request's phases are cut at.
    let phases = PhaseLog()
    /// The engine's own connections, for `http://` and `https://` without a proxy (`WireTarget`).
    let wire: WirePool

    init(group: any EventLoopGroup, idleTimeout: TimeAmount) {
        self.group = group
        wire = WirePool(idleTimeout: idleTimeout)
    }

    /// The client for `key`, made on first use.
    func client(for key: Key) -> HTTPClient {
        clients.withLock { clients in
            if let client = clients[key] { return client }
            var configuration = Self.configuration(key)
            let log = certificates
            if PhaseLog.enabled {
                let phases = phases
                configuration.http1_1ConnectionDebugInitializer = { channel in
                    log.note(channel).flatMap { phases.watchConnection(channel) }
                }
                configuration.http2ConnectionDebugInitializer = { channel in
                    log.note(channel).flatMap { phases.watchHTTP2Connection(channel) }
                }
                configuration.http2StreamChannelDebugInitializer = { phases.watchStream($0) }
            } else {
                configuration.http1_1ConnectionDebugInitializer = { log.note($0) }
                configuration.http2ConnectionDebugInitializer = { log.note($0) }
            }
            let client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
            clients[key] = client
            return client
        }
    }

    /// `http://host:80`: where a connection to `url` goes, split by `URLParts` (Foundation's
    /// parser, which `RedirectPolicy` uses, was 1.4 % of a check run here); `url` itself when
    /// it does not split.
    static func origin(_ url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        return "\(parts.scheme)://\(parts.host):\(parts.port ?? (parts.scheme == "https" ? "443" : "80"))"
    }

    /// Notes that `pooled` answered, so its client may hold a kept-alive connection there.
    func markServed(_ pooled: Pooled) {
        _ = served.withLock { $0.insert(pooled) }
    }

    /// Whether `pooled` has answered before.
    func hasServed(_ pooled: Pooled) -> Bool {
        served.withLock { $0.contains(pooled) }
    }

    /// Shuts every client down; the pool cannot be used afterwards.
    func shutdown() async {
        let all = clients.withLock { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in all { try? await client.shutdown() }
        await wire.shutdown()
    }

    private static func configuration(_ key: Key) -> HTTPClient.Configuration {
        // `timeout` bounds every wait for the next byte: the connection (TCP and TLS), the
        // head once the request is sent, each body chunk, and a body the server stops reading.
        let timeout = TimeAmount.milliseconds(max(1, key.timeout))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: timeout, read: timeout, write: timeout),
            decompression: .enabled(limit: .ratio(SendOptions.maxInflationRatio))
        )
        configuration.httpVersion = .automatic
        // Fail a refused connection at once (as curl does); `RetryPolicy` owns retries, so
        // AsyncHTTPClient's own backoff would only make a dead server look like a hang.
        configuration.connectionPool.retryConnectionEstablishment = false
        if let proxy = key.proxy {
            switch proxy.kind {
            case .http:
                let authorization = proxy.username.map {
                    HTTPClient.Authorization.basic(username: $0, password: proxy.password ?? "")
                }
                configuration.proxy = .server(host: proxy.host, port: proxy.port, authorization: authorization)
            case .socks5:
                // AsyncHTTPClient's SOCKS5 has no user name and password (the parser keeps them
                // so the message can say so; see `HTTPEngine`).
                configuration.proxy = .socksServer(host: proxy.host, port: proxy.port)
            }
        }
        return configuration
    }
}
