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

    /// The screen on workspace `file` with its state in `state` under the folder, once its
    /// routes show.
    private func screen(_ file: URL, state: String) async throws -> TmuxSession {
        let command =
            "env XDG_STATE_HOME=\(folder.path)/\(state) NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(file.path)"
        let tmux = try TmuxSession(command: command)
        do {
            try await tmux.waitFor("users.index")
        } catch {
            tmux.kill()
            throw error
        }
        return tmux
    }

    @Test("paste a curl command, send it, save it as another route; outside edits are read again")
    func pasteSaveReload() async throws {
        let file = folder.appendingPathComponent("environments.json")
        try Data(workspace(#"{"name": "users.index", "path": "/users"}"#).utf8).write(to: file)
        let tmux = try await screen(file, state: "state")
        defer { tmux.kill() }

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
        try await tmux.waitFor("added.outside", timeout: 8)
        #expect(try tmux.screen().contains("Request · pasted.copy"), "the open route stays open")

        // A broken edit is named; the workspace on screen stays.
        try Data("{\"environments\": ".utf8).write(to: file)
        try await tmux.waitFor("the last good workspace stays", timeout: 8)
        #expect(try tmux.screen().contains("added.outside"))
        try await tmux.quit()
    }

    @Test("a pasted credential is stored as a secret of its host's environment, which becomes active, and sent")
    func pastedCredential() async throws {
        let file = folder.appendingPathComponent("credential.json")
        let text = """
            {"environments": {
               "local": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"},
               "named": {"base_url": "http://localhost:\(demo.port)/dev/v1", "variables": {"token": "dev-token"},
                         "secrets": ["token"]}},
             "routes": [{"name": "users.index", "path": "/users"}]}
            """
        try Data(text.utf8).write(to: file)
        let tmux = try await screen(file, state: "state-credential")
        defer { tmux.kill() }
        try tmux.send("I")
        try await tmux.waitFor("Paste a curl command")
        try tmux.type("curl -H 'Authorization: Bearer abc123' http://localhost:\(demo.port)/dev/v1/echo/credential")
        try tmux.send("Enter")
        try await tmux.waitFor("environment: named", also: { $0.contains("credential: 'token_2' of named") })
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains(#""token_2": "abc123""#) && saved.contains(#""Bearer {{token_2}}""#), "\(saved)")
        try tmux.send("Enter")
        try await tmux.waitFor("200 OK", also: { $0.contains("@ named") })
        #expect(try await demo.requestLog().contains { $0.hasPrefix("GET /dev/v1/echo/credential") })
        #expect(!(try tmux.screen().contains("abc123")), "the pasted credential is a secret on screen too")
        try await tmux.quit()
    }

    @Test(
        "a sealed workspace: the password dialog, a wrong try, the screen, a paste that stays sealed, no typed value kept"
    )
    func sealed() async throws {
        let plain = folder.appendingPathComponent("team.json")
        try Data(
            workspace(#"{"name": "users.show", "path": "/users/:id", "params": {"id": "42"}}"#).utf8
        ).write(to: plain)
        let sealing = try await CourierBinary.run(
            ["seal", plain.path], environment: ["COURIER_PASSWORD": "open sesame"])
        #expect(sealing.code == 0, "\(sealing.stderr)")
        let file = folder.appendingPathComponent("team.bin")
        let state = folder.appendingPathComponent("sealed-state")
        let tmux = try TmuxSession(
            command: "env XDG_STATE_HOME=\(state.path) NO_COLOR= TERM=screen-256color COURIER_PASSWORD= "
                + "\(CourierBinary.url.path) --config \(file.path)")
        defer { tmux.kill() }
        try await tmux.waitFor("team.bin is sealed.")
        try tmux.type("guessme")
        try await tmux.waitFor("password  •••••••▏")
        try tmux.send("Enter")
        try await tmux.waitFor("wrong password or damaged file")
        #expect(try !tmux.screen().contains("guessme"))
        try tmux.type("open sesame")
        try tmux.send("Enter")
        try await tmux.waitFor("users.show")

        // A value typed into the form is used but never written to the state folder.
        try await tmux.openRoute("users.show")
        try tmux.send("C-u")
        try tmux.type("7")
        try await tmux.waitFor("/dev/v1/users/7 ")

        // A pasted route is written into the file, which stays sealed.
        try tmux.send("Escape", "I")
        try await tmux.waitFor("Paste a curl command")
        try tmux.type("curl http://127.0.0.1:\(demo.port)/dev/v1/headlines")
        try tmux.send("Enter")
        try await tmux.waitFor("Request · get.dev.v1.headlines")
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(Array(bytes.prefix(2)) == [3, 1])
        let unsealed = try await CourierBinary.run(
            ["unseal", file.path, "-o", "-"], environment: ["COURIER_PASSWORD": "open sesame"])
        #expect(unsealed.stdout.contains("/headlines"))
        try await tmux.quit()

        let saved = (FileManager.default.enumerator(atPath: state.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") }
            .compactMap { try? String(contentsOf: state.appendingPathComponent($0), encoding: .utf8) }
        #expect(!saved.isEmpty && saved.allSatisfy { $0.contains("\"fields\":{}") }, "\(saved)")
    }
}
