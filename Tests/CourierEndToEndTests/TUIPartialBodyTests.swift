import Foundation
import Testing

/// A large body on the screen while it arrives, through tmux against the sample API: its
/// first lines before the rest, then the whole response; Esc keeps the start, said to be that.
@Suite("courier TUI: a large body as it arrives", .serialized)
final class TUIPartialBodyTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-tui-partial")
    }

    deinit { demo.end(removing: folder) }

    @Test("the first lines show while the rest stalls; the whole response follows; Esc keeps the start")
    func stalled() async throws {
        let file = folder.appendingPathComponent("environments.json")
        // ~660 KB: half at once, the rest five seconds later (long enough for a loaded machine
        // to draw the first half while it waits).
        let workspace = """
            {"environments": {"local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [{"name": "large", "path": "/large", "query": {"items": "3000", "stall_ms": "5000"}}]}
            """
        try Data(workspace.utf8).write(to: file)
        let command =
            "env XDG_STATE_HOME=\(folder.path)/state NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("large")
        try tmux.send("Enter", "Enter")
        let first = try await tmux.waitFor("200 OK receiving…", also: { $0.contains("\"count\": 3000,") })
        #expect(first.contains("\"items\": ["))
        // The whole response: its size in the title and nothing said to be on its way.
        try await tmux.waitFor(
            "KB · large @ local", also: { !$0.contains("receiving") && $0.contains("\"count\": 3000,") })

        // Esc while the rest is on its way: the start stays, said to be only that.
        try tmux.send("Enter")
        try await tmux.waitFor("200 OK receiving…")
        try tmux.send("Escape")
        let stopped = try await tmux.waitFor(
            "stopped (Esc) · the start of the body only", also: { $0.contains("request cancelled") })
        #expect(stopped.contains("\"count\": 3000,"))
        try await tmux.quit()
    }

    @Test("a body saved to a file is removed when the next response replaces it, and at quit")
    func spillFilesRemoved() async throws {
        let file = folder.appendingPathComponent("spill.json")
        let temporary = folder.appendingPathComponent("tmp-\(UUID())")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try Data(
            """
            {"environments": {"local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [{"name": "large", "path": "/large", "query": {"items": "9000"}}]}
            """.utf8
        ).write(to: file)
        let command =
            "env XDG_STATE_HOME=\(folder.path)/state TMPDIR=\(temporary.path) COURIER_MAX_BODY_MB=1 "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        func spills() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("courier-body-") }
        }
        try await tmux.waitFor("large")
        try tmux.send("Enter", "Enter")
        try await tmux.waitFor("was saved to:")
        let first = try spills()
        #expect(first.count == 1)
        // The second response's file takes the first one's place (on a loaded machine a key can
        // arrive while the screen is busy: Enter again every few seconds until it has).
        let deadline = Date().addingTimeInterval(60)
        var pressed = Date.distantPast
        while try spills() == first && Date() < deadline {
            if Date().timeIntervalSince(pressed) > 5 {
                try tmux.send("Enter")
                pressed = Date()
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await tmux.waitFor("was saved to:")
        let second = try spills()
        #expect(second.count == 1 && second != first)
        try await tmux.quit()
        #expect(try spills().isEmpty)
    }
}
