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
        let tmux = try TmuxSession.screen(demo: demo, folder: folder)
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        // A route, by a few of its letters.
        try await pick(in: tmux, typing: "usrshw", offered: "route users.show")
        try await tmux.waitFor("Request · users.show")
        try tmux.send("Enter")
        try await tmux.waitFor("users.show @ development")
        // The exchange just recorded is offered, and opens as recorded.
        try await pick(in: tmux, typing: "history #1", offered: "history #1 users.show · development 200")
        try await tmux.waitFor("Response ── recorded ")
        // An environment.
        try await pick(in: tmux, typing: "env cand", offered: "environment candidate")
        try await tmux.waitFor(" candidate  en")
        try tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }

    /// Ctrl-P, `typed`, and Enter once `offered` is listed.
    private func pick(in tmux: TmuxSession, typing typed: String, offered: String) async throws {
        try tmux.send("C-p")
        try await tmux.waitFor("Palette")
        try tmux.type(typed)
        try await tmux.waitFor(offered)
        try tmux.send("Enter")
    }
}
