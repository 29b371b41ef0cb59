import CourierHTTP
import CourierSampleAPI
import Testing

@testable import CourierCore

/// Check runs over real HTTP against the sample API: captures flow into later requests,
/// protected environments are never sent a mutating request, transport failures are errors.
@Suite("Check runs against the sample API")
struct CheckRunnerIntegrationTests {
    private func workspace(port: Int, protected: Bool = false) throws -> Workspace {
        try WorkspaceLoader().load(
            bytes: Array(
                """
                {"environments": {
                   "dev": {"base_url": "http://127.0.0.1:\(port)/dev/v1", "protected": \(protected),
                           "variables": {"password": "dev-password", "city": "Madrid"}, "secrets": ["password", "session"]}},
                 "routes": [
                   {"name": "login", "method": "POST", "path": "/login", "body": {"user": "qa", "password": "{{password}}"},
                    "capture": {"session": "json access_token", "kind": "json token_type"}, "checks": ["status == 200"]},
                   {"name": "account", "path": "/account", "headers": {"Authorization": "Bearer {{session}}"},
                    "checks": ["status == 200", "json plan == \\"team\\"", "json user.address.city == \\"{{city}}\\""]},
                   {"name": "wrong", "path": "/users/42", "checks": ["json address.city == \\"Paris\\""]},
                   {"name": "posted", "method": "POST", "path": "/messages", "headers": {"Authorization": "Bearer {{session}}"},
                    "body": {"text": "from a run"}, "checks": ["status == 201"]}]}
                """.utf8), fileName: "ws.json")
    }

    private func run(_ workspace: Workspace, _ engine: HTTPEngine, confirmed: Bool = false, bail: Bool = false)
        async throws -> EnvironmentRun
    {
        let runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: try workspace.environment(named: "dev"), confirmed: confirmed, bail: bail)
        return await runner.run(workspace.routes) { (prepared) async throws(TransportError) in
            // As `SendPipeline` does: the sender runs the route's checks.
            var exchange = try await engine.exchange(prepared)
            prepared.checkPlan?.apply(to: &exchange)
            return exchange
        }
    }

    @Test("a captured session token reaches the next request, and stays masked")
    func captureFlows() async throws {
        try await withServer { server, engine in
            let result = try await run(try workspace(port: server.port), engine)
            #expect(result.routes.map(\.outcome) == [.passed, .passed, .failed, .passed])
            #expect(result.routes[0].checks.map(\.check) == ["status == 200", "capture session", "capture kind"])
            let sent = result.routes[1].exchange?.request.headers.value(for: "Authorization") ?? ""
            #expect(sent == "Bearer development-session-1")
            #expect(result.secretValues.contains("development-session-1"))
            #expect(result.routes[2].failures.map(\.line) == ["json address.city == \"Paris\": got \"Madrid\""])
            let xml = JUnitReport().xml([result], timestamp: "t")
            #expect(!xml.contains("development-session-1") && !xml.contains("dev-password"))
            #expect(result.totals == .init(routes: 4, checks: 8, passed: 7, failed: 1, errors: 0, skipped: 0, sent: 4))
        }
    }

    @Test("a protected environment is never sent a mutating route; what needs its capture is skipped")
    func protectedSkipped() async throws {
        try await withServer { server, engine in
            let result = try await run(try workspace(port: server.port, protected: true), engine)
            #expect(
                result.routes.map(\.outcome) == [
                    .skipped("protected: not sent"), .skipped("needs {{session}}, which login did not capture"),
                    .failed, .skipped("protected: not sent"),
                ])
            let log = try await engine.send(HTTPRequest(method: .get, url: server.url("/_requests")))
            #expect(try JSONValue.parse(log.body)["requests"] == .array([.string("GET /dev/v1/users/42")]))
            let confirmed = try await run(try workspace(port: server.port, protected: true), engine, confirmed: true)
            #expect(confirmed.routes.map(\.outcome) == [.passed, .passed, .failed, .passed])
        }
    }

    @Test("a refused connection is an error on each of the route's checks; --bail skips the rest")
    func transportErrors() async throws {
        let engine = makeEngine()
        let closed = try workspace(port: 1)
        let result = try await run(closed, engine, bail: true)
        await engine.shutdown()
        guard case .error(let reason) = result.routes[0].outcome else {
            Issue.record("expected an error, got \(result.routes[0].outcome)")
            return
        }
        #expect(reason.contains("refused"))
        #expect(result.routes[0].checks.map(\.check) == ["status == 200", "capture session", "capture kind"])
        #expect(
            result.routes.dropFirst().allSatisfy { $0.outcome == .skipped("not run: an earlier route failed (--bail)") }
        )
        #expect(result.totals.errors == 3 && result.totals.skipped == 5)
    }
}
