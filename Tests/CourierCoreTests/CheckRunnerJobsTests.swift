import Testing

@testable import CourierCore

/// `--jobs N`: at most N requests in flight, a route that needs a capture sent after it, the
/// results reported in the order selected.
@Suite("Check runner jobs")
struct CheckRunnerJobsTests {
    /// Counts the requests in flight and remembers the most at once, and the order sent.
    actor Gauge {
        var current = 0
        var most = 0
        var sent: [String] = []
        func start(_ url: String) {
            current += 1
            most = max(most, current)
            sent.append(url)
        }
        func end() { current -= 1 }
    }

    /// A 200 answer with `body` (JSON) that took `seconds`, checked and captured as
    /// `SendPipeline` does it.
    static func answer(_ prepared: PreparedRequest, _ body: String, seconds: Double = 0.001) -> Exchange {
        let response = HTTPResponse(
            status: 200, reason: "OK", headers: [HeaderField("Content-Type", "application/json")],
            body: Array(body.utf8), totalTime: seconds)
        var exchange = Exchange(request: prepared.request, response: response, origin: prepared.origin)
        prepared.checkPlan?.apply(to: &exchange)
        return exchange
    }

    @Test("eight independent routes, --jobs 3: three in flight at most and at once, reported in order")
    func bounded() async throws {
        let routes = (1...8).map { "{\"name\": \"r\($0)\", \"path\": \"/r\($0)\"}" }.joined(separator: ",")
        let workspace = try RunScheduleTests.workspace(routes)
        let gauge = Gauge()
        let reported = Locked<[String]>([])
        let run = await CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0]
        ).run(
            workspace.routes, jobs: 3,
            send: { (prepared) async throws(TransportError) in
                await gauge.start(prepared.request.url)
                try? await Task.sleep(for: .milliseconds(30))
                await gauge.end()
                return Self.answer(prepared, "{}")
            },
            report: { route in reported.withLock { $0.append(route.route) } })
        #expect(await gauge.most == 3)
        #expect(run.routes.map(\.route) == (1...8).map { "r\($0)" })
        #expect(reported.withLock { $0 } == (1...8).map { "r\($0)" })
        #expect(run.routes.allSatisfy { $0.outcome == .passed })
    }

    @Test("with --jobs 4 a route that uses a capture goes out after it, with its value; a write is alone")
    func dependencies() async throws {
        let workspace = try RunScheduleTests.workspace(
            #"{"name": "login", "path": "/login", "capture": {"token": "json token"}},"#
                + #"{"name": "free", "path": "/free"},"#
                + #"{"name": "me", "path": "/me", "headers": {"X-Token": "{{token}}"}},"#
                + #"{"name": "write", "method": "POST", "path": "/write"},"#
                + #"{"name": "after", "path": "/after"}"#)
        let gauge = Gauge()
        let run = await CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0]
        ).run(
            workspace.routes, jobs: 4,
            send: { (prepared) async throws(TransportError) in
                await gauge.start(prepared.request.url)
                // The capturing route answers last of the first two, so order is not luck.
                let slow = prepared.request.url.hasSuffix("/login")
                try? await Task.sleep(for: .milliseconds(slow ? 60 : 5))
                await gauge.end()
                return Self.answer(prepared, slow ? "{\"token\": \"t-1\"}" : "{}")
            })
        let sent = await gauge.sent
        #expect(sent.prefix(2).sorted() == ["http://qa.test/free", "http://qa.test/login"])
        #expect(Array(sent.suffix(3)) == ["http://qa.test/me", "http://qa.test/write", "http://qa.test/after"])
        let me = run.routes[2].exchange?.request.headers.first { $0.name == "X-Token" }?.value
        #expect(me == "t-1")
        #expect(run.routes.map(\.route) == ["login", "free", "me", "write", "after"])
    }

    @Test("--bail with --jobs: routes not yet started are skipped once one fails")
    func bail() async throws {
        let routes = (1...6).map { "{\"name\": \"r\($0)\", \"path\": \"/r\($0)\", \"checks\": [\"status == 200\"]}" }
        let workspace = try RunScheduleTests.workspace(routes.joined(separator: ","))
        let run = await CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0], bail: true
        ).run(workspace.routes, jobs: 2) { (prepared) async throws(TransportError) in
            if prepared.request.url.hasSuffix("/r1") {
                throw TransportError.connection(url: prepared.request.url, reason: "refused")
            }
            try? await Task.sleep(for: .milliseconds(20))
            return Self.answer(prepared, "{}")
        }
        let outcomes = run.routes.map(\.outcome)
        #expect(outcomes.first.map { if case .error = $0 { true } else { false } } == true)
        #expect(outcomes.suffix(4).allSatisfy { $0 == .skipped("not run: an earlier route failed (--bail)") })
    }
}
