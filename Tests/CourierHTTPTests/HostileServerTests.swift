import CourierHTTP
import CourierTestSupport
import Foundation
import Testing

@testable import CourierCore

/// What a hostile or careless server can do to the engine (issue 28): bombs, silent closes,
/// redirects into a protected environment, secrets carried to another origin.
@Suite("HTTP engine against a hostile server")
struct HostileServerTests {
    @Test("a gzip bomb is refused at the inflation ratio, long before it is whole")
    func gzipBomb() async throws {
        // 256 MB of zeros in ~1.7 MB: 158 times, past the ratio of 100 (the command-line test
        // sends 1 GiB).
        let bomb = GzipBomb.gzip(decodedBytes: 1 << 28)
        let server = try HostileServer { _ in
            .init(headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: bomb)
        }
        defer { server.stop() }
        await withEngine { engine in
            let expected = TransportError.bodyTooLarge(
                url: server.url + "/bomb", limit: "100 times its compressed size", inflates: true)
            await #expect(throws: expected) { try await engine.exchange(loopbackRequest(server.url + "/bomb")) }
            #expect(expected.description.hasSuffix("inflates past 100 times its compressed size; refused"))
        }
    }

    @Test("a compressed body within the ratio still stops at the absolute cap")
    func inflationCap() async throws {
        let bomb = GzipBomb.gzip(decodedBytes: 64 << 20)
        let server = try HostileServer { _ in .init(headers: [("Content-Encoding", "gzip")], body: bomb) }
        defer { server.stop() }
        await withEngine { engine in
            var small = loopbackRequest(server.url + "/x")
            small.options.maxInflatedBody = 8 << 10
            // The first chunk is within the ratio (the member's head and the first copies).
            let result = await Result { () async throws(TransportError) in try await engine.exchange(small) }
            guard case .failure(.bodyTooLarge(_, let limit, true)) = result else {
                Issue.record("expected a refusal, got \(result)")
                return
            }
            #expect(["8.0 KB", "100 times its compressed size"].contains(limit))
        }
    }

    @Test("a body past the spill cap is cut off and its file removed")
    func spillCap() async throws {
        let body = [UInt8](repeating: 65, count: 3 << 20)
        let server = try HostileServer { _ in .init(body: body) }
        defer { server.stop() }
        await withEngine { engine in
            var capped = loopbackRequest(server.url + "/big")
            capped.options.maxBodyInMemory = 1 << 20
            capped.options.maxSpilledBody = 2 << 20
            let before = spillFiles()
            await #expect(
                throws: TransportError.bodyTooLarge(url: server.url + "/big", limit: "2.0 MB", inflates: false)
            ) {
                try await engine.exchange(capped)
            }
            #expect(spillFiles() == before)
        }
    }

    private func spillFiles() -> Set<String> {
        let folder = FileManager.default.temporaryDirectory.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(names.filter { $0.hasPrefix("courier-body-") })
    }

    @Test("a 307 from an unprotected environment into a protected one is refused unless confirmed")
    func protectedRedirect() async throws {
        let production = try HostileServer { request in .text("{\"wrote\": \"\(request.method)\"}") }
        defer { production.stop() }
        let development = try HostileServer { request in .redirect(307, to: production.url + "/api" + request.target) }
        defer { development.stop() }
        try await withEngine { engine in
            var post = loopbackRequest(development.url + "/users", .post, body: Array("{}".utf8))
            post.options.protectedGuard = ProtectedGuard(entries: [
                .init(name: "development", baseURL: development.url, isProtected: false),
                .init(name: "production", baseURL: production.url + "/api", isProtected: true),
            ])
            await #expect(
                throws: TransportError.protectedRedirect(
                    method: "POST", url: production.url + "/api/users", environment: "production")
            ) { try await engine.exchange(post) }
            #expect(production.received.isEmpty)

            // A GET may follow; a confirmed POST too.
            let get = try await engine.exchange(
                PreparedRequest(
                    request: HTTPRequest(method: .get, url: development.url + "/users"), options: post.options))
            #expect(get.response.status == 200 && production.received.map(\.method) == ["GET"])
            post.options.protectedGuard.confirmed = true
            let confirmed = try await engine.exchange(post)
            #expect(confirmed.response.status == 200 && production.received.map(\.method) == ["GET", "POST"])
        }
    }

    @Test("a header that holds a secret stays behind when a redirect leaves the origin, with a warning")
    func secretHeaderAcrossOrigins() async throws {
        let other = try HostileServer { _ in .text("ok") }
        defer { other.stop() }
        let first = try HostileServer { request in
            request.target == "/same"
                ? .redirect(302, to: "/end")
                : request.target == "/end"
                    ? .text("end") : .redirect(302, to: other.url + "/landing")
        }
        defer { first.stop() }
        try await withEngine { engine in
            var prepared = loopbackRequest(
                first.url + "/away", headers: [HeaderField("X-Api-Key", "k-s3cr3t+/="), HeaderField("X-Trace", "7")])
            prepared.origin.secretValues = ["s3cr3t+/="]
            let away = try await engine.exchange(prepared)
            #expect(other.received.first?.header("X-Api-Key") == nil)
            #expect(other.received.first?.header("X-Trace") == "7")
            #expect(away.response.warnings.count == 1 && away.response.warnings[0].hasPrefix("X-Api-Key was not sent"))

            prepared.request.url = first.url + "/same"
            let same = try await engine.exchange(prepared)
            #expect(first.received.last?.header("X-Api-Key") == "k-s3cr3t+/=" && same.response.warnings.isEmpty)
        }
    }

    @Test("a kept-alive connection the server closed silently is reopened once, for any method")
    func silentClose() async throws {
        // Answers, then reads the next request on that connection and closes without a word.
        let server = try HostileServer { request in .init(body: Array(request.method.utf8), dropNext: true) }
        defer { server.stop() }
        try await withEngine { engine in
            for method: HTTPMethod in [.get, .post, .get, .delete] {
                let exchange = try await engine.exchange(
                    loopbackRequest(server.url + "/x", method, body: Array("b".utf8)))
                #expect(String(decoding: exchange.response.body, as: UTF8.self) == method.rawValue)
            }
            // Each request after the first meets the dead connection first, then a new one (7), unless
            // AsyncHTTPClient had not yet put the old one back in its pool when it was asked for the
            // next (seen once under TSan): that request goes straight to a new connection. Never more
            // than one retry per request, and the dead-connection path taken at least once.
            #expect((5...7).contains(server.received.count), "\(server.received.count)")
        }
    }
}

