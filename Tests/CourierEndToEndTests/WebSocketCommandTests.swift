import Foundation
import Testing

/// WebSocket routes on the command line against the sample API's `ws/` endpoints: stdin's
/// lines sent and the answers printed, `--message`, `--count` and `--until`, a server's close,
/// a refused upgrade by its status, the timeout, a protected environment, check runs, and
/// what history and HAR keep (masked).
@Suite("WebSocket routes on the command line", .serialized)
final class WebSocketCommandTests {
    let demo: DemoProcess
    let folder: URL
    var workspace: String { folder.appendingPathComponent("environments.json").path }

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-websocket")
        try """
        {"environments": {
           "dev": {"base_url": "http://127.0.0.1:${COURIER_DEMO_PORT}/dev/v1", "timeout": 10,
                   "variables": {"token": "dev-token", "secret": "s3cr+t/=&\\"x\\\\"}, "secrets": ["token", "secret"]},
           "prod": {"base_url": "http://127.0.0.1:${COURIER_DEMO_PORT}/prod/v1", "protected": true}},
         "routes": [
           {"name": "echo", "method": "GET", "path": "/ws/echo", "websocket": true},
           {"name": "events", "method": "GET", "path": "/ws/events", "websocket": true,
            "messages": ["{\\"type\\":\\"ping\\"}"], "until": "json type == \\"done\\"",
            "checks": ["status == 101", "message count >= 5", "message last json type == \\"done\\""]},
           {"name": "bye", "method": "GET", "path": "/ws/close", "websocket": true,
            "checks": ["close code == 4001"]},
           {"name": "private", "method": "GET", "path": "/ws/private", "websocket": true,
            "headers": {"Authorization": "Bearer {{token}}"}, "messages": ["my secret is {{secret}}"],
            "until": "message count >= 1"},
           {"name": "locked", "method": "GET", "path": "/ws/private", "websocket": true},
           {"name": "silent", "method": "GET", "path": "/ws/silent", "websocket": true, "until": "message count >= 1"},
           {"name": "users", "method": "GET", "path": "/users"}
         ]}
        """.write(toFile: workspace, atomically: true, encoding: .utf8)
    }

    deinit { demo.end(removing: folder) }

    private func courier(_ arguments: [String], stdin: String? = nil) async throws -> RunResult {
        var environment = demo.environment
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        let config = arguments.starts(with: ["history", "show"]) ? [] : ["--config", workspace]
        return try await CourierBinary.run(
            arguments + config, environment: environment, stdin: stdin.map { Array($0.utf8) })
    }

    @Test("each line of stdin is a message and each answer is printed; --message, --count, -i")
    func echo() async throws {
        let piped = try await courier(["call", "echo", "--env", "dev"], stdin: "hello\n{\"a\": [1, 2]}\r\nlast")
        #expect(piped.code == 0, "\(piped.stderr)")
        #expect(piped.stdout == "hello\n{\n  \"a\": [\n    1,\n    2\n  ]\n}\nlast\n", "\(piped.stdout)")
        let raw = try await courier([
            "call", "echo", "--env", "dev", "--raw", "--message", #"{"a": 1}"#, "--count", "1",
        ])
        #expect(raw.stdout == "{\"a\": 1}\n", "\(raw.stdout)")
        let shown = try await courier(["call", "echo", "--env", "dev", "-i", "--message", "one", "--message", "two"])
        #expect(shown.code == 0)
        #expect(shown.stdout.hasPrefix("HTTP/1.1 101 Switching Protocols\n"), "\(shown.stdout)")
        let arrows = shown.stdout.split(separator: "\n").compactMap {
            $0.first == "→" || $0.first == "←" ? $0.first : nil
        }
        #expect(arrows == ["→", "→", "←", "←"], "\(shown.stdout)")
        #expect(shown.stderr.contains("closed by Courier: 1000 (normal)"), "\(shown.stderr)")
    }

    @Test("until ends the conversation; the route's checks run on the transcript; a server's close code is shown")
    func untilAndChecks() async throws {
        let events = try await courier(["call", "events", "--env", "dev"])
        #expect(events.code == 0, "\(events.stderr)")
        // The pong, awaited on its own: on a loaded machine the ping may go out after "done".
        let pinged = try await courier([
            "call", "events", "--env", "dev", "--message", #"{"type":"ping"}"#, "--until", #"json type == "pong""#,
            "--raw",
        ])
        #expect(pinged.stdout.hasSuffix(#"{"type":"pong"}"# + "\n"), "\(pinged.stdout)")
        #expect(events.stdout.hasSuffix("{\n  \"type\": \"done\"\n}\n"), "\(events.stdout)")
        let until = try await courier(["call", "events", "--env", "dev", "--until", #"json n == 2"#, "--raw"])
        #expect(until.stdout.hasSuffix(#"{"type":"tick","n":2}"# + "\n"), "\(until.stdout)")
        let checked = try await courier(["check", "events", "bye", "--env", "dev"])
        #expect(checked.code == 0, "\(checked.stdout)\(checked.stderr)")
        let bye = try await courier(["call", "bye", "--env", "dev"])
        #expect(bye.stderr.contains(#"closed by the server: 4001 "session expired""#), "\(bye.stderr)")
    }

    @Test("a refused upgrade is its answer and status's exit code; the timeout is exit 2; one line each")
    func refusals() async throws {
        let locked = try await courier(["call", "locked", "--env", "dev", "--message", "x"])
        #expect(locked.code == 4)
        #expect(locked.stdout.contains("ws/private needs 'Authorization: Bearer <token>'"), "\(locked.stdout)")
        let silent = try await courier(["call", "silent", "--env", "dev", "--timeout", "1", "--message", "anyone?"])
        #expect(silent.code == 2)
        #expect(silent.stderr == "courier: nothing was sent or received for 1 s (the timeout)\n", "\(silent.stderr)")
        let production = try await courier(["call", "echo", "--env", "prod", "--message", "x"])
        #expect(production.code == 1)
        #expect(
            production.stderr.contains("environment 'prod' is protected: refusing to send WebSocket messages"),
            "\(production.stderr)")
        let notOne = try await courier(["call", "users", "--env", "dev", "--message", "x"])
        #expect(notOne.code == 1)
        #expect(notOne.stderr.contains("apply to a WebSocket route, and 'users' is not one"), "\(notOne.stderr)")
        let badUntil = try await courier(["call", "echo", "--env", "dev", "--until", "json"])
        #expect(badUntil.code == 1)
        #expect(badUntil.stderr.contains("--until: column 5: json needs a path"), "\(badUntil.stderr)")
    }

    @Test("history and HAR keep the transcript, every secret masked in every encoding")
    func kept() async throws {
        let har = folder.appendingPathComponent("chat.har").path
        let sent = try await courier(["call", "private", "--env", "dev", "--har", har])
        #expect(sent.code == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains(#"my secret is s3cr+t/=&"x\"#), "\(sent.stdout)")
        let document = try String(contentsOfFile: har, encoding: .utf8)
        #expect(document.contains("_webSocketMessages"))
        #expect(!document.contains("s3cr"), "\(document)")
        let exported = folder.appendingPathComponent("history.har").path
        let export = try await courier(["history", "export", "private", "--har", exported])
        #expect(export.code == 0, "\(export.stderr)")
        let fromHistory = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(fromHistory.contains("\"type\":\"send\"") || fromHistory.contains("\"type\": \"send\""))
        #expect(!fromHistory.contains("s3cr"), "\(fromHistory)")
        #expect(!fromHistory.contains("dev-token"))
    }
}
