import CourierCore
import CourierSampleAPI
import CourierTestSupport
import Foundation
import Testing

@testable import CourierHTTP

/// WebSocket conversations through the engine against the sample API's endpoints (and a
/// hostile server), on loopback: messages both ways in order, closes with codes, refused
/// upgrades with their status and body, and every bound (size, UTF-8, silence, floods).
@Suite("WebSocket conversations")
struct WebSocketTests {
    /// A conversation with `url`: `messages` sent, then (unless `plan` waits) closed.
    static func talk(
        _ engine: HTTPEngine, _ url: String, messages: [String] = [], plan: WebSocketPlan = WebSocketPlan(),
        headers: [HeaderField] = [], timeout: Double = Patience.loopback, tls: TLSSettings = TLSSettings(),
        cookies: CookieSession? = nil
    ) async throws(TransportError) -> Exchange {
        var prepared = PreparedRequest(
            request: HTTPRequest(method: .get, url: url, headers: headers),
            options: SendOptions(timeout: timeout, tls: tls))
        prepared.webSocket = plan
        let (outgoing, feed) = AsyncStream<HTTPEngine.WebSocketOutgoing>.makeStream()
        for message in messages { feed.yield(.message(.text, Array(message.utf8))) }
        if !plan.waits { feed.finish() }
        defer { feed.finish() }
        var enough: (@Sendable (WebSocketTranscript) -> Bool)?
        if plan.waits { enough = { plan.isDone($0) } }
        return try await engine.converse(prepared, cookies: cookies, outgoing: outgoing, enough: enough)
    }

    static func ws(_ server: SampleServer, _ path: String) -> String {
        "ws://127.0.0.1:\(server.port)/dev/v1/ws/\(path)"
    }

