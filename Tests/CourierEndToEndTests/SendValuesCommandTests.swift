import Foundation
import Testing

/// Values made at send time on the command line, against the sample API's echo: made values,
/// a file beside the workspace, a command run only once its workspace is trusted (its output a
/// secret masked in history), and a prompt with no terminal.
@Suite("Values made at send time ({{$uuid}}, $file, $command, $prompt)", .serialized)
final class SendValuesCommandTests {
    let demo: DemoProcess
    let folder: URL
    var workspace: String { folder.appendingPathComponent("environments.json").path }

    /// A secret with every character that encodings change.
    static let secret = #"s3+cr/=t&"x\y"#

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-values")
        try "from the file".write(to: folder.appendingPathComponent("note.txt"), atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("token.sh")
        try "#!/bin/sh\ncat \"$(dirname \"$0\")/secret\"\necho\n".write(to: script, atomically: true, encoding: .utf8)
        try Self.secret.write(to: folder.appendingPathComponent("secret"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let document: [String: Any] = [
            "environments": [
                "dev": [
                    "base_url": "http://127.0.0.1:${COURIER_DEMO_PORT}/dev/v1",
                    "variables": ["token": "{{$command \"\(script.path)\"}}"],
                ]
            ],
            "routes": [
                [
                    "name": "made", "method": "POST", "path": "/echo",
                    "headers": ["X-Id": "{{$uuid}}", "X-Day": "{{$now date}}"],
                    "body": [
                        "a": "{{$uuid}}", "b": "{{$uuid}}", "n": "{{$random.int 1 6}}", "f": "{{$file \"note.txt\"}}",
                        "basic": "{{$base64 \"ada:{{$random.hex 4}}\"}}",
                    ],
                ],
                [
                    "name": "secret", "method": "POST", "path": "/echo", "query": ["t": "{{token}}"],
                    "headers": ["Authorization": "Bearer {{$command \"\(script.path)\"}}"],
                ],
                ["name": "ask", "path": "/users/42", "query": ["otp": "{{$prompt \"OTP code\"}}"]],
                ["name": "outside", "method": "POST", "path": "/echo", "body": ["f": "{{$file \"/etc/hostname\"}}"]],
                ["name": "bad", "path": "/users/{{$random.int 9 1}}"],
            ],
        ]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: workspace))
    }

