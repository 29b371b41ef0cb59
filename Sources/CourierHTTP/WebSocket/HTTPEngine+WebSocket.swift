import CourierCore
import CourierWebSocket
import NIOCore
import NIOSOCKS
import NIOSSL
import NIOWebSocket

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A WebSocket conversation through the engine: the route's upgrade with its headers, auth,
/// cookies and TLS, then messages both ways until one side closes, the caller finishes, or
/// nothing passes for the timeout.
extension HTTPEngine {
    /// What the caller sends during a conversation.
    public enum WebSocketOutgoing: Sendable {
        case message(WebSocketMessage.Kind, [UInt8])
        /// Close normally (1000); the server's answer ends the conversation.
        case close
    }

    /// The largest message sent or received: past it the conversation closes with 1009.
    public static let webSocketMessageLimit = 16 << 20

    /// Opens `prepared`'s WebSocket and converses: each of `outgoing` is sent (its end closes
    /// the conversation), each message both ways is handed to `message` as it passes, and
    /// once `enough` says so of the transcript after a message received, Courier closes (and
    /// keeps no message that arrives after).
    /// - Returns: the exchange; its response is the upgrade's answer. A refused upgrade is that
    ///   answer (status, headers, body) and no transcript; an accepted one holds the transcript.
    public func converse(
        _ prepared: PreparedRequest, cookies: CookieSession? = nil, tokens: OAuth2Tokens? = nil,
        outgoing: AsyncStream<WebSocketOutgoing>, opened: (@Sendable (HTTPResponse) -> Void)? = nil,
        message: (@Sendable (WebSocketMessage) -> Void)? = nil,
        enough: (@Sendable (WebSocketTranscript) -> Bool)? = nil
    ) async throws(TransportError) -> Exchange {
        // On the loop's thread, as every exchange (see `EventLoopTaskExecutor`): what is sent
        // goes out at once, not when a busy thread pool gets round to it.
        try await withTaskExecutorPreference(taskExecutor) { () async throws(TransportError) in
            try await open(
                prepared, cookies: cookies, tokens: tokens, outgoing: outgoing, opened: opened,
                message: message, enough: enough)
        }
    }

    private func open(
        _ prepared: PreparedRequest, cookies: CookieSession?, tokens: OAuth2Tokens?,
        outgoing: AsyncStream<WebSocketOutgoing>, opened: (@Sendable (HTTPResponse) -> Void)?,
        message: (@Sendable (WebSocketMessage) -> Void)?, enough: (@Sendable (WebSocketTranscript) -> Bool)?
    ) async throws(TransportError) -> Exchange {
        let url = RequestBuilder.upgradeURL(prepared.request.url)
        let options = prepared.options
        let proxy = options.proxy.proxy(for: url)
        if let proxy, proxy.kind == .socks5, proxy.username != nil {
            // As for any request: NIO's SOCKS5 offers no authentication.
            throw .proxy(proxy: proxy.masked, reason: "SOCKS5 with a user name and password is not supported")
        }
        guard let target = WireTarget(url, proxy: nil, streamed: false, always: true) else {
            throw .connection(url: prepared.request.url, reason: "the URL's host or path cannot open a WebSocket")
        }
        var headers = Self.withCookies(prepared.request.headers, for: url, from: cookies)
        var origin = prepared.origin
        let tls = target.secure ? try tlsConfigurations.http1Context(options.tls, url: url) : nil
        var startedAt = Date()
        var started = ContinuousClock.now
        let (events, feed) = AsyncStream<Passing>.makeStream()
        var dialed: WebSocketDial.Result
        // OAuth2: the cached token (or a new one); after a 401 to the upgrade, a new token and
        // one more try, as for any request.
        let tokens = tokens ?? OAuth2Tokens()
        var refresh = false
        while true {
            if case .oauth2(let spec)? = prepared.auth {
                let token = try await tokens.token(for: spec, engine: self, options: options, refresh: refresh)
                headers.removeAll { $0.name.lowercased() == "authorization" }
                headers.append(HeaderField("Authorization", token.authorization))
                origin.secretValues.append(String(token.authorization.drop { $0 != " " }.dropFirst()))
            }
            startedAt = Date()
            started = ContinuousClock.now
            dialed = try await dial(
                target, url: url, headers: headers, tls: tls, proxy: proxy, options: options, feed: feed)
            guard case .refused(let head, _, _) = dialed, head.status == 401, case .oauth2? = prepared.auth, !refresh
            else { break }
            refresh = true
        }
        var response: HTTPResponse
        switch dialed {
        case .refused(let head, let body, let size):
            response = Self.response(head, url: prepared.request.url, started: started)
            response.body = body
            response.bodySize = size
            cookies?.receive(response.headers, from: url)
            response.hops = [hop(prepared, url: url, headers: headers, response: response, startedAt: startedAt)]
            return Exchange(
                request: prepared.request, response: response, origin: Self.withCookieSecrets(origin, response))
        case .open(let channel, let peer, let head):
            response = Self.response(head, url: prepared.request.url, started: started)
            cookies?.receive(response.headers, from: url)
            response.hops = [hop(prepared, url: url, headers: headers, response: response, startedAt: startedAt)]
            opened?(response)
            let transcript = await conversation(
                channel: channel, peer: peer, events: events, feed: feed, outgoing: outgoing,
                idle: options.timeout, openedAt: Date().timeIntervalSince1970, message: message, enough: enough)
            response.transcript = transcript
            response.totalTime = (ContinuousClock.now - started).inSeconds
            return Exchange(
                request: prepared.request, response: response, origin: Self.withCookieSecrets(origin, response))
        }
    }

