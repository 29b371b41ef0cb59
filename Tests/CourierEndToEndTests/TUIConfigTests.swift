import Foundation
import Testing

/// The screen's config file as a user writes it (`$XDG_CONFIG_HOME/courier/config.json`): a
/// theme and moved keys take effect, and a bad file is one line with the defaults kept.
@Suite("courier TUI config file through tmux")
struct TUIConfigTests {
    /// The screen on the sample API with `config` as the settings file (nil: none).
    private func withConfig(
        _ config: String?, width: Int = 120, _ body: (TmuxSession) async throws -> Void
    ) async throws {
        let demo = try await DemoProcess.start()
        defer { demo.terminate() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cfg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = folder.appendingPathComponent("config/courier")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: settings.appendingPathComponent("config.json")) }
        let tmux = try TmuxSession.screen(demo: demo, folder: folder, width: width)
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        try await body(tmux)
    }

    /// The numbers of every SGR sequence in `screen` (`ESC[1;91m` gives 1 and 91).
    private static func parameters(in screen: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            found += rest[..<end].split(separator: ";").compactMap { Int($0) }
            rest = rest[rest.index(after: end)...]
        }
        return found
    }

    @Test("a theme and moved keys: bright colours, nothing dim; ? moved to F2 lists H as h; h opens the history")
    func themeAndKeys() async throws {
        try await withConfig(#"{"theme": "high-contrast", "keys": {"H": "h", "?": "F2"}}"#) { tmux in
            try await tmux.waitFor("▸ development")
            let styled = Self.parameters(in: try tmux.styledScreen())
            #expect(styled.contains { (90...97).contains($0) }, "no bright colour: \(Set(styled))")
            #expect(!styled.contains(2), "something is dim")
            try tmux.send("F2")
            try await tmux.waitFor("h  (outside the form)")
            try tmux.send("G")
            try await tmux.waitFor("F2 / F1  (outside the form / panes)")
            try tmux.send("Escape", "j", "Enter", "Enter")
            try await tmux.waitFor("users.show @ development")
            try tmux.send("Escape", "h")
            try await tmux.waitFor("History · users.show")
            try tmux.send("Escape", "q")
            try await tmux.waitFor("EXIT=0")
        }
        // The default theme dims its hints and borders.
        try await withConfig(nil) { tmux in
            try await tmux.waitFor("▸ development")
            #expect(Self.parameters(in: try tmux.styledScreen()).contains(2))
        }
    }

    @Test("a bad config file is one line on the status bar; every default stays")
    func badConfig() async throws {
        try await withConfig(#"{"theme": "blue", "keys": {"H": "h"}}"#, width: 200) { tmux in
            try await tmux.waitFor("theme 'blue' is not one of dark, light, high-contrast; the defaults are used")
            #expect(try tmux.screen().contains("/config/courier/config.json: theme 'blue'"))
            try tmux.send("j", "Enter", "Escape", "H")
            try await tmux.waitFor("nothing recorded for users.show yet")
            try tmux.send("q")
            try await tmux.waitFor("EXIT=0")
        }
    }
}
