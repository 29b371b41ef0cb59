import CourierCore

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
        reply.paced = [(.milliseconds(min(milliseconds, 60_000)), Array("the rest\n".utf8))]
        return reply
    }
}

extension SampleRouter {
    /// `events?count=N&ms=M` (5 and 200 unless told; at most 10,000 events, a minute apart):
    /// a server-sent-events stream of N `tick` events, one every M milliseconds, then a
    /// `done` event.
    func events(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        paced(request, contentType: "text/event-stream") { index, count in
            index < count
                ? "id: \(index + 1)\nevent: tick\ndata: {\"n\":\(index + 1),\"deployment\":\"\(deployment.name)\"}\n\n"
                : "event: done\ndata: {\"count\":\(count)}\n\n"
        }
    }

    /// `ndjson?count=N&ms=M`: N JSON lines, one every M milliseconds (`application/x-ndjson`).
    func ndjson(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        paced(request, contentType: "application/x-ndjson") { index, count in
            index < count ? "{\"n\":\(index + 1),\"of\":\(count)}\n" : ""
        }
    }

    private func paced(
        _ request: SampleRequest, contentType: String, _ part: (_ index: Int, _ count: Int) -> String
    ) -> SampleReply {
        guard let count = Int(request.query("count") ?? "5"), (0...10_000).contains(count),
            let milliseconds = Int(request.query("ms") ?? "200"), (0...60_000).contains(milliseconds)
        else { return .error(400, "count must be 0…10000 and ms 0…60000") }
        var reply = SampleReply(
            status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-cache")], body: [])
        reply.paced = (0...count).compactMap { index in
            let text = part(index, count)
            return text.isEmpty ? nil : (index == 0 ? .zero : .milliseconds(milliseconds), Array(text.utf8))
        }
        return reply
    }
}
