import CourierCore
import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Testing

/// The start of a large body, reported once while the rest arrives, for a screen to show.
@Suite("The start of a large body")
struct PartialBodyTests {
    /// What `send` reported for `path` with `partialAfter`, and the whole response.
    static func partials(
        _ path: String, partialAfter: Int?, on server: SampleServer, _ client: HTTPEngine
    ) async throws -> ([StreamUpdate], HTTPResponse) {
        let updates = Locked<[StreamUpdate]>([])
        let response = try await client.send(
            HTTPRequest(method: .get, url: server.url(path)), options: SendOptions(timeout: Patience.loopback),
            events: { update in updates.withLock { $0.append(update) } }, partialAfter: partialAfter)
        return (updates.withLock { $0 }, response)
    }

    @Test("a body that stalls past the threshold is reported once, with the bytes that came first")
    func stalled() async throws {
        try await withServer { server, client in
            // ~440 KB: half at once, the rest 200 ms later.
            let (updates, response) = try await Self.partials(
                "/dev/v1/large?items=2000&stall_ms=200", partialAfter: 64 << 10, on: server, client)
            #expect(updates.count == 1)
            guard case .partial(let status, let reason, let headers, let first)? = updates.first else {
                Issue.record("no partial: \(updates)")
                return
            }
            #expect(status == 200 && reason == "OK")
            #expect(headers.value(for: "Content-Type") == "application/json")
            #expect(first.count >= 64 << 10 && first.count <= response.body.count / 2)
            #expect(response.body.starts(with: first))
        }
    }

    @Test("nothing for a small body, a stream, or a caller that did not ask")
    func quiet() async throws {
        try await withServer { server, client in
            let cases: [(String, Int?)] = [
                ("/dev/v1/large?items=100&stall_ms=50", 64 << 10),  // ~22 KB in all
                ("/dev/v1/large?items=2000&stall_ms=50", nil),
            ]
            for (path, threshold) in cases {
                let (updates, _) = try await Self.partials(path, partialAfter: threshold, on: server, client)
                #expect(updates.isEmpty, "\(path)")
            }
            // A stream is shown as events, never as the start of a body.
            let (updates, _) = try await Self.partials(
                "/dev/v1/ndjson?count=3&ms=20", partialAfter: 1, on: server, client)
            #expect(updates.count == 4)
            #expect(!updates.contains { if case .partial = $0 { true } else { false } })
        }
    }
}
