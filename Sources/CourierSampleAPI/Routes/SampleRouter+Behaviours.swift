import CourierCore

/// The endpoints that exist to try the client rather than the data: echo, any status, delays,
/// large and binary bodies, redirects, compression, cookies and a flaky endpoint for retries.
/// They answer any method.
extension SampleRouter {
    /// The request as received: method, path, query, headers and body (JSON when it parses).
    func echo(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let body: JSONValue
        if request.body.isEmpty {
            body = .null
        } else if let parsed = try? JSONValue.parse(request.body) {
            body = parsed
        } else {
            body = .string(String(decoding: request.body, as: UTF8.self))
        }
        return .json(
            .fields([
                "method": .string(request.method),
                "path": .string(request.path),
                // A name sent alone (`?pretty`) is null, so a client that adds `=` is seen.
                "query": .object(request.query.map { JSONMember($0.name, $0.bare ? .null : .string($0.value)) }),
                "headers": .object(request.headers.map { JSONMember($0.name.lowercased(), .string($0.value)) }),
                "body": body,
                "deployment": .string(deployment.name),
            ]))
    }

    func status(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let code = Int(request.parameter("code")), (200...599).contains(code) else {
            return .error(400, "status must be a number from 200 to 599")
        }
        if code == 204 || code == 304 { return SampleReply(status: code, headers: [], body: []) }
        return .json(.fields(["status": .int(code), "deployment": .string(deployment.name)]), status: code)
    }

    /// Waits the given milliseconds (at most a minute) before answering.
    func delay(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let milliseconds = Int(request.parameter("ms")), milliseconds >= 0 else {
            return .error(400, "delay must be milliseconds")
        }
        let capped = min(milliseconds, 60_000)
        try? await Task.sleep(for: .milliseconds(capped))
        return .json(.fields(["delayed_ms": .int(capped)]))
    }

    /// `?items=N` (default 1,000, at most 2,000,000) generated items of about 220 bytes each;
    /// with `stall_ms=M`, the first half at once and the rest M milliseconds later (at most a
    /// minute): a large body that arrives over time.
    func large(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let items = min(max(Int(request.query("items") ?? "") ?? 1_000, 0), 2_000_000)
        let document = LargeDocument.make(items: items)
        guard let stall = request.query("stall_ms") else {
            return SampleReply(status: 200, headers: [("Content-Type", "application/json")], body: document)
        }
        guard let milliseconds = Int(stall), milliseconds >= 0 else {
            return .error(400, "stall_ms must be milliseconds")
        }
        let half = document.count / 2
        var reply = SampleReply(
            status: 200, headers: [("Content-Type", "application/json")], body: Array(document[..<half]))
        let rest = Array(document[half...])
        reply.paced = [(.milliseconds(min(milliseconds, 60_000)), { rest })]
        return reply
    }

    /// `redirect/N`: N hops of 302 down to `redirect/0`.
    func redirect(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let hops = Int(request.parameter("hops")), hops >= 0 else {
            return .error(400, "redirect count must be a number")
        }
        if hops == 0 { return .json(.fields(["redirected": .bool(true)])) }
        return SampleReply(status: 302, headers: [("Location", "\(deployment.prefix)/redirect/\(hops - 1)")], body: [])
    }

    /// `redirect-to?url=…&status=…` (302 unless told).
    func redirectTo(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let target = request.query("url") else { return .error(400, "url is required") }
        let status = Int(request.query("status") ?? "") ?? 302
        return SampleReply(status: status, headers: [("Location", target)], body: [])
    }

    func gzip(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        compressed("gzip", deployment, Gzip.gzip)
    }

    func deflate(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        compressed("deflate", deployment, Gzip.zlib)
    }

    private func compressed(_ encoding: String, _ deployment: SampleDeployment, _ compress: ([UInt8]) -> [UInt8])
        -> SampleReply
    {
        var reply = SampleReply.json(.fields(["encoding": .string(encoding), "deployment": .string(deployment.name)]))
        reply.body = compress(reply.body)
        reply.headers.append(("Content-Encoding", encoding))
        return reply
    }

    /// `bytes/N`: N deterministic bytes of `application/octet-stream` (at most 10 MB).
    func bytes(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let count = Int(request.parameter("count")), (0...10_000_000).contains(count) else {
            return .error(400, "byte count must be 0…10000000")
        }
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        return SampleReply(status: 200, headers: [("Content-Type", "application/octet-stream")], body: bytes)
    }

    func text(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        SampleReply(
            status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array("Hello from the \(deployment.name) sample API.\nThis body is plain text.\n".utf8))
    }

    func cookies(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        var reply = SampleReply.json(.fields(["cookies": .int(2)]))
        reply.headers += [("Set-Cookie", "session=abc; Path=/"), ("Set-Cookie", "theme=dark; Path=/")]
        return reply
    }

    /// `flaky?fail=N&key=K`: 503 for the first N hits of key K, then 200.
    func flaky(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let failures = Int(request.query("fail") ?? "") ?? 1
        let hits = await store.hitFlaky("\(deployment.prefix)|\(request.query("key") ?? "")")
        if hits <= failures { return .error(503, "temporarily unavailable, try again") }
        return .json(.fields(["attempts": .int(hits)]))
    }
}
