import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `courier diff --env A --env B` over the whole workspace, against `courier demo`, whose
/// `candidate` deployment is production's next release with a changed field and a failing route.
@Suite("courier diff, whole workspace")
final class DiffWorkspaceTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-diff-all")
    }

    deinit {
        demo.end(removing: folder)
    }

    private func courier(_ arguments: [String], config: String = CourierBinary.workspace) async throws -> RunResult {
        try await CourierBinary.run(arguments + ["--config", config], environment: demo.environment)
    }

    @Test("the smoke run on production and candidate: a line per route in order, the summary, exit 1")
    func smoke() async throws {
        let result = try await courier(["diff", "smoke", "--env", "production", "--env", "candidate"])
        #expect(result.code == 1, "\(result.stderr)")
        var lines = result.stdout.split(separator: "\n").map(String.init)
        let summary = lines.popLast() ?? ""
        #expect(
            lines == [
                "= users.index",
                "≠ users.show  json address.zip: \"M20 2RN\" | \"M20\"",
                "≠ me  json response.deployment: \"production\" | \"candidate\"",
                "    json response.user.address.zip: \"M20 2RN\" | \"M20\"",
                "= headlines",
                "✗ messages.index  200 | 502",
                "    json .: [{\"id\":1,\"from\":\"ops@example.com\",\"text\":\"Deploy 2.0 finished\",\"read\":true},"
                    + "{\"id\":2,\"from\":\"support@example.com\",\"text\":\"3 tickets closed\",\"read\":false}] | "
                    + "{\"error\":\"upstream messages service…",
                "≠ posts.index  json 0.author_id: 1 | \"1\"",
                "≠ posts.show  json author_id: 1 | \"1\"",
            ], "\(result.stdout)")
        #expect(summary.hasPrefix("production | candidate: 7 routes: 2 same, 5 different, 0 trouble, 0 skipped · "))
        #expect(!result.stdout.contains("prod-token"))
    }

    @Test("--json and --junit say the same counts; every route is a test case, a difference a failure")
    func reports() async throws {
        let report = folder.appendingPathComponent("diff.xml")
        let result = try await courier(
            [
                "diff", "smoke", "--env", "production", "--env", "candidate", "--json", "--junit", report.path,
                "--jobs", "1",
            ])
        #expect(result.code == 1, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let totals = json?["totals"] as? [String: Int]
        #expect(totals == ["routes": 7, "same": 2, "different": 5, "trouble": 0, "skipped": 0, "slower": 0])
        let routes = json?["routes"] as? [[String: Any]] ?? []
        #expect(
            routes.compactMap { $0["verdict"] as? String } == [
                "same", "different", "different", "same", "status", "different", "different",
            ])
        let document = try XMLDocument(data: Data(contentsOf: report))
        let suite = try document.nodes(forXPath: "//testsuite").first as? XMLElement
        #expect(suite?.attribute(forName: "name")?.stringValue == "courier:diff production|candidate")
        #expect(suite?.attribute(forName: "failures")?.stringValue == "5")
        let failed = try document.nodes(forXPath: "//testcase[failure]/@name").map { $0.stringValue ?? "" }
        #expect(failed == ["users.show", "me", "messages.index", "posts.index", "posts.show"])
    }

    @Test("--noise sends twice per side and lists what changed between a side's own answers")
    func noise() async throws {
        let result = try await courier(
            ["diff", "users.create", "users.city", "--env", "development", "--env", "candidate", "--noise", "--yes"])
        #expect(result.code == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Each side made two users: their ids and Location headers differ, and are not differences.
        #expect(
            lines.prefix(2) == [
                "≠ users.create  json address.city: \"Madrid\" | \"Paris\"",
                "    noise ignored: header:location, json:id",
            ],
            "\(result.stdout)")
    }

    @Test("a side that cannot be reached is trouble: exit 2, the reason on the route's line")
    func trouble() async throws {
        let config = folder.appendingPathComponent("environments.json")
        try Data(
            """
            {"environments": {"up": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"},
                              "down": {"base_url": "http://127.0.0.1:1/dev/v1"}},
             "routes": [{"name": "users.index", "path": "/users"}]}
            """.utf8
        ).write(to: config)
        let result = try await courier(["diff", "--env", "up", "--env", "down"], config: config.path)
        #expect(result.code == 2)
        #expect(result.stdout.hasPrefix("✗ users.index  down: "), "\(result.stdout)")
        #expect(result.stdout.contains("up | down: 1 route: 0 same, 0 different, 1 trouble, 0 skipped"))
    }

    @Test("a write is not sent to a protected side without --yes; a run's captures stay on each side")
    func protectedAndCaptures() async throws {
        let skipped = try await courier([
            "diff", "users.create", "users.city", "--env", "candidate", "--env", "production",
        ])
        #expect(
            skipped.stdout.hasPrefix("- users.create  skipped: production: protected: not sent\n"), "\(skipped.stdout)")
        #expect(try await demo.requestLog().allSatisfy { !$0.hasPrefix("POST /prod/") })

        // auth.login captures a session per side; account sends each side its own.
        let session = try await courier(["diff", "session", "--env", "development", "--env", "candidate", "--yes"])
        #expect(session.code == 1, "\(session.stderr)")
        let lines = session.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("≠ account  ") }, "\(session.stdout)")
        #expect(session.stdout.contains(#"json plan: "team" | "enterprise""#), "\(session.stdout)")
        #expect(!lines.contains { $0.hasPrefix("- ") })
    }

    @Test("options that shape one request, and --jobs 0, are refused with one line and exit 2")
    func refused() async throws {
        let param = try await courier(["diff", "--env", "production", "--env", "candidate", "-p", "id=1"])
        #expect(param.code == 2)
        #expect(
            param.stderr
                == "courier: -p shapes one route's request: name the route (courier diff ROUTE --env A --env B)\n")
        let jobs = try await courier(["diff", "--env", "production", "--env", "candidate", "--jobs", "0"])
        #expect(jobs.code == 2 && jobs.stderr == "courier: --jobs must be 1 or more\n")
        let slower = try await courier([
            "diff", "--env", "production", "--env", "candidate", "--repeat", "2", "--slower", "fast",
        ])
        #expect(slower.code == 2 && slower.stderr == "courier: --slower takes a percentage such as 20%, not 'fast'\n")
        let contract = try await courier(["check", "--contract", "--env", "development"])
        #expect(
            contract.code == 1
                && contract.stderr
                    == "courier: no route has an OpenAPI operation (courier import openapi records them)\n"
        )
    }

    @Test("check --jobs 4 gives the same results as one at a time: a captured token still reaches its route")
    func checkJobs() async throws {
        let result = try await courier(["check", "--env", "development", "--jobs", "4", "--yes", "session", "smoke"])
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map {
            String($0.prefix(while: { $0 != " " })) + " " + String($0.split(separator: " ").dropFirst().first ?? "")
        }
        #expect(
            lines.prefix(9) == [
                "✓ auth.login", "✓ account", "✓ users.index", "✓ users.show", "✓ me", "✓ headlines", "✓ messages.index",
                "✓ posts.index", "✓ posts.show",
            ])
    }

    @Test("--repeat: candidate's slower headlines is flagged on the same answer, a latency table per side, exit 1")
    func slower() async throws {
        // 20 runs: the p95 is the 19th time, so one stall of a loaded machine cannot decide it.
        let result = try await courier(
            ["diff", "headlines", "users.index", "--env", "production", "--env", "candidate", "--repeat", "20"])
        #expect(result.code == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("▲ headlines  p95 ") && $0.hasSuffix(" %)") }, "\(result.stdout)")
        #expect(lines.contains { $0 == "= users.index" || $0.hasPrefix("▲ users.index") }, "\(result.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("production | candidate: 2 routes: 2 same, 0 different, 0 trouble, 0 skipped, ")
                    && !$0.contains(" 0 slower")
            }, "\(result.stdout)")
        let table = try #require(lines.firstIndex { $0.hasPrefix("candidate: latency over 20 runs (ms)") })
        let headlines = lines[table...].first { $0.hasPrefix("headlines ") } ?? ""
        let p50 = Double(headlines.split(separator: " ").dropFirst().first ?? "") ?? 0
        #expect(p50 >= 80, "\(headlines)")
    }

    @Test("check --repeat: each pass a line per route, the table after the summary, --report-json holds it")
    func checkRepeat() async throws {
        let report = folder.appendingPathComponent("run.json")
        let result = try await courier(
            ["check", "users.index", "headlines", "--env", "candidate", "--repeat", "4", "--report-json", report.path])
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("✓ headlines") }.count == 4)
        #expect(lines.contains("candidate: latency over 4 runs (ms)        p50      p95      p99      max"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let environment = (json?["environments"] as? [[String: Any]])?.first
        let latency = environment?["latency"] as? [[String: Any]] ?? []
        #expect(latency.compactMap { $0["route"] as? String } == ["users.index", "headlines"])
        #expect(latency.compactMap { $0["count"] as? Int } == [4, 4])
        #expect((latency.last?["p50_ms"] as? Double ?? 0) >= 80)
    }
}
