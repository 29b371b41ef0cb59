import Testing

@testable import CourierCore

/// `--retry-until` and `--interval`: a failing route sent again until it passes or the run's
/// time is up; only idempotent methods; the durations as typed.
@Suite("Readiness")
struct ReadinessTests {
    @Test(
        "durations as typed",
        arguments: [
            ("90s", 90.0), ("90", 90), ("1.5", 1.5), ("500ms", 0.5), ("2m", 120), ("1m30s", 90), ("1h", 3600),
            (" 2s ", 2), ("0", 0),
        ])
    func durations(text: String, seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test("not durations", arguments: ["", "s", "90x", "-1", "1.2.3s", "2d", "25h", "ms5", "1 m"])
    func notDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    /// A deployment that answers 503 to its first `failing` requests (whatever the URL), then 200.
    actor Deployment {
        var sends: [String: Int] = [:]
        var total = 0
        let failing: Int
        init(failing: Int) { self.failing = failing }
        func status(_ url: String) -> Int {
            sends[url, default: 0] += 1
            total += 1
            return total > failing ? 200 : 503
        }
    }

    private func run(
        _ routes: String, failing: Int, readiness: Readiness?, refused: Bool = false
    ) async throws -> (EnvironmentRun, [String: Int]) {
        let workspace = try RunScheduleTests.workspace(routes)
        let deployment = Deployment(failing: failing)
        var runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0])
        runner.readiness = readiness
        let run = await runner.run(
            workspace.routes,
            send: { (prepared) async throws(TransportError) in
                let status = await deployment.status(prepared.request.url)
                if refused && status != 200 {
                    throw .connection(url: prepared.request.url, reason: "connection refused")
                }
                let response = HTTPResponse(status: status, reason: "", body: [], totalTime: 0.001)
                var exchange = Exchange(request: prepared.request, response: response, origin: prepared.origin)
                prepared.checkPlan?.apply(to: &exchange)
                return exchange
            })
        return (run, await deployment.sends)
    }

    @Test("a route that fails twice passes on its third try; the one after it is sent once")
    func becomesReady() async throws {
        let (run, sends) = try await run(
            #"{"name": "health", "path": "/health"}, {"name": "users", "path": "/users"}"#, failing: 2,
            readiness: Readiness(limit: 120, interval: 0.01))
        #expect(run.routes.map(\.outcome) == [.passed, .passed])
        #expect(run.routes.map(\.tries) == [3, 1])
        #expect(sends == ["http://qa.test/health": 3, "http://qa.test/users": 1])
        #expect(run.routes[0].waited > 0.015)
        // The line and the JSON report say how long the route took to become ready.
        let line = RunTextReport().lines(for: run.routes[0], in: "qa", masking: { $0 })[0]
        #expect(line.contains("  (try 3, after "), "\(line)")
        let json = RunJSONReport().json([run], timestamp: "t").serialized
        #expect(json.contains("\"tries\":3,\"waited_ms\":"), "\(json)")
    }

    @Test("no answer at all (connection refused) is waited for as a failing check is")
    func refused() async throws {
        let (run, _) = try await run(
            #"{"name": "health", "path": "/health"}"#, failing: 3, readiness: Readiness(limit: 120, interval: 0.01),
            refused: true)
        #expect(run.routes[0].outcome == .passed)
        #expect(run.routes[0].tries == 4)
    }

    @Test("the time is up: the route fails with what its last try got")
    func timeIsUp() async throws {
        let (run, sends) = try await run(
            #"{"name": "health", "path": "/health"}"#, failing: 1000, readiness: Readiness(limit: 0.5, interval: 0.1))
        #expect(run.routes[0].outcome == .failed)
        // At most 0.5 / 0.1 tries after the first fit before the limit (a loaded machine fits fewer).
        #expect((1...6).contains(sends["http://qa.test/health"] ?? 0))
        #expect(run.routes[0].tries == sends["http://qa.test/health"])
    }

    @Test("a POST that fails is not sent again; a PUT is")
    func onlyIdempotent() async throws {
        let (run, sends) = try await run(
            #"{"name": "create", "method": "POST", "path": "/c"}, {"name": "put", "method": "PUT", "path": "/p"}"#,
            failing: 2, readiness: Readiness(limit: 120, interval: 0.01))
        #expect(sends == ["http://qa.test/c": 1, "http://qa.test/p": 2])
        #expect(run.routes.map(\.outcome) == [.failed, .passed])
    }

    @Test("without --retry-until a failing route is sent once")
    func off() async throws {
        let (run, sends) = try await run(#"{"name": "health", "path": "/health"}"#, failing: 1, readiness: nil)
        #expect(run.routes[0].outcome == .failed)
        #expect(sends["http://qa.test/health"] == 1)
    }
}
