import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The endpoints that exist to try the transport: bodies that arrive over time.
extension SampleRouter {
    /// `stall?ms=N`: the head and the first line of a body at once, the rest after N
    /// milliseconds (at most a minute): a server that stalls mid-body.
    func stall(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let milliseconds = Int(request.query("ms") ?? "1000"), milliseconds >= 0 else {
            return .error(400, "ms must be milliseconds")
        }
        var reply = SampleReply(
            status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("first line\n".utf8))
        reply.paced = [(.milliseconds(min(milliseconds, 60_000)), { Array("the rest\n".utf8) })]
        return reply
    }
}

extension SampleRouter {
    /// `events?count=N&ms=M` (5 and 200 unless told; at most 10,000 events, a minute apart):
    /// a server-sent-events stream of N `tick` events, one every M milliseconds, then a
    /// `done` event. Each tick's data has `sent_ms`, when it was written (Unix milliseconds),
    /// so a client can measure how soon it showed it.
    func events(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let name = deployment.name
        return paced(request, contentType: "text/event-stream") { index, count in
            guard index < count else {
                return { @Sendable in "event: done\ndata: {\"count\":\(count)}\n\n" }
            }
            return { @Sendable in
                let sent = Int64(Date().timeIntervalSince1970 * 1000)
                let data = "{\"n\":\(index + 1),\"deployment\":\"\(name)\",\"sent_ms\":\(sent)}"
                return "id: \(index + 1)\nevent: tick\ndata: \(data)\n\n"
            }
        }
    }

    /// `ndjson?count=N&ms=M`: N JSON lines, one every M milliseconds (`application/x-ndjson`).
    func ndjson(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        paced(request, contentType: "application/x-ndjson") { index, count in
            guard index < count else { return nil }
            return { @Sendable in "{\"n\":\(index + 1),\"of\":\(count)}\n" }
        }
    }

    /// `part(index, count)` makes part `index` (0…count) when it is sent; nil skips it.
    private func paced(
        _ request: SampleRequest, contentType: String,
        _ part: (_ index: Int, _ count: Int) -> (@Sendable () -> String)?
    ) -> SampleReply {
        guard let count = Int(request.query("count") ?? "5"), (0...10_000).contains(count),
            let milliseconds = Int(request.query("ms") ?? "200"), (0...60_000).contains(milliseconds)
        else { return .error(400, "count must be 0…10000 and ms 0…60000") }
        var reply = SampleReply(
            status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-cache")], body: [])
        reply.paced = (0...count).compactMap { index in
            guard let text = part(index, count) else { return nil }
            return (index == 0 ? .zero : .milliseconds(milliseconds), { Array(text().utf8) })
        }
        return reply
    }
}