extension HostileServerTests {
    @Test("a cookie sent or set is a secret: a server that echoes it leaves no value in what history keeps")
    func echoedCookies() async throws {
        let server = try HostileServer { request in
            let sent = request.header("Cookie") ?? ""
            return .init(
                headers: [("Content-Type", "text/plain"), ("Set-Cookie", "fresh=n3w-v4lue; Path=/")],
                body: Array("you sent: \(sent); and got fresh=n3w-v4lue".utf8))
        }
        defer { server.stop() }
        try await withEngine { engine in
            let prepared = loopbackRequest(
                server.url + "/headers", headers: [HeaderField("Cookie", "session=s3ss10n-id")])
            let record = HistoryRedactor.record(try await engine.exchange(prepared))
            let kept = String(decoding: HistoryCoding.document(record), as: UTF8.self)
            let body = String(decoding: record.exchange.response.body, as: UTF8.self)
            #expect(!kept.contains("s3ss10n-id") && !kept.contains("n3w-v4lue"))
            #expect(body == "you sent: session=••••••; and got fresh=••••••")
        }
    }
}

extension HostileServerTests {
    @Test("a live stream keeps only its first megabyte, however long it runs; every event is still handed on")
    func streamStaysFlat() async throws {
        let event = Array("data: {\"n\": 1, \"pad\": \"\(String(repeating: "x", count: 16_000))\"}\n\n".utf8)
        let count = 80  // ~1.3 MB: past the megabyte kept, in few events (each costs under TSan)
        let body = Array([[UInt8]](repeating: event, count: count).joined())
        let server = try HostileServer { _ in .init(headers: [("Content-Type", "text/event-stream")], body: body) }
        defer { server.stop() }
        let seen = Locked(0)
        try await withEngine { engine in
            let exchange = try await engine.exchange(
                loopbackRequest(server.url + "/events"),
                events: { update in if case .event = update { seen.withLock { $0 += 1 } } })
            #expect(exchange.response.body.count == HistorySettings.bodyLimit)
            #expect(exchange.response.bodySize == body.count && exchange.response.bodyFile == nil)
        }
        #expect(seen.withLock { $0 } == count)
    }
}

extension Result where Failure == TransportError {
    /// Captures the outcome of an async call that throws a `TransportError`.
    fileprivate init(catching body: () async throws(TransportError) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
