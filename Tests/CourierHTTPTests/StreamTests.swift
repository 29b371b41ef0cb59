import CourierCore
import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Testing

/// Live streams through the engine: the head, then each event as it is complete, and the
/// whole body still in the exchange when the stream ends.
@Suite("Live streams")
struct StreamTests {
    @Test("SSE and NDJSON: head first, then every event in order; the body is kept whole")
    func events() async throws {
        try await withServer { server, client in
            for (path, expected) in [("/dev/v1/events?count=2&ms=20", 3), ("/dev/v1/ndjson?count=3&ms=20", 3)] {
                let updates = Locked<[StreamUpdate]>([])
                let response = try await client.send(
                    HTTPRequest(method: .get, url: server.url(path)), options: SendOptions(timeout: Patience.loopback),
                    events: { update in updates.withLock { $0.append(update) } })
                let seen = updates.withLock { $0 }
                guard case .head(let status, _, _, _)? = seen.first else {
                    Issue.record("no head first: \(seen)")
                    continue
                }
                #expect(status == 200 && seen.count == expected + 1, "\(path)")
                let wire = seen.dropFirst().compactMap { update -> String? in
                    if case .event(let event) = update { return event.wireText }
                    return nil
                }
                if path.contains("ndjson") {
                    #expect(wire.joined() == String(decoding: response.body, as: UTF8.self))
                } else {
                    // The id in force (2, from the last tick) goes with the next event, as the spec keeps it.
                    #expect(wire.last == "event: done\nid: 2\ndata: {\"count\":2}\n\n")
                }
            }
            // A response that is not a stream reports nothing.
            let quiet = Locked(0)
            _ = try await client.send(
                HTTPRequest(method: .get, url: server.url("/dev/v1/users/42")),
                options: SendOptions(timeout: Patience.loopback),
                events: { _ in quiet.withLock { $0 += 1 } })
            #expect(quiet.withLock { $0 } == 0)
        }
    }
}
