import CourierTestSupport
import Foundation
import Testing

/// `courier call` with the transport settings of DESIGN.md §10, against the sample API:
/// proxies, the environment named when its settings are at fault.
@Suite("courier command line: transport", .serialized)
final class TransportCommandTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-transport")
    }

    deinit { demo.end(removing: folder) }

    /// Writes a workspace with one environment `dev` (with `settings`) and returns its path.
    private func workspace(_ settings: String) throws -> String {
        let file = folder.appendingPathComponent("transport-\(UUID().uuidString).json")
        try Data(
            """
            {"environments": {"dev": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"\(settings)}},
             "routes": [{"name": "users.show", "path": "/users/42"}]}
            """.utf8
        ).write(to: file)
        return file.path
    }

    /// `courier ARGS` on the shipped workspace against this suite's server, with `state` as the
    /// state folder (cookies and tokens are kept there between the runs of one test).
    private func shipped(_ arguments: [String], state: String) async throws -> RunResult {
        try await CourierBinary.run(
            arguments + ["--config", CourierBinary.workspace],
            environment: demo.environment.merging(["XDG_STATE_HOME": state]) { _, new in new })
    }

    @Test("a proxy that is not there is one line naming it (password masked) and the environment")
    func proxyRefused() async throws {
        let config = try workspace(#", "proxy": "http://qa:hunter2@127.0.0.1:1""#)
        let result = try await CourierBinary.run(["call", "users.show", "--config", config])
        #expect(result.code == 1)
        #expect(
            result.stderr == "courier: proxy http://qa:••••••@127.0.0.1:1: connection refused (environment dev)\n")
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test("\"proxy\": \"\" ignores HTTP_PROXY; loopback never takes the process's proxy")
    func noProxy() async throws {
        let config = try workspace(#", "proxy": """#)
        let direct = try await CourierBinary.run(
            ["call", "users.show", "--config", config, "--raw"], environment: ["HTTP_PROXY": "http://127.0.0.1:1"])
        #expect(direct.code == 0 && direct.stdout.contains("\"id\":42"), "\(direct.stderr)")
        let loopback = try await CourierBinary.run(
            ["call", "users.show", "--config", try workspace(""), "--raw"],
            environment: ["http_proxy": "http://127.0.0.1:1"])
        #expect(loopback.code == 0, "\(loopback.stderr)")
    }

    @Test("cookies: a login's cookie is kept between runs, listed masked, skipped with --no-cookies, cleared")
    func cookies() async throws {
        let state = folder.appendingPathComponent("cookie-state").path
        func courier(_ arguments: [String]) async throws -> RunResult { try await shipped(arguments, state: state) }
        #expect(try await courier(["call", "session.me"]).code == 4)
        let login = try await courier(["call", "session.login"])
        #expect(login.code == 0, "\(login.stderr)")
        let me = try await courier(["call", "session.me", "--raw"])
        #expect(me.code == 0 && me.stdout.contains("\"user\":\"qa\""), "\(me.stderr)")
        #expect(try await courier(["call", "session.me", "--no-cookies"]).code == 4)

        let listed = try await courier(["cookies"])
        let lines = listed.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(lines.first == ["ENVIRONMENT", "NAME", "VALUE", "DOMAIN", "PATH", "EXPIRES", "FLAGS"])
        #expect(lines.count == 2 && lines.last?.prefix(5) == ["development", "sid", "••••••", "127.0.0.1", "/dev/v1"])
        #expect(!listed.stdout.contains("qa-session"))
        #expect(try await courier(["cookies", "--env", "production"]).stderr == "no cookies kept for production\n")

        // A check run logs in and uses the cookie in one go, in production too (its own jar).
        let run = try await courier(["check", "session.login", "session.me", "--env", "production", "--yes"])
        #expect(run.code == 0, "\(run.stdout)\(run.stderr)")

        #expect(try await courier(["cookies", "--clear", "--env", "development"]).code == 0)
        #expect(try await courier(["call", "session.me"]).code == 4)
        #expect(try await courier(["call", "session.me", "--env", "production", "--yes"]).code == 0)
    }

    @Test("OAuth2: the token is fetched once and kept between runs")
    func oauth2() async throws {
        let state = folder.appendingPathComponent("token-state").path
        func courier(_ arguments: [String]) async throws -> RunResult { try await shipped(arguments, state: state) }
        let before = try await demo.requestLog().filter { $0.hasPrefix("POST /dev/v1/oauth/token") }.count
        for _ in 0..<2 {
            let result = try await courier(["call", "oauth.me", "--raw"])
            #expect(result.code == 0 && result.stdout.contains("\"subject\":\"client:courier\""), "\(result.stderr)")
        }
        let after = try await demo.requestLog().filter { $0.hasPrefix("POST /dev/v1/oauth/token") }.count
        #expect(after - before == 1)
        let tokens = try FileManager.default.contentsOfDirectory(atPath: state + "/courier/tokens")
        #expect(tokens.count == 1)
    }

    @Test("a live stream is printed event by event: the first long before the stream ends")
    func liveStream() async throws {
        let output = folder.appendingPathComponent("stream-\(UUID().uuidString)")
        let started = Date()
        let process = try TestProcess(
            CourierBinary.url.path,
            ["call", "events", "-q", "count=3", "-q", "ms=800", "--config", CourierBinary.workspace],
            environment: CourierBinary.environment(demo.environment), stdout: output.path)
        var text = ""
        var firstAt: TimeInterval?
        while process.isRunning && Date().timeIntervalSince(started) < 60 {
            text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
            if firstAt == nil, text.contains("event: tick  id: 1") {
                firstAt = Date().timeIntervalSince(started)
                // The stream has 1.6 s to go: the process is still reading it.
                #expect(process.isRunning)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await process.wait(seconds: 10) == .exited(0))
        text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        #expect((firstAt ?? 99) < 1.2, "first event after \(firstAt ?? -1) s")
        #expect(text.components(separatedBy: "event: tick").count == 4 && text.contains("event: done"))
        #expect(text.contains("  \"n\": 2,"), "JSON data pretty-printed: \(text)")
    }

    @Test("--raw prints the stream in its wire format; NDJSON lines are pretty-printed; a stalled stream times out")
    func streamForms() async throws {
        let state = folder.appendingPathComponent("stream-state").path
        func courier(_ arguments: [String]) async throws -> RunResult { try await shipped(arguments, state: state) }
        let raw = try await courier(["call", "events", "-q", "count=1", "-q", "ms=10", "--raw"])
        #expect(raw.stdout.hasPrefix("event: tick\nid: 1\ndata: {\"n\":1,"))
        #expect(raw.stdout.hasSuffix("event: done\nid: 1\ndata: {\"count\":1}\n\n"))
        let lines = try await courier(["call", "ndjson", "-q", "count=2", "-q", "ms=10"])
        #expect(lines.stdout == "{\n  \"n\": 1,\n  \"of\": 2\n}\n{\n  \"n\": 2,\n  \"of\": 2\n}\n")
        // Checks apply once the stream has ended: the route's `event: done` check sees the whole body.
        let checked = try await courier(["check", "events"])
        #expect(
            checked.code == 0 && checked.stdout.contains("2 checks: 2 passed, 0 failed"),
            "\(checked.stdout)\(checked.stderr)")
        // NDJSON is valid when each record is: the demo's own route passes its implicit check.
        let ndjson = try await courier(["check", "ndjson"])
        #expect(
            ndjson.code == 0 && ndjson.stdout.contains("2 checks: 2 passed, 0 failed"),
            "\(ndjson.stdout)\(ndjson.stderr)")
        let stalled = try await courier(["call", "events", "-q", "count=2", "-q", "ms=5000", "--timeout", "1.5"])
        #expect(stalled.code == 2)
        #expect(stalled.stdout.contains("event: tick  id: 1"))
        #expect(stalled.stderr.hasPrefix("courier: timed out after 1.5 s waiting for the next event from http://"))
    }
}
