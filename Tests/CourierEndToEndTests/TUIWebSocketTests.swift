import Foundation
import Testing

/// A WebSocket conversation on the screen, through tmux against the sample API: the route's
/// messages sent, each message shown as it passes, messages typed and picked, the close on Esc.
@Suite("courier TUI: a WebSocket conversation", .serialized)
final class TUIWebSocketTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-tui-websocket")
    }

    deinit { demo.end(removing: folder) }

    @Test(
        "the transcript shows each message under its arrow, then how it closed; typed and saved messages go out; Esc closes"
    )
    func transcript() async throws {
        let file = folder.appendingPathComponent("environments.json")
        let workspace = """
            {"environments": {"local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1", "timeout": 30}},
             "routes": [
               {"name": "events", "path": "/ws/events", "websocket": true, "messages": ["{\\"type\\": \\"ping\\"}"],
                "until": "json type == \\"done\\"", "checks": ["message last json type == \\"done\\""]},
               {"name": "silent", "path": "/ws/silent", "websocket": true, "until": "message count >= 1"},
               {"name": "echo", "path": "/ws/echo", "websocket": true, "messages": ["saved one"]}]}
            """
        try Data(workspace.utf8).write(to: file)
        let command =
            "env XDG_STATE_HOME=\(folder.path)/state NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("WS ")
        try tmux.send("Enter", "Enter")
        let done = try await tmux.waitFor(
            "101 Switching Protocols", also: { $0.contains("closed by Courier: 1000 (normal)") })
        #expect(done.contains("✓ 1/1"), "\(done)")
        #expect(done.contains("\"type\": \"done\""))
        #expect(done.contains("← "))

        // A silent server: the entry is open; Esc closes (the server never answers the close).
        try tmux.send("Escape", "j", "Enter", "Enter")
        try await tmux.waitFor("● live · 0 messages", also: { $0.contains("message: ▏  Enter sends") })
        try tmux.send("Escape")
        try await tmux.waitFor("the server did not answer the close frame within 3 s")

        // The saved message goes first; typed and picked ones follow and come back; Esc closes normally.
        try tmux.send("Escape", "j", "Enter", "Enter")
        try await tmux.waitFor("message: ▏  Enter sends")
        try tmux.type("typed by hand")
        try tmux.send("Enter", "Down", "Enter")
        let talked = try await tmux.waitFor("● live · 6 messages")
        #expect(talked.contains("typed by hand") && talked.contains("saved one"), "\(talked)")
        try tmux.send("Escape")
        try await tmux.waitFor("closed by Courier: 1000 (normal)")
        try await tmux.quit()
    }
}