    deinit { demo.end(removing: folder) }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        var environment = demo.environment
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        return try await CourierBinary.run(arguments + ["--config", workspace], environment: environment)
    }

    @Test("made values: two placeholders differ, each send draws anew, a file is read, bad ones are one line")
    func made() async throws {
        let first = try await courier(["call", "made", "--env", "dev"])
        #expect(first.code == 0, "\(first.stderr)")
        let echoed = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let headers = try #require(echoed["headers"] as? [String: String])
        let body = try #require(echoed["body"] as? [String: String])
        let uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
        for value in [headers["x-id"], body["a"], body["b"]] { #expect(value?.wholeMatch(of: uuid) != nil) }
        #expect(Set([headers["x-id"], body["a"], body["b"]]).count == 3)
        #expect(headers["x-day"]?.count == 10)
        #expect(body["f"] == "from the file")
        #expect((1...6).contains(Int(body["n"] ?? "") ?? 0))
        let basic = try #require(
            body["basic"].flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) })
        #expect(basic.hasPrefix("ada:") && basic.count == 8)
        let second = try await courier(["call", "made", "--env", "dev"])
        #expect(second.code == 0 && !second.stdout.contains(headers["x-id"] ?? "-"))
        // History keeps each request as it was sent, its made values included.
        var environment = demo.environment
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        let listed = try await courier(["history", "made", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let oldest = try #require(rows.last?["id"] as? Int)
        let shown = try await CourierBinary.run(["history", "show", String(oldest)], environment: environment)
        #expect(shown.code == 0 && shown.stdout.contains(headers["x-id"] ?? "-"), "\(shown.stdout)")

        let outside = try await courier(["call", "outside", "--env", "dev"])
        #expect(outside.code == 1)
        #expect(outside.stderr.contains("{{$file \"/etc/hostname\"}}: it is outside the workspace's folder"))
        let bad = try await courier(["call", "bad", "--env", "dev"])
        #expect(bad.code == 1 && bad.stderr.contains("the low number 9 is above the high 1"), "\(bad.stderr)")
    }

    @Test("a command runs only once its workspace is trusted; an edit asks again; its output is masked")
    func command() async throws {
        let untrusted = try await courier(["call", "secret", "--env", "dev"])
        #expect(untrusted.code == 1)
        #expect(untrusted.stderr.contains("commands are not trusted on this machine; review them with `courier trust"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path))

        let review = try await courier(["trust", "--yes"])
        #expect(review.code == 0 && review.stdout.contains("token.sh"), "\(review.stderr)")
        let trusted = try await courier(["call", "secret", "--env", "dev"])
        #expect(trusted.code == 0, "\(trusted.stderr)")
        let echoed = try #require(try JSONSerialization.jsonObject(with: Data(trusted.stdout.utf8)) as? [String: Any])
        #expect((echoed["headers"] as? [String: String])?["authorization"] == "Bearer " + Self.secret)

        // History keeps the request masked: header, query (percent-encoded), everywhere.
        let listed = try await courier(["history", "secret", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let id = try #require(rows.first?["id"] as? Int)
        var environment = demo.environment
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        let shown = try await CourierBinary.run(["history", "show", String(id)], environment: environment)
        #expect(shown.code == 0, "\(shown.stderr)")
        let encoded = Self.secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? Self.secret
        for form in [Self.secret, encoded, "s3+cr", "s3%2Bcr"] { #expect(!shown.stdout.contains(form), "\(form)") }
        #expect(shown.stdout.contains("Bearer ••••"))

        // An edit to the file (say, a command slipped in) withdraws the trust.
        var text = try String(contentsOfFile: workspace, encoding: .utf8)
        text += "\n"
        try text.write(toFile: workspace, atomically: true, encoding: .utf8)
        let edited = try await courier(["call", "secret", "--env", "dev"])
        #expect(edited.code == 1 && edited.stderr.contains("not trusted"))
        let revoked = try await courier(["trust", "--revoke"])
        #expect(revoked.code == 0 && revoked.stderr.contains("is no longer trusted"))
    }

    @Test("a prompt with no terminal is one line, and nothing is sent")
    func promptWithoutTerminal() async throws {
        let state = folder.appendingPathComponent("state").path
        let (output, code) = try Bash.run(
            "setsid '\(CourierBinary.url.path)' call ask --env dev --config '\(workspace)' </dev/null 2>&1",
            environment: demo.environment.merging(["XDG_STATE_HOME": state]) { _, new in new })
        #expect(code == 1)
        #expect(output.contains("{{$prompt \"OTP code\"}}: no answer: there is no terminal to ask on"), "\(output)")
        #expect(output.split(separator: "\n").count == 1)
    }

    @Test(
        "on the screen: a secret prompt asks, a dialog trusts the command, the file and it are made, the previewed uuid is sent"
    )
    func screen() async throws {
        let file = folder.appendingPathComponent("screen.json")
        // Written as text: the headers' order (the prompt first, then the command) is the order
        // the screen asks in, and a dictionary would not keep it.
        let document = #"""
            {"environments": {"dev": {"base_url": "http://127.0.0.1:${COURIER_DEMO_PORT}/dev/v1"}},
             "routes": [{"name": "values", "method": "POST", "path": "/echo", "text": "{{$file \"note.txt\"}}",
                         "headers": {"X-OTP": "{{$prompt.secret \"OTP code\"}}", "X-Id": "{{$uuid}}",
                                     "X-Tok": "{{$command \"./token.sh\"}}"}}]}
            """#
        try Data(document.utf8).write(to: file)
        let tmux = try TmuxSession(
            command: "cd \(folder.path) && env COURIER_DEMO_PORT=\(demo.port) XDG_STATE_HOME=\(folder.path)/state "
                + "XDG_CONFIG_HOME=\(folder.path)/config \(CourierBinary.url.path) --config \(file.path)")
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        try tmux.send("Enter")
        try await tmux.waitFor("header X-Id: ")
        let previewed = try #require(try tmux.screen().firstMatch(of: /X-Id: ([0-9a-f-]{36})/)?.output.1)
        try tmux.send("Enter")
        try await tmux.waitFor("asked again at the next send")
        try tmux.type("12+/=&")
        try tmux.send("Enter")
        // The file is read; the command's workspace is not trusted yet: the dialog lists it.
        try await tmux.waitFor("Run this workspace's commands?")
        #expect(try tmux.screen().contains("./token.sh"))
        try tmux.send("y")
        try await tmux.waitFor(#""body": "from the file""#)
        let answered = try tmux.screen()
        #expect(answered.contains(#""x-id": "\#(previewed)""#), "\(answered)")
        #expect(answered.contains(#""x-otp": "••••••""#) && answered.contains(#""x-tok": "••••••""#))
        #expect(!answered.contains("12+/") && !answered.contains("s3+cr"))
        // The next send has a new draw, shown before it goes.
        #expect(!answered.contains("X-Id: \(previewed)"))
        try tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }
}
