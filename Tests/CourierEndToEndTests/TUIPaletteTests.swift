import Foundation
import Testing

/// The command palette as a user meets it: Ctrl-P, a few letters, Enter.
@Suite("courier TUI palette through tmux")
struct TUIPaletteTests {
    @Test("Ctrl-P finds an environment, a route and a recorded exchange as you type; Enter does each")
    func palette() async throws {
        let demo = try await DemoProcess.start()
        defer { demo.terminate() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-pal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try TmuxSession(
            command: "env COURIER_DEMO_PORT=\(demo.port) XDG_STATE_HOME=\(folder.path)/state "
                + "XDG_CONFIG_HOME=\(folder.path)/config TERM=screen-256color "
                + "\(CourierBinary.url.path) --config \(CourierBinary.workspace)")
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        // A route, by a few of its letters.
        try tmux.send("C-p")
        try await tmux.waitFor("Palette")
        try tmux.type("usrshw")
        try await tmux.waitFor("route users.show")
        try tmux.send("Enter")
        try await tmux.waitFor("Request · users.show")
        try tmux.send("Enter")
        try await tmux.waitFor("users.show @ development")
        // The exchange just recorded is offered, and opens as recorded.
        try tmux.send("C-p")
        try await tmux.waitFor("Palette")
        try tmux.type("history #1")
        try await tmux.waitFor("history #1 users.show · development 200")
        try tmux.send("Enter")
        try await tmux.waitFor("Response ── recorded ")
        // An environment.
        try tmux.send("C-p")
        try tmux.type("env cand")
        try await tmux.waitFor("environment candidate")
        try tmux.send("Enter")
        try await tmux.waitFor(" candidate  en")
        try tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }
}
