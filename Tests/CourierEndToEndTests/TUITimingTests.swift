import Foundation
import Testing

/// The timing dialog through tmux against the sample API: a redirect's two hops, the first over
/// a new connection and the second over the same one kept alive.
@Suite("courier TUI: where a response's time went", .serialized)
final class TUITimingTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-tui-timing")
    }

    deinit { demo.end(removing: folder) }

    @Test("t in the Response pane shows each hop's phases; Esc closes it")
    func phases() async throws {
        let file = folder.appendingPathComponent("environments.json")
        try Data(
            """
            {"environments": {"local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [{"name": "hop", "path": "/redirect/1"}]}
            """.utf8
        ).write(to: file)
        let command =
            "env XDG_STATE_HOME=\(folder.path)/state NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("hop")
        try tmux.send("Enter", "Enter")
        try await tmux.waitFor("200 OK")
        try tmux.send("Tab", "t")
        let shown = try await tmux.waitFor("Timing", also: { $0.contains("in all") })
        #expect(shown.contains("1/2  GET http://127.0.0.1:\(demo.port)/dev/v1/redirect/1 → 302"))
        #expect(shown.contains("(new connection)") && shown.contains("0 (kept alive)"))
        for phase in ["connect", "blocked", "send", "wait", "receive"] { #expect(shown.contains("  \(phase) ")) }
        try tmux.send("Escape")
        try await tmux.waitFor("200 OK", also: { !$0.contains("Timing") })
        try await tmux.quit()
    }
}
