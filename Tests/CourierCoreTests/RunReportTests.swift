import Testing

@testable import CourierCore

/// Runs over a stand-in network (every request answered from a table), and the reports they
/// make: `--repeat` names, unique test case names, TAP, the terminal lines, secrets masked.
@Suite("Check run reports")
struct RunReportTests {
    static let workspace = Workspace(
        environments: [
            Environment(
                name: "qa", baseURL: "http://qa.test", variables: ["token": "s3cret"], secrets: ["token"])
        ],
        routes: [
            route("ping", "/ping", ["status == 200", "status == 200"]),
            route("token", "/token?t={{token}}", ["json ok == true"]),
        ])

    static func route(_ name: String, _ path: String, _ checks: [String]) -> Route {
        var route = Route(name: name, method: .get, path: path)
        route.checks = checks.compactMap { try? CheckParser.check($0) }
        return route
    }

    /// Runs the workspace's routes `passes` times; `/token` answers `{"ok": false, "echo": URL}`.
    static func run(passes: Int) async -> EnvironmentRun {
        let runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0])
        return await runner.run(workspace.routes, passes: passes) { (prepared) async throws(TransportError) in
            let body =
                prepared.request.url.contains("token") ? "{\"ok\":false,\"echo\":\"\(prepared.request.url)\"}" : "{}"
            let response = HTTPResponse(
                status: 200, reason: "OK", headers: [HeaderField("Content-Type", "application/json")],
                body: Array(body.utf8), totalTime: 0.0125)
            // As `SendPipeline` does: the sender runs the route's checks.
            var exchange = Exchange(request: prepared.request, response: response, origin: prepared.origin)
            prepared.checkPlan?.apply(to: &exchange)
            return exchange
        }
    }

    @Test("--repeat names each pass; test case names stay unique; secrets never reach the XML")
    func junitNames() async {
        let run = await Self.run(passes: 2)
        #expect(run.routes.map(\.pass) == [1, 1, 2, 2])
        let xml = JUnitReport().xml([run], timestamp: "2026-11-23T12:00:00Z")
        let names = xml.split(separator: "\n").filter { $0.contains("<testcase ") }.map { line in
            line.split(separator: "\"")[1] + " " + line.split(separator: "\"")[3]
        }
        #expect(
            names == [
                "ping status == 200", "ping status == 200 (2)", "token json ok == true",
                "ping status == 200 (run 2)", "ping status == 200 (run 2) (2)",
                "token json ok == true (run 2)",
            ])
        #expect(xml.contains("tests=\"6\" failures=\"2\" errors=\"0\" skipped=\"0\""))
        #expect(!xml.contains("s3cret") && xml.contains("t=••••••"))
        #expect(xml.contains("<testcase classname=\"ping\" name=\"status == 200\" time=\"0.013\">"))
    }

    @Test("TAP: one point per check, YAML under failures, the plan last; the terminal lines and summary")
    func tapAndLines() async {
        let run = await Self.run(passes: 1)
        let tap = TAPReport().text([run]).split(separator: "\n").map(String.init)
        #expect(tap.first == "TAP version 13" && tap.last == "1..3")
        #expect(tap[1] == "ok 1 - qa ping: status == 200")
        #expect(tap[3] == "not ok 3 - qa token: json ok == true")
        #expect(tap[4...].contains("  message: 'got false'") && !tap.joined().contains("s3cret"))

        let report = RunTextReport()
        let lines = run.routes.flatMap { route in
            report.lines(for: route, in: "qa", masking: { SecretMask.apply($0, hiding: run.secretValues) })
        }
        #expect(
            lines == [
                "✓ ping  GET http://qa.test/ping  200  13 ms", "✗ token  GET http://qa.test/token?t=••••••  200  13 ms",
                "    json ok == true: got false",
            ])
        #expect(report.summary(run).hasPrefix("qa: 2 routes, 3 checks: 2 passed, 1 failed, 0 errors, 0 skipped · "))
    }

    @Test(
        "times print with a fixed number of decimals",
        arguments: [
            (1.5, 3, "1.500"), (0.0125, 3, "0.013"), (1.234, 2, "1.23"), (12.0, 0, "12"), (2288.64, 1, "2288.6"),
        ])
    func fixedDecimals(value: Double, places: Int, expected: String) {
        #expect(Seconds.fixed(value, places: places) == expected)
    }
}
