import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `courier check` as a CI job runs it: the shipped workspace against `courier demo`, its JUnit
/// report read back with an XML parser, exit codes as DESIGN.md §6 gives them.
@Suite("courier check", .serialized)
final class CheckCommandTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-check")
    }

    deinit {
        demo.end(removing: folder)
    }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        try await CourierBinary.run(
            ["check"] + arguments + ["--config", CourierBinary.workspace], environment: demo.environment)
    }

    @Test("the smoke run passes on development and fails one check on production, with a readable line")
    func smoke() async throws {
        let development = try await courier(["smoke", "--env", "development"])
        #expect(development.code == 0, "\(development.stdout)\(development.stderr)")
        #expect(
            development.stdout.contains("development: 7 routes, 19 checks: 19 passed, 0 failed, 0 errors, 0 skipped"))

        let production = try await courier(["smoke", "--env", "production"])
        #expect(production.code == 4)
        let lines = production.stdout.split(separator: "\n").map(String.init)
        let failed = lines.firstIndex {
            $0.hasPrefix("✗ users.show  GET http://127.0.0.1:\(demo.port)/prod/v1/users/42  200")
        }
        #expect(failed != nil, "\(production.stdout)")
        if let failed {
            #expect(
                lines[failed + 1] == "    json address.city == \"{{city}}\": got \"Manchester\" (expected == \"Paris\")"
            )
        }
        #expect(
            lines.last?.hasPrefix("production: 7 routes, 19 checks: 18 passed, 1 failed, 0 errors, 0 skipped · ")
                == true)
    }

    @Test("--junit writes one testcase per check with the failure's expected and got, secrets masked")
    func junit() async throws {
        let report = folder.appendingPathComponent("report.xml")
        let result = try await courier(
            ["users.show", "session", "--env", "development", "--env", "production", "--junit", report.path])
        #expect(result.code == 4)
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(!text.contains("dev-token") && !text.contains("prod-token") && !text.contains("-session-"))
        let document = try XMLDocument(data: Data(text.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites" && root.attribute(forName: "name")?.stringValue == "courier")
        // Per environment: users.show 5 checks, auth.login 3 checks and a capture, account 3 checks.
        #expect(root.attribute(forName: "tests")?.stringValue == "24")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "7")
        let suites = root.elements(forName: "testsuite")
        #expect(
            suites.map { $0.attribute(forName: "name")?.stringValue } == ["courier:development", "courier:production"])
        let properties = suites.first?.elements(forName: "properties").first?.elements(forName: "property") ?? []
        #expect(
            properties.map { $0.attribute(forName: "value")?.stringValue ?? "" }
                == ["development", "http://127.0.0.1:\(demo.port)/dev/v1", CourierBinary.workspace])
        let cases = suites.last?.elements(forName: "testcase") ?? []
        let names = cases.map {
            "\($0.attribute(forName: "classname")?.stringValue ?? "") \($0.attribute(forName: "name")?.stringValue ?? "")"
        }
        #expect(names.first == "users.show status == 200" && names.contains("auth.login capture session"))
        #expect(Set(names).count == names.count)
        let failure = try #require(cases.compactMap { $0.elements(forName: "failure").first }.first)
        #expect(failure.attribute(forName: "type")?.stringValue == "AssertionFailure")
        #expect(failure.stringValue?.contains("expected: == \"Paris\"\ngot: \"Manchester\"") == true)
        #expect(
            cases.first?.elements(forName: "system-out").first?.stringValue?.hasPrefix("HTTP/1.1 200 OK\n{\"id\":42")
                == true)
        let skipped = cases.compactMap {
            $0.elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue
        }
        #expect(skipped.first == "protected: not sent")
        #expect(try await demo.requestLog().contains { $0.hasPrefix("POST /prod/v1/login") } == false)
    }

    @Test("--tap prints TAP 13 with YAML diagnostics; --report-json is one JSON document")
    func tapAndJSON() async throws {
        let json = folder.appendingPathComponent("report.json")
        let result = try await courier(["users.*", "--env", "production", "--tap", "--report-json", json.path])
        #expect(result.code == 4)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.contains("not ok 6 - production users.show: json address.city == \"{{city}}\""))
        #expect(lines.contains("  got: '\"Manchester\"'"))
        #expect(lines.contains { $0.hasPrefix("1..") })
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        let environments = report?["environments"] as? [[String: Any]]
        #expect((environments?.first?["totals"] as? [String: Int])?["failed"] == 1)
    }

    @Test("bad input: one line, exit 1, nothing sent; a refused connection exits 3")
    func badInput() async throws {
        let before = try await demo.requestLog().count
        let unknown = try await courier(["users.shw"])
        #expect(
            unknown.code == 1 && unknown.stderr == "courier: unknown route 'users.shw'; did you mean 'users.show'?\n")
        let folderMissing = try await courier(["--junit", "/nonexistent/report.xml"])
        #expect(folderMissing.code == 1 && folderMissing.stderr.contains("the folder /nonexistent does not exist"))
        let repeatZero = try await courier(["--repeat", "0"])
        #expect(repeatZero.code == 1)
        #expect(try await demo.requestLog().count == before)  // the log does not list its own reads

        let refused = try await CourierBinary.run(
            ["check", "users.show", "--env", "development", "--config", CourierBinary.workspace],
            environment: ["COURIER_DEMO_PORT": "1"])
        #expect(refused.code == 3)
        #expect(
            refused.stdout.contains(
                "error: could not connect to http://127.0.0.1:1/dev/v1/users/42: connection refused"))
    }

    @Test("--retry-until waits for a deployment that answers 503 three times, then checks it; bad durations refused")
    func retryUntil() async throws {
        let config = folder.appendingPathComponent("ready.json")
        try Data(
            """
            {"environments": {"dev": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [{"name": "health", "path": "/flaky", "query": {"fail": "3", "key": "e2e-ready"},
                         "checks": ["status == 200"]},
                        {"name": "create", "method": "POST", "path": "/flaky",
                         "query": {"fail": "3", "key": "e2e-write"}, "checks": ["status == 200"]}]}
            """.utf8
        ).write(to: config)
        let run = { (arguments: [String]) in
            try await CourierBinary.run(
                ["check"] + arguments + ["--config", config.path], environment: self.demo.environment)
        }
        let ready = try await run(["health", "--retry-until", "20s", "--interval", "100ms"])
        #expect(ready.code == 0, "\(ready.stdout)\(ready.stderr)")
        #expect(ready.stdout.contains("✓ health  GET http://127.0.0.1:\(demo.port)/dev/v1/flaky?"), "\(ready.stdout)")
        #expect(ready.stdout.contains("  (try 4, after "), "\(ready.stdout)")
        // A write that fails is not sent again: once, and it fails.
        let write = try await run(["create", "--yes", "--retry-until", "5s", "--interval", "100ms"])
        #expect(write.code == 4)
        #expect(try await demo.requestLog().filter { $0.contains("key=e2e-write") }.count == 1)
        let bad = try await run(["health", "--retry-until", "soon"])
        #expect(bad.code == 1 && bad.stderr.contains("--retry-until takes a duration such as 90s"), "\(bad.stderr)")
        let alone = try await run(["health", "--interval", "1s"])
        #expect(alone.code == 1 && alone.stderr.contains("--interval needs --retry-until"))
    }

    @Test("--baseline: the same routes' history of the last 7 days; a route 80 ms slower fails the run, named")
    func baseline() async throws {
        let config = folder.appendingPathComponent("baseline.json")
        let workspace = { (prefix: String) in
            """
            {"environments": {"qa": {"base_url": "http://127.0.0.1:\(self.demo.port)/\(prefix)/v1"}},
             "routes": [{"name": "headlines", "path": "/headlines"}, {"name": "users.index", "path": "/users"}]}
            """
        }
        let state = folder.appendingPathComponent("baseline-state")
        let run = { (arguments: [String]) in
            try await CourierBinary.run(
                ["check"] + arguments + ["--config", config.path],
                environment: self.demo.environment.merging(["XDG_STATE_HOME": state.path]) { $1 })
        }
        try Data(workspace("prod").utf8).write(to: config)
        let none = try await run(["--repeat", "3", "--baseline"])
        #expect(
            none.code == 0 && none.stdout.contains("  headlines     no history in the last 7 days"), "\(none.stdout)")
        // The same workspace file and environment, now pointing at candidate, where headlines is 80 ms slower.
        try Data(workspace("next").utf8).write(to: config)
        // Under --tap the table is TAP's diagnostics (this run kept out of history: the next compares too).
        let tap = try await run(["--repeat", "3", "--baseline", "--tap", "--no-history"])
        #expect(tap.code == 4 && tap.stdout.contains("\n# ▲ headlines     p50 "), "\(tap.stdout)")
        let slower = try await run(["--repeat", "3", "--baseline"])
        #expect(slower.code == 4, "\(slower.stdout)")
        #expect(slower.stdout.contains("qa: this run against the last 7 days of history (ms)"))
        #expect(slower.stdout.contains("▲ headlines     p50 "), "\(slower.stdout)")
        // users.index is the same route on both: on a loaded machine its jitter may pass 5 ms too.
        #expect(slower.stdout.contains("users.index   p50 "), "\(slower.stdout)")
        #expect(slower.stdout.contains("slower than the last 7 days: headlines"), "\(slower.stdout)")
        let alone = try await run(["--slower", "10%"])
        #expect(alone.code == 1 && alone.stderr.contains("--slower needs --baseline"))
    }
}
