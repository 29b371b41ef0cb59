import CourierTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Testing

@testable import CourierCore
@testable import CourierHTTP

/// The engine's own HTTP/1.1 connections (`WireTarget`): the same bytes as
/// AsyncHTTPClient wrote, connections kept alive and given up as they must be.
@Suite("HTTP engine's own HTTP/1.1 connections")
struct WireTests {
    @Test(
        "which URLs go over the engine's own connections",
        arguments: [
            ("http://127.0.0.1:8080/a?b=1#frag", "127.0.0.1", 8080, "/a?b=1", "127.0.0.1:8080"),
            ("http://api.example.com", "api.example.com", 80, "/", "api.example.com"),
            ("HTTP://API.example.com:80/x", "api.example.com", 80, "/x", "api.example.com"),
            ("http://[::1]:9/p", "::1", 9, "/p", "[::1]:9"),
            ("https://api.example.com/", "api.example.com", 443, "/", "api.example.com"),
            ("https://127.0.0.1:8443/x", "127.0.0.1", 8443, "/x", "127.0.0.1:8443"),
            ("https://api.example.com:443/", "api.example.com", 443, "/", "api.example.com"),
            ("ftp://api.example.com/", nil, 0, "", ""),
            ("http://user:pw@api.example.com/", nil, 0, "", ""),
            ("http://bücher.example/", nil, 0, "", ""),
            ("http://api.example.com/a b", nil, 0, "", ""),
            ("http://api.example.com:0/", nil, 0, "", ""),
            ("http://api.example.com:70000/", nil, 0, "", ""),
            ("http://api.example.com:+80/", nil, 0, "", ""),
        ] as [(String, String?, Int, String, String)])
    func targets(url: String, host: String?, port: Int, target: String, hostHeader: String) {
        let made = WireTarget(url, proxy: nil, streamed: false)
        #expect(made?.host == host)
        if let made {
            #expect(made.port == port && made.requestTarget == target && made.hostHeader == hostHeader)
        }
    }

    @Test("a proxy or a streamed upload leaves the request to AsyncHTTPClient")
    func notOverTheWire() {
        let proxy = ProxySetting(kind: .http, host: "127.0.0.1", port: 3128, username: nil, password: nil)
        #expect(WireTarget("http://a.example/", proxy: proxy, streamed: false) == nil)
        #expect(WireTarget("http://a.example/", proxy: nil, streamed: true) == nil)
    }