    /// `origin` with the cookies the upgrade sent or was given as secrets, as for any exchange.
    private static func withCookieSecrets(_ origin: ExchangeOrigin, _ response: HTTPResponse) -> ExchangeOrigin {
        var origin = origin
        for value in cookieValues(response.hops) where !origin.secretValues.contains(value) {
            origin.secretValues.append(value)
        }
        return origin
    }

    /// Dials `target` and upgrades; a proxy's or the connection's failure in one line.
    private func dial(
        _ target: WireTarget, url: String, headers: [HeaderField], tls: NIOSSLContext?, proxy: ProxySetting?,
        options: SendOptions, feed: AsyncStream<Passing>.Continuation
    ) async throws(TransportError) -> WebSocketDial.Result {
        do {
            return try await WebSocketDial.open(
                target, headers: headers, tls: tls, proxy: proxy, timeout: .milliseconds(Int64(options.timeout * 1000)),
                loop: clients.group.next(), limit: Self.webSocketMessageLimit, report: { feed.yield(.peer($0)) })
        } catch let refusal as ProxyTunnel.Refusal {
            throw .proxy(proxy: proxy?.masked ?? "", reason: Self.words(refusal))
        } catch let error where Self.socksWords(error, target: target.hostHeader) != nil {
            throw .proxy(proxy: proxy?.masked ?? "", reason: Self.socksWords(error, target: target.hostHeader) ?? "")
        } catch {
            let translated = TransportErrorTranslator.translate(error, url: url, timeout: options.timeout, phase: .head)
            // Not reaching the proxy is the proxy's trouble, as for any request through it.
            if let proxy, case .connection(_, let reason) = translated, reason == "connection refused" {
                throw .proxy(proxy: proxy.masked, reason: reason)
            }
            throw translated
        }
    }

    /// A refused tunnel in words.
    private static func words(_ refusal: ProxyTunnel.Refusal) -> String {
        switch refusal {
        case .status(407, _): return "the proxy asks for credentials (407)"
        case .status(let status, let reason): return "the proxy refused the tunnel: \(status) \(reason)"
        case .badAnswer(let why): return "the proxy's answer does not read: \(why)"
        case .closed: return "the proxy closed the connection"
        }
    }

    /// A SOCKS5 proxy's failure in words, or nil for an error that is not one.
    static func socksWords(_ error: any Error, target: String) -> String? {
        if let failed = error as? SOCKSError.ConnectionFailed {
            let replies = [
                1: "its own failure", 2: "not allowed by its rules", 3: "network unreachable", 4: "host unreachable",
                5: "connection refused", 6: "time to live expired", 7: "command not supported",
                8: "address type not supported",
            ]
            let reply = Int(failed.reply.value)
            return "the SOCKS5 proxy could not connect to \(target): \(replies[reply] ?? "reply \(reply)")"
        }
        if error is SOCKSError.InvalidProtocolVersion || error is SOCKSError.InvalidReservedByte
            || error is SOCKSError.InvalidAddressType || error is SOCKSError.InvalidServerState
            || error is SOCKSError.UnexpectedRead || error is SOCKSError.InvalidAuthenticationSelection
        {
            return "the proxy does not answer as a SOCKS5 proxy does"
        }
        if error is SOCKSError.NoValidAuthenticationMethod {
            return "the SOCKS5 proxy asks for an authentication Courier does not offer"
        }
        return nil
    }