    @Test("echo: every message back in order, then Courier's normal close")
    func echo() async throws {
        try await withServer { server, engine in
            let exchange = try await Self.talk(engine, Self.ws(server, "echo"), messages: ["hello", #"{"a": 1}"#, ""])
            #expect(exchange.response.status == 101)
            let transcript = try #require(exchange.response.transcript)
            #expect(transcript.messages.map(\.arrow) == ["→", "→", "→", "←", "←", "←"])
            #expect(transcript.received.map(\.text) == ["hello", #"{"a": 1}"#, ""])
            #expect(transcript.close == WebSocketClose(code: 1000, byServer: false))
            #expect(transcript.problem == nil)
            #expect(transcript.messages.map(\.time) == transcript.messages.map(\.time).sorted())
        }
    }

    @Test("JSON events until the plan has heard enough; a ping answered with a pong")
    func events() async throws {
        try await withServer { server, engine in
            let plan = WebSocketPlan(until: try CheckParser.check(#"json type == "done""#))
            let exchange = try await Self.talk(engine, Self.ws(server, "events"), plan: plan)
            let received = try #require(exchange.response.transcript).received.map(\.text)
            #expect(received.first == #"{"type":"hello"}"#)
            #expect(received.last == #"{"type":"done"}"#)
            #expect(received.filter { $0.contains("tick") }.count == 3)
            // The pong, awaited on its own: on a loaded machine the ping may go out after "done".
            let pinged = try await Self.talk(
                engine, Self.ws(server, "events"), messages: [#"{"type":"ping"}"#],
                plan: WebSocketPlan(until: try CheckParser.check(#"json type == "pong""#)))
            #expect(pinged.response.transcript?.received.last?.text == #"{"type":"pong"}"#)
            let counted = try await Self.talk(engine, Self.ws(server, "events"), plan: WebSocketPlan(count: 2))
            #expect(counted.response.transcript?.receivedCount == 2)
        }
    }

    @Test("a server's close with a code and a reason is kept as the server's")
    func serverClose() async throws {
        try await withServer { server, engine in
            let (outgoing, feed) = AsyncStream<HTTPEngine.WebSocketOutgoing>.makeStream()
            defer { feed.finish() }
            var prepared = PreparedRequest(
                request: HTTPRequest(method: .get, url: Self.ws(server, "close")),
                options: SendOptions(timeout: Patience.loopback))
            prepared.webSocket = WebSocketPlan()
            let exchange = try await engine.converse(prepared, outgoing: outgoing)
            let transcript = try #require(exchange.response.transcript)
            #expect(transcript.received.map(\.text) == [#"{"type":"bye"}"#])
            #expect(transcript.close == WebSocketClose(code: 4001, reason: "session expired", byServer: true))
            #expect(transcript.problem == nil)
        }
    }

    @Test("a refused upgrade is its status, headers and body; with the token it opens")
    func refused() async throws {
        try await withServer { server, engine in
            let refused = try await Self.talk(engine, Self.ws(server, "private"), messages: ["x"])
            #expect(refused.response.status == 401)
            #expect(refused.response.transcript == nil)
            #expect(refused.response.headers.value(for: "WWW-Authenticate") == "Bearer")
            #expect(String(decoding: refused.response.body, as: UTF8.self).contains("needs 'Authorization: Bearer"))
            let opened = try await Self.talk(
                engine, Self.ws(server, "private"), messages: ["x"],
                headers: [HeaderField("Authorization", "Bearer dev-token")])
            #expect(opened.response.status == 101)
            #expect(opened.response.transcript?.received.map(\.text) == ["x"])
            // Plain HTTP to an endpoint, or an endpoint that is not one: said by the server.
            let unknown = try await Self.talk(engine, Self.ws(server, "nope"))
            #expect(unknown.response.status == 404)
        }
    }

    @Test("the jar's cookies go with the upgrade, and count as secrets")
    func cookies() async throws {
        try await withServer { server, engine in
            let jar = CookieSession()
            jar.receive([HeaderField("Set-Cookie", "session=abcdefgh12345678; Path=/")], from: server.url("/"))
            let exchange = try await Self.talk(engine, Self.ws(server, "echo"), messages: ["x"], cookies: jar)
            #expect(exchange.response.hops.first?.requestHeaders.value(for: "Cookie") == "session=abcdefgh12345678")
            // A cookie sent is a credential: masked wherever the exchange is shown or kept.
            #expect(exchange.origin.secretValues.contains("abcdefgh12345678"))
        }
    }

    @Test(
        "a hostile server: a message over 16 MB, text that is not UTF-8",
        arguments: [
            ("huge", 1009, "the server sent a message over 16.0 MB; refused"),
            ("bad-utf8", 1007, "the server sent a text message that is not UTF-8"),
        ])
    func hostile(path: String, code: Int, problem: String) async throws {
        try await withServer { server, engine in
            let plan = WebSocketPlan(count: 1)
            let exchange = try await Self.talk(engine, Self.ws(server, path), plan: plan)
            let transcript = try #require(exchange.response.transcript)
            #expect(transcript.receivedCount == 0)
            #expect(transcript.close?.code == code)
            #expect(transcript.close?.byServer == false)
            #expect(transcript.problem == problem)
        }
    }

    @Test("a ping flood is answered and the message after it still arrives")
    func pings() async throws {
        try await withServer { server, engine in
            let plan = WebSocketPlan(until: try CheckParser.check(#"json type == "done""#))
            let exchange = try await Self.talk(engine, Self.ws(server, "pings"), plan: plan)
            #expect(exchange.response.transcript?.received.map(\.text) == [#"{"type":"done"}"#])
            #expect(exchange.response.transcript?.problem == nil)
        }
    }

    @Test("a server that never answers and never closes: the timeout ends it, in one line")
    func silent() async throws {
        try await withServer { server, engine in
            let started = ContinuousClock.now
            let exchange = try await Self.talk(
                engine, Self.ws(server, "silent"), messages: ["anyone?"], plan: WebSocketPlan(count: 1),
                timeout: 6)
            let transcript = try #require(exchange.response.transcript)
            #expect(transcript.timedOut)
            #expect(transcript.problem == "nothing was sent or received for 6 s (the timeout)")
            // The timeout (which also bounds the opening: 6 s, for a loaded ThreadSanitizer run),
            // then at most the wait for an answer to the close.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    /// An upgrade to the sample's `ws/KIND` with the development deployment's OAuth2 client.
    static func oauth2Upgrade(_ server: SampleServer, _ kind: String) -> PreparedRequest {
        var prepared = PreparedRequest(
            request: HTTPRequest(method: .get, url: ws(server, kind)), options: SendOptions(timeout: Patience.loopback))
        prepared.auth = .oauth2(
            OAuth2Spec(
                grant: .clientCredentials, tokenURL: server.url("/dev/v1/oauth/token"), clientID: "courier",
                clientSecret: "development-client-secret"))
        return prepared
    }

    @Test("an OAuth2 route's token goes with the upgrade, and is masked as a secret")
    func oauth2() async throws {
        try await withServer { server, engine in
            let prepared = Self.oauth2Upgrade(server, "echo")
            let (outgoing, feed) = AsyncStream<HTTPEngine.WebSocketOutgoing>.makeStream()
            feed.finish()
            let exchange = try await engine.converse(prepared, outgoing: outgoing)
            let sent = try #require(exchange.response.hops.first?.requestHeaders.value(for: "Authorization"))
            #expect(sent.hasPrefix("Bearer ") && sent.count > 12, "\(sent)")
            #expect(exchange.origin.secretValues.contains(String(sent.dropFirst(7))))
        }
    }

    @Test("a 401 to an OAuth2 route's upgrade fetches one new token and tries once more, as any request does")
    func oauth2Refreshed() async throws {
        try await withServer { server, engine in
            let prepared = Self.oauth2Upgrade(server, "private")
            // A token kept from before, which the server no longer takes.
            let tokens = OAuth2Tokens(load: { _ in OAuth2Token(accessToken: "stale-token-from-yesterday") })
            let exchange = try await engine.converse(prepared, tokens: tokens, outgoing: AsyncStream { $0.finish() })
            // `private` takes only the deployment's own token, so the new one is refused too:
            // the answer is that second 401, sent with the new token, and there is no third try.
            #expect(exchange.response.status == 401)
            let sent = try #require(exchange.response.hops.last?.requestHeaders.value(for: "Authorization"))
            #expect(sent.hasPrefix("Bearer at-"), "\(sent)")
            #expect(exchange.origin.secretValues.contains(String(sent.dropFirst(7))))
        }
    }

    @Test("a server that stops reading holds the sender back: the next message is taken once this one is written")
    func backpressure() async throws {
        try await withServer { server, engine in
            let taken = Locked(0)
            let piece = [UInt8](repeating: 0x61, count: 256 << 10)
            // 50 MB on offer, taken only as the conversation asks for them: light enough not to
            // starve the timing tests beside it under ThreadSanitizer.
            let outgoing = AsyncStream<HTTPEngine.WebSocketOutgoing>(unfolding: {
                let count = taken.withLock { count -> Int in
                    count += 1
                    return count
                }
                return count <= 200 ? .message(.text, piece) : nil
            })
            // The timeout is the upgrade's and then the idle one that ends the conversation: 10 s,
            // as ThreadSanitizer beside the whole suite once took more than 1.5 s to upgrade. The
            // wait costs no CPU: the sender is held back.
            let prepared = PreparedRequest(
                request: HTTPRequest(method: .get, url: Self.ws(server, "deaf")), options: SendOptions(timeout: 10))
            let exchange = try await engine.converse(prepared, outgoing: outgoing)
            // What the connection's buffers hold (the sender's, up to 4 MB here, and the deaf
            // server's 64 KB), not all 200.
            let count = taken.withLock { $0 }
            #expect(count < 60, "\(count) messages were taken")
            #expect(exchange.response.transcript?.timedOut == true)
        }
    }

    @Test("a conversation stopped from outside (the screen's Esc on a stream) ends at once and says so")
    func stopped() async throws {
        try await withServer { server, engine in
            let task = Task { () async throws(TransportError) -> Exchange in
                try await Self.talk(engine, Self.ws(server, "silent"), plan: WebSocketPlan(count: 1))
            }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            let exchange = try await task.value
            #expect(
                exchange.response.transcript?.problem == "stopped: the connection was closed without a close frame")
        }
    }

    @Test("a refused connection and a 101 that is not an upgrade are one-line errors")
    func broken() async throws {
        let stopped = try await SampleServer.start()
        let port = stopped.port
        await stopped.stop()
        _ = await withEngine { engine in
            await #expect(
                throws: TransportError.connection(url: "http://127.0.0.1:\(port)/x", reason: "connection refused")
            ) {
                try await Self.talk(engine, "ws://127.0.0.1:\(port)/x", timeout: 10)
            }
        }
        let liar = try HostileServer { _ in
            HostileServer.Reply(
                status: 101,
                headers: [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", "x")])
        }
        defer { liar.stop() }
        await withEngine { engine in
            do {
                _ = try await Self.talk(engine, "ws://127.0.0.1:\(liar.port)/x", timeout: 10)
                Issue.record("a wrong Sec-WebSocket-Accept was taken")
            } catch {
                #expect("\(error)".contains("Sec-WebSocket-Accept does not match the key"), "\(error)")
            }
        }
    }

    @Test("wss: the environment's CA is trusted; without it the certificate is refused")
    func secure() async throws {
        try await TLSTests.withTLSServer { port in
            let url = "wss://127.0.0.1:\(port)/dev/v1/ws/echo"
            try await withEngine { engine in
                let exchange = try await Self.talk(
                    engine, url, messages: ["over TLS"], tls: TLSSettings(caFile: TLSTests.caFile))
                #expect(exchange.response.transcript?.received.map(\.text) == ["over TLS"])
                await #expect(throws: TransportError.self) { try await Self.talk(engine, url, messages: ["x"]) }
            }
        }
    }

    @Test(
        "through an HTTP proxy's tunnel (credentials given) and a SOCKS5 proxy, ws and wss; 407 and what a SOCKS5 proxy refuses in one line"
    )
    func proxied() async throws {
        let proxy = try ProxyProcess(auth: "qa:pr0xy")
        try await withServer { server, engine in
            func talk(_ setting: String) async throws(TransportError) -> Exchange {
                var prepared = PreparedRequest(
                    request: HTTPRequest(method: .get, url: Self.ws(server, "echo")),
                    options: SendOptions(timeout: Patience.loopback))
                prepared.options.proxy = ProxyRules(environmentProxy: setting, variables: [:])
                let (outgoing, feed) = AsyncStream<HTTPEngine.WebSocketOutgoing>.makeStream()
                feed.yield(.message(.text, Array("through".utf8)))
                feed.finish()
                return try await engine.converse(prepared, outgoing: outgoing)
            }
            let through = try await talk("http://qa:pr0xy@127.0.0.1:\(proxy.port)")
            #expect(through.response.transcript?.received.map(\.text) == ["through"])
            #expect(proxy.log == ["CONNECT 127.0.0.1:\(server.port)"])
            await #expect(
                throws: TransportError.proxy(
                    proxy: "http://127.0.0.1:\(proxy.port)", reason: "the proxy asks for credentials (407)")
            ) { try await talk("http://127.0.0.1:\(proxy.port)") }
            let socks = try await talk("socks5://127.0.0.1:\(proxy.port)")
            #expect(socks.response.status == 101)
            #expect(socks.response.transcript?.received.map(\.text) == ["through"])
            #expect(proxy.log.last == "SOCKS5 127.0.0.1:\(server.port)")
            await #expect(
                throws: TransportError.proxy(
                    proxy: "socks5://qa:••••••@127.0.0.1:\(proxy.port)",
                    reason: "SOCKS5 with a user name and password is not supported")
            ) { try await talk("socks5://qa:pr0xy@127.0.0.1:\(proxy.port)") }
            // A proxy that cannot reach the server says so; a server that is no SOCKS5 proxy too.
            // Nothing listens on port 1 here (as `CheckRunnerIntegrationTests` takes it).
            let closed = 1
            var prepared = PreparedRequest(
                request: HTTPRequest(method: .get, url: "ws://127.0.0.1:\(closed)/"),
                options: SendOptions(timeout: Patience.loopback))
            prepared.options.proxy = ProxyRules(environmentProxy: "socks5://127.0.0.1:\(proxy.port)", variables: [:])
            await #expect(
                throws: TransportError.proxy(
                    proxy: "socks5://127.0.0.1:\(proxy.port)",
                    reason: "the SOCKS5 proxy could not connect to 127.0.0.1:\(closed): connection refused")
            ) { try await engine.converse(prepared, outgoing: AsyncStream { $0.finish() }) }
            await #expect(
                throws: TransportError.proxy(
                    proxy: "socks5://127.0.0.1:\(server.port)",
                    reason: "the proxy does not answer as a SOCKS5 proxy does")
            ) { try await talk("socks5://127.0.0.1:\(server.port)") }
        }
        try await TLSTests.withTLSServer { port in
            let open = try ProxyProcess()
            try await withEngine { engine in
                for setting in ["http://127.0.0.1:\(open.port)", "socks5://127.0.0.1:\(open.port)"] {
                    var prepared = PreparedRequest(
                        request: HTTPRequest(method: .get, url: "wss://127.0.0.1:\(port)/dev/v1/ws/echo"),
                        options: SendOptions(timeout: Patience.loopback, tls: TLSSettings(caFile: TLSTests.caFile)))
                    prepared.options.proxy = ProxyRules(environmentProxy: setting, variables: [:])
                    let (outgoing, feed) = AsyncStream<HTTPEngine.WebSocketOutgoing>.makeStream()
                    feed.yield(.message(.text, Array("sealed".utf8)))
                    feed.finish()
                    let exchange = try await engine.converse(prepared, outgoing: outgoing)
                    #expect(exchange.response.transcript?.received.map(\.text) == ["sealed"])
                }
                #expect(open.log == ["CONNECT 127.0.0.1:\(port)", "SOCKS5 127.0.0.1:\(port)"])
            }
        }
    }
}
