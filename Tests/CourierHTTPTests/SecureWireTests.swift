import CourierTestSupport
import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import CourierCore
@testable import CourierHTTP

/// HTTPS over the engine's own connections: the handshake timed as a phase of its own, the
/// certificate read from the very connection, HTTP/2 when ALPN picks it.
@Suite("HTTPS over the engine's own connections")
struct SecureWireTests {
    @Test("a new connection's phases are dns, connect and tls; the next request keeps it alive")
    func phases() async throws {
        try await TLSTests.withTLSServer { port in
            let client = makeEngine()
            let options = SendOptions(timeout: Patience.loopback, tls: TLSSettings(caFile: TLSTests.caFile))
            let request = CourierCore.HTTPRequest(method: .get, url: "https://127.0.0.1:\(port)/")
            do {
                let first = try await client.send(request, options: options)
                let second = try await client.send(request, options: options)
                #expect(first.version == "HTTP/1.1")
                let opened = try #require(first.hops.last)
                #expect(HopPhases.lengths(opened).map(\.name).prefix(3) == ["dns", "connect", "tls"])
                // An address takes no lookup; the handshake takes a few round trips and some crypto.
                #expect(opened.phases?.dns == 0)
                #expect((opened.phases?.tls ?? 0) > 0)
                #expect((opened.phases?.tls ?? 1) <= (opened.phases?.connect ?? 0))
                let kept = try #require(second.hops.last)
                #expect(kept.phases?.connect == nil && kept.phases?.tls == nil)
                #expect(HopPhases.line(opened).contains(" · tls "))
            } catch {
                Issue.record("\(error)")
            }
            await client.shutdown()
        }
    }

    @Test("with verification off, the certificate of the connection itself is read, whatever names it has")
    func certificateForOtherNames() async throws {
        try await TLSTests.withTLSServer(certificate: "other-names") { port in
            let response = try await TLSTests.send(port, TLSSettings(insecure: true)).get()
            let certificate = try #require(response.certificate)
            #expect(certificate.names == ["other.example", "www.other.example"])
            let check = try CheckParser.check(#"certificate names contains "other.example""#)
            #expect(CheckEvaluator(response: response).evaluate(check).passed)
        }
    }

    @Test("HTTP/2 by ALPN: requests at once share one connection, each on a stream, and only the first opened it")
    func http2Shared() async throws {
        let server = try await HTTP2Server.start()
        let client = makeEngine()
        let options = SendOptions(timeout: Patience.loopback, tls: TLSSettings(caFile: TLSTests.caFile))
        let request = CourierCore.HTTPRequest(method: .get, url: "https://127.0.0.1:\(server.port)/")
        do {
            let first = try await client.send(request, options: options)
            #expect(first.version == "HTTP/2.0")
            #expect(first.hops.last?.phases?.tls != nil)
            #expect(first.certificate?.subject == "CN=127.0.0.1")
            let rest = try await withThrowingTaskGroup(of: CourierCore.HTTPResponse.self) { group in
                for _ in 0..<4 { group.addTask { try await client.send(request, options: options) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(rest.map(\.version) == Array(repeating: "HTTP/2.0", count: 4))
            #expect(rest.allSatisfy { $0.hops.last?.phases?.connect == nil && $0.certificate != nil })
            #expect(server.accepted.withLock { $0 } == 1)
        } catch {
            Issue.record("\(error)")
        }
        await client.shutdown()
        try await server.channel.close()
    }

    @Test("after the server's GOAWAY the next request goes on a new connection, and succeeds")
    func goAway() async throws {
        let server = try await HTTP2Server.start(goAway: true)
        let client = makeEngine()
        let options = SendOptions(timeout: Patience.loopback, tls: TLSSettings(caFile: TLSTests.caFile))
        let request = CourierCore.HTTPRequest(method: .get, url: "https://127.0.0.1:\(server.port)/")
        do {
            for _ in 0..<3 {
                let response = try await client.send(request, options: options)
                #expect(response.status == 200 && response.version == "HTTP/2.0")
            }
            #expect(server.accepted.withLock { $0 } == 3)
        } catch {
            Issue.record("\(error)")
        }
        await client.shutdown()
        try await server.channel.close()
    }

    @Test("a shared HTTP/2 connection is closed once no stream has used it for the idle timeout")
    func idleHTTP2() async throws {
        let server = try await HTTP2Server.start()
        let pool = WirePool(idleTimeout: .seconds(60))
        let url = "https://127.0.0.1:\(server.port)/"
        let target = try #require(WireTarget(url, proxy: nil, streamed: false))
        let context = try TLSConfigurationCache().context(TLSSettings(caFile: TLSTests.caFile), url: url)
        // Its idle time starts while it opens: between these two moments (seconds apart under load).
        let before = NIODeadline.now()
        let (link, _) = try await pool.open(
            to: target, tls: context, timeout: .seconds(5), loop: MultiThreadedEventLoopGroup.singleton.next())
        let after = NIODeadline.now()
        guard case .multiplexed(let shared) = link else {
            Issue.record("ALPN did not settle on HTTP/2")
            return
        }
        let origin = WirePool.Origin(host: target.host, port: target.port, secure: true)
        // Shared, not taken: every request finds it.
        for _ in 0..<2 {
            guard case .multiplexed(let found)? = pool.idleConnection(to: origin) else {
                Issue.record("the connection is not shared")
                return
            }
            #expect(found === shared)
        }
        let due = try #require(pool.sweep(at: before + .seconds(59)))
        #expect(due >= before + .seconds(60) && due <= after + .seconds(60))
        #expect(pool.sweep(at: after + .seconds(61)) == nil)
        try await shared.channel.closeFuture.get()
        #expect(pool.idleConnection(to: origin) == nil)
        await pool.shutdown()
        try await server.channel.close()
    }

    @Test("a server that takes the connection and never answers the handshake is a timeout while connecting")
    func silentHandshake() async throws {
        // Listening without accepting: the kernel completes TCP, and nothing ever answers.
        let (listener, port) = try LoopbackSocket.listen()
        defer { close(listener) }
        let client = makeEngine()
        let request = CourierCore.HTTPRequest(method: .get, url: "https://127.0.0.1:\(port)/")
        do throws(TransportError) {
            _ = try await client.send(request, options: SendOptions(timeout: 0.3))
            Issue.record("a silent server answered")
        } catch {
            #expect(error == .timeout(seconds: 0.3, url: "https://127.0.0.1:\(port)/", phase: .connecting))
        }
        await client.shutdown()
    }
}