    @Test("the head goes out as AsyncHTTPClient wrote it: fields in order, Host, then the framing")
    func head() async throws {
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"
        try await withEngine { engine in
            _ = try await engine.exchange(
                loopbackRequest(
                    server.url + "/x?q=1", headers: [HeaderField("X-One", "1"), HeaderField("Accept", "*/*")]))
            _ = try await engine.exchange(
                loopbackRequest(
                    server.url + "/p", .post, headers: [HeaderField("Content-Length", "99")], body: Array("abc".utf8)))
            _ = try await engine.exchange(loopbackRequest(server.url + "/e", .post))
            _ = try await engine.exchange(
                loopbackRequest(server.url + "/d", .delete, headers: [HeaderField("Host", "h")]))
        }
        let seen = server.received.map { request in
            [request.method + " " + request.target] + request.headers.map { "\($0.name): \($0.value)" }
        }
        #expect(
            seen == [
                ["GET /x?q=1", "X-One: 1", "Accept: */*", "host: \(host)", "Accept-Encoding: deflate, gzip"],
                ["POST /p", "host: \(host)", "Content-Length: 3", "Accept-Encoding: deflate, gzip"],
                ["POST /e", "host: \(host)", "Content-Length: 0", "Accept-Encoding: deflate, gzip"],
                ["DELETE /d", "Host: h", "Accept-Encoding: deflate, gzip"],
            ])
        #expect(server.received.map(\.body) == [[], Array("abc".utf8), [], []])
    }

    @Test("a header with a control byte is never written: one line, and the server sees nothing")
    func controlByte() async throws {
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        await withEngine { engine in
            for field in [HeaderField("X-A", "a\u{1}b"), HeaderField("X A", "b"), HeaderField("X-N", "a\0")] {
                do {
                    _ = try await engine.exchange(loopbackRequest(server.url + "/x", headers: [field]))
                    Issue.record("sent \(field.name)")
                } catch {
                    let message = String(describing: error)
                    #expect(message.contains("header '\(field.name)' has a control character"), "\(message)")
                    #expect(!message.contains("a\u{1}b"))
                }
            }
        }
        #expect(server.received.isEmpty)
    }

    @Test("requests share one kept-alive connection until an answer says Connection: close")
    func keepAlive() async throws {
        let server = try HostileServer { request in
            request.target == "/last" ? .init(headers: [("Connection", "close")], body: Array("bye".utf8)) : .text("ok")
        }
        defer { server.stop() }
        try await withEngine { engine in
            for path in ["/a", "/b", "/last", "/c", "/d"] {
                let exchange = try await engine.exchange(loopbackRequest(server.url + path))
                #expect(exchange.response.status == 200)
                let phases = try #require(exchange.response.hops.first?.phases)
                // A new connection for the first and after the close, and only then.
                #expect((phases.connect != nil) == (path == "/a" || path == "/c"), "\(path)")
            }
        }
        #expect(server.received.map(\.connection) == [0, 0, 0, 1, 1])
    }

    @Test("a new connection's lookup is timed apart: a part of connect for a name, none for an address")
    func lookup() async throws {
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        try await withEngine { engine in
            // `localhost` may answer ::1 first, where nothing listens: Happy Eyeballs moves on.
            let named = try await engine.exchange(loopbackRequest("http://localhost:\(server.port)/a"))
            let phases = try #require(named.response.hops.first?.phases)
            let (dns, connect) = (try #require(phases.dns), try #require(phases.connect))
            #expect(dns > 0 && dns <= connect)
            #expect(HopPhases.lengths(named.response.hops[0]).map(\.name).prefix(2) == ["dns", "connect"])
            let address = try await engine.exchange(loopbackRequest(server.url + "/b"))
            let direct = try #require(address.response.hops.first?.phases)
            #expect(try #require(direct.dns) < 0.001)
        }
    }

    @Test("a host name with no address is one line, as before")
    func unresolved() async throws {
        await withEngine { engine in
            do {
                _ = try await engine.exchange(loopbackRequest("http://no-such-host.invalid/x"))
                Issue.record("answered")
            } catch {
                #expect(
                    (error as? TransportError)
                        == .connection(url: "http://no-such-host.invalid/x", reason: "cannot resolve the host name"))
            }
        }
    }

    @Test("a connection left waiting past the idle timeout is closed; one taken in time is not")
    func idleTimeout() async throws {
        let server = try HostileServer { _ in .text("ok") }
        defer { server.stop() }
        let pool = WirePool(idleTimeout: .seconds(60))
        let target = try #require(WireTarget(server.url + "/", proxy: nil, streamed: false))
        let origin = WirePool.Origin(host: target.host, port: target.port)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let first = try #require(try await pool.open(to: target, timeout: .seconds(5), loop: loop).0.single)
        let second = try #require(try await pool.open(to: target, timeout: .seconds(5), loop: loop).0.single)
        let start = NIODeadline.now()
        pool.release(first)
        pool.release(second)
        // The sweeps are driven with given moments: a test that waits on the clock overran it
        // under ThreadSanitizer beside the CPU-heavy suites.
        let due = try #require(pool.sweep(at: start + .seconds(59)))
        #expect(due >= start + .seconds(60) && due < start + .seconds(61))
        // Taken before its time, and put back later: its wait starts again.
        #expect(pool.idleConnection(to: origin)?.single === second)
        #expect(pool.sweep(at: start + .seconds(61)) == nil)
        #expect(pool.idleConnection(to: origin)?.single == nil)
        try await first.channel.closeFuture.get()
        #expect(second.channel.isActive)
        pool.release(second)
        let later = try #require(pool.sweep(at: .now() + .seconds(30)))
        #expect(later > start + .seconds(60))
        #expect(pool.idleConnection(to: origin)?.single === second)
        await pool.shutdown()
    }

    @Test("a body given up half read closes its connection: the next request opens another")
    func abandonedBody() async throws {
        let big = [UInt8](repeating: 0x61, count: 8 << 20)
        let server = try HostileServer { _ in .init(body: big) }
        defer { server.stop() }
        try await withEngine { engine in
            let prepared = loopbackRequest(server.url + "/big")
            let task = Task {
                try await engine.exchange(
                    prepared,
                    progress: { received in
                        if received > 0 { withUnsafeCurrentTask { $0?.cancel() } }
                    })
            }
            do {
                _ = try await task.value
                Issue.record("the whole body was read")
            } catch {
                #expect((error as? TransportError) == .cancelled)
            }
            let next = try await engine.exchange(prepared)
            #expect(next.response.bodySize == big.count)
        }
        #expect(server.received.map(\.connection) == [0, 1])
    }

    @Test("an answer whose end came with its head is handed on whole; one still arriving, as a sequence")
    func wholeOrArriving() async throws {
        let (listener, port) = try LoopbackSocket.listen()
        let rest = DispatchSemaphore(value: 0)
        let thread = Thread {
            let client = accept(listener, nil, nil)
            defer { close(client) }
            func write(_ text: String) {
                _ = text.utf8CString.withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count - 1, 0) }
            }
            func answer(_ text: String) {
                // The request's head is all a GET sends.
                var seen: [UInt8] = []
                var byte: UInt8 = 0
                while !seen.suffix(4).elementsEqual([13, 10, 13, 10]), recv(client, &byte, 1, 0) == 1 {
                    seen.append(byte)
                }
                write(text)
            }
            answer("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nwhole")
            answer("HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nfirst")
            // The rest only once the test holds the head: its body cannot have come with it.
            rest.wait()
            write(" second")
        }
        thread.start()
        defer { close(listener) }
        let group = MultiThreadedEventLoopGroup.singleton
        let url = "http://127.0.0.1:\(port)/"
        let target = try #require(WireTarget(url, proxy: nil, streamed: false))
        let (link, _) = try await WireDialer.dial(
            target, origin: WirePool.Origin(host: target.host, port: port), tls: nil, timeout: .seconds(5),
            loop: group.next(), inflationRatio: 100)
        let connection = try #require(link.single)
        defer { connection.close() }
        func body(_ answer: WireAnswer) async throws -> String {
            var text = ""
            for try await part in answer.body { text += String(buffer: part) }
            return text
        }
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/")
        head.headers.add(name: "Host", value: "127.0.0.1")
        let whole = try await connection.send(
            head: head, body: nil, marks: PhaseLog.Marks(), timeout: .seconds(5), reusable: {})
        #expect(whole.body.isWhole)
        #expect(try await body(whole) == "whole")
        let arriving = try await connection.send(
            head: head, body: nil, marks: PhaseLog.Marks(), timeout: .seconds(5), reusable: {})
        #expect(!arriving.body.isWhole)
        rest.signal()
        #expect(try await body(arriving) == "first second")
    }
}

extension WireLink {
    /// The HTTP/1.1 connection, if it is one.
    var single: WireConnection? {
        if case .single(let connection) = self { return connection }
        return nil
    }
}
