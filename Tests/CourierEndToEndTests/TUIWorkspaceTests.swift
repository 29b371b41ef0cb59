import Foundation
import Testing

/// The screen writing and re-reading its workspace file, through tmux: a curl command pasted
/// (as a terminal pastes it, line breaks and all) becomes a route in the file and in the form;
/// the form saved under a new name; the file edited by someone else read again within a
/// second, and a broken edit reported while the last good workspace stays.
@Suite("courier TUI: the workspace file", .serialized)
final class TUIWorkspaceTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-tui-workspace")
    }

    deinit { demo.end(removing: folder) }

    private func workspace(_ routes: String) -> String {
        """
        {"environments": {"local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
         "routes": [\(routes)]}
        """
    }

    @Test("paste a curl command, send it, save it as another route; outside edits are read again")
    func pasteSaveReload() async throws {
        let file = folder.appendingPathComponent("environments.json")
        try Data(workspace(#"{"name": "users.index", "path": "/users"}"#).utf8).write(to: file)
        let command =
            "env XDG_STATE_HOME=\(folder.path)/state NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("users.index")

        // A paste as terminals deliver it: the line break arrives as Enter after a `\`.
        try tmux.send("I")
        try await tmux.waitFor("Paste a curl command")
        let curl = "curl 'http://127.0.0.1:\(demo.port)/dev/v1/echo/pasted?x=1' \\\n  -H 'X-From: tmux'"
        try tmux.tmux(["set-buffer", "-b", "courier", curl])
        try tmux.tmux(["paste-buffer", "-b", "courier", "-t", tmux.target])
        try await tmux.waitFor("-H 'X-From: tmux'▏")
        try tmux.send("Enter")
        try await tmux.waitFor("Request · get.dev.v1.echo.pasted")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("\"path\": \"/echo/pasted\"") && saved.contains("\"X-From\": \"tmux\""), "\(saved)")
        #expect(!saved.contains("\"local.2\""), "the origin matched the existing environment")
        try tmux.send("Enter")
        try await tmux.waitFor("\"x-from\": \"tmux\"")

        // The form saved under a new name.
        try tmux.send("C-s")
        try await tmux.waitFor("Save the form as a route")
        try tmux.send("C-u")
        try tmux.type("pasted.copy")
        try tmux.send("Enter")
        try await tmux.waitFor("Request · pasted.copy")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\"name\": \"pasted.copy\""))

        // Someone else edits the file: the new route shows within a second or so.
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(
            of: #""routes": ["#, with: #""routes": [{"name": "added.outside", "path": "/outside"}, "#)
        try Data(text.utf8).write(to: file)
        try await tmux.waitFor("added.outside", timeout: 3)
        #expect(try tmux.screen().contains("Request · pasted.copy"), "the open route stays open")

        // A broken edit is named; the workspace on screen stays.
        try Data("{\"environments\": ".utf8).write(to: file)
        try await tmux.waitFor("the last good workspace stays", timeout: 3)
        #expect(try tmux.screen().contains("added.outside"))
        try await tmux.quit()
    }
}