    /// What passes during a conversation, in the one order the transcript keeps.
    enum Passing: Sendable {
        case peer(WebSocketPeer.Event)
        case sent(WebSocketMessage.Kind, [UInt8])
        case idle
    }

    private func conversation(
        channel: any Channel, peer: NIOLoopBound<WebSocketPeer>, events: AsyncStream<Passing>,
        feed: AsyncStream<Passing>.Continuation, outgoing: AsyncStream<WebSocketOutgoing>, idle: Double,
        openedAt: Double, message: (@Sendable (WebSocketMessage) -> Void)?,
        enough: (@Sendable (WebSocketTranscript) -> Bool)?
    ) async -> WebSocketTranscript {
        let loop = channel.eventLoop
        let clock = ContinuousClock()
        let opened = clock.now
        var transcript = WebSocketTranscript(openedAt: openedAt)
        var saidEnough = false
        let idleTimer = IdleTimer(loop: loop, seconds: idle) { feed.yield(.idle) }
        return await withTaskGroup(of: Void.self) { group in
            group.addTask(executorPreference: self.taskExecutor) {
                taking: for await item in outgoing {
                    switch item {
                    case .message(let kind, let data):
                        feed.yield(.sent(kind, data))
                        // The next message is taken once this one is written: a server that
                        // stops reading holds the sender back (stdin is read no further)
                        // instead of filling memory. Once nothing more can be written (the
                        // close is sent, the connection gone: that fails a write that waits,
                        // so this never outlives the conversation) nothing more is taken.
                        let written = loop.makePromise(of: Void.self)
                        loop.execute { peer.value.send(kind, data, written: written) }
                        do {
                            try await written.futureResult.get()
                        } catch {
                            break taking
                        }
                    case .close:
                        loop.execute { peer.value.closeNormally() }
                    }
                }
                loop.execute { peer.value.closeNormally() }
            }
            for await passing in events {
                let time = (clock.now - opened).inSeconds
                switch passing {
                case .sent(let kind, let data):
                    idleTimer.restart()
                    let sent = WebSocketMessage(.sent, kind, data: data, time: time)
                    transcript.append(sent)
                    message?(sent)
                case .peer(.message(let kind, let data)):
                    // Once the plan has heard enough, what was still on its way is not kept:
                    // `--count 2` keeps two, whatever a fast server sent before the close.
                    guard !saidEnough else { continue }
                    idleTimer.restart()
                    let received = WebSocketMessage(.received, kind, data: data, time: time)
                    transcript.append(received)
                    message?(received)
                    if !saidEnough, enough?(transcript) == true {
                        saidEnough = true
                        loop.execute { peer.value.closeNormally() }
                    }
                case .peer(.ended(let close, let problem, let timedOut)):
                    transcript.close = close
                    if transcript.problem == nil { transcript.problem = problem }
                    if timedOut { transcript.timedOut = true }
                    idleTimer.cancel()
                    feed.finish()
                case .idle:
                    transcript.timedOut = true
                    transcript.problem = "nothing was sent or received for \(Seconds.compact(idle)) s (the timeout)"
                    loop.execute { peer.value.closeNormally() }
                }
            }
            group.cancelAll()
            channel.close(promise: nil)
            if Task.isCancelled && transcript.close == nil && transcript.problem == nil {
                transcript.problem = "stopped: the connection was closed without a close frame"
            }
            return transcript
        }
    }

    private static func response(_ head: WebSocketAnswer.Head, url: String, started: ContinuousClock.Instant)
        -> HTTPResponse
    {
        let elapsed = (ContinuousClock.now - started).inSeconds
        return HTTPResponse(
            status: head.status, reason: head.reason, version: head.version, headers: head.headers,
            totalTime: elapsed, timeToFirstByte: elapsed, finalURL: url)
    }

    private func hop(
        _ prepared: PreparedRequest, url: String, headers: [HeaderField], response: HTTPResponse, startedAt: Date
    ) -> ExchangeHop {
        ExchangeHop(
            method: .get, url: prepared.request.url, requestHeaders: headers, sentBody: false, status: response.status,
            reason: response.reason, version: response.version, responseHeaders: response.headers,
            bodySize: response.bodySize, startedAt: startedAt, wait: response.timeToFirstByte, receive: 0)
    }
}
