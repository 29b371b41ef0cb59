import Foundation
import Testing

/// The interactive screen driven through tmux against the sample API.
@Suite("courier TUI through tmux", .serialized)
struct TUITests {
    private func courierCommand(_ demo: DemoProcess, state: URL, environment: String = "") -> String {
        "env COURIER_DEMO_PORT=\(demo.port) XDG_STATE_HOME=\(state.path) NO_COLOR= TERM=screen-256color \(environment) "
            + "\(CourierBinary.url.path) --config \(CourierBinary.workspace)"
    }

    /// Runs `body` with a sample API, a private state folder and the screen open in tmux.
    private func withScreen(
        environment: String = "", directory: URL? = nil, _ body: (TmuxSession, DemoProcess, URL) async throws -> Void
    ) async throws {
        let demo = try await DemoProcess.start()
        defer { demo.terminate() }
        let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-tui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stateDirectory) }
        let command = courierCommand(demo, state: stateDirectory, environment: environment)
        let tmux = try TmuxSession(command: directory.map { "cd \($0.path) && " + command } ?? command)
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        try await body(tmux, demo, stateDirectory)
    }

    @Test("send, switch environment, confirm a protected request, resize, quit, restore")
    func fullSession() async throws {
        try await withScreen { tmux, demo, stateDirectory in
            try await tmux.waitFor("▸ development")

            // Open users.show (second route), send its default, read the JSON.
            try tmux.send("j", "Enter")
            try await tmux.waitFor("Request · users.show")
            try tmux.send("Enter")
            try await tmux.waitFor("\"street\": \"Calle de Alcalá 1\"")
            try await tmux.waitFor("200 OK")

            // Fill the path parameter and send again.
            try tmux.send("C-u")
            try tmux.type("1")
            try await tmux.waitFor("/dev/v1/users/1 ")
            try tmux.send("Enter")
            try await tmux.waitFor("\"name\": \"Ada\"")

            // Switch to production; the typed value stays and the next Enter goes there.
            try tmux.send("Escape", "e")
            try await tmux.waitFor("┌ Environment ")
            try tmux.send("j", "Enter")
            try await tmux.waitFor("environment: production (protected)")
            try tmux.send("Enter")
            try await tmux.waitFor("/prod/v1/users/1 ")
            try tmux.send("Enter")
            try await tmux.waitFor("\"name\": \"Grace\"", also: { $0.contains("users.show @ production") })

            // A POST to protected production asks first: refuse, then confirm.
            try tmux.send("Escape", "j", "j", "Enter")
            try await tmux.waitFor("Request · users.create")
            try tmux.send("Enter")
            try await tmux.waitFor("Send to production?")
            try tmux.send("n")
            try await tmux.waitFor("not sent: POST to production cancelled")
            #expect(try await demo.requestLog().contains { $0.hasPrefix("POST /prod/v1/users") } == false)
            try tmux.send("Enter")
            try await tmux.waitFor("Send to production?")
            try tmux.send("y")
            try await tmux.waitFor("201 Created")
            #expect(try await demo.requestLog().filter { $0.hasPrefix("POST /prod/v1/users") }.count == 1)

            // Resize below the minimum and back.
            try tmux.resize(width: 20, height: 6)
            try await tmux.waitFor("terminal too small")
            try tmux.resize(width: 120, height: 40)
            try await tmux.waitFor("Environments")

            // Quit from the Routes pane.
            try await tmux.quit()

            // Start again: production is remembered, and so is the typed id.
            let again = try TmuxSession(command: courierCommand(demo, state: stateDirectory))
            defer { again.kill() }
            try await again.waitFor("▸ production")
            try again.send("j", "Enter")
            try await again.waitFor("id [ 1 ]")
            try await again.waitFor("/prod/v1/users/1 ")
            try again.send("C-c")
            try await again.waitFor("EXIT=0")
        }
    }

    @Test("K lists the active environment's cookies after a login, values hidden")
    func cookieList() async throws {
        try await withScreen { tmux, _, _ in
            try await tmux.openRoute("session.login")
            try tmux.send("Enter")
            try await tmux.waitFor("200 OK")
            try tmux.send("Escape", "K")
            try await tmux.waitFor("Cookies · development (1)")
            let screen = try tmux.screen()
            #expect(screen.contains("sid") && screen.contains("/dev/v1") && !screen.contains("qa-session"))
            // x asks, x again empties the jar, in memory and in its file.
            try tmux.send("x")
            try await tmux.waitFor("x again empties development's jar")
            try tmux.send("x")
            try await tmux.waitFor(
                "Cookies · development (0)", also: { $0.contains("cleared the cookies of development") })
            try tmux.send("Escape", "K")
            try await tmux.waitFor("no cookies yet")
            try tmux.send("Escape")
            try await tmux.quit()
        }
    }

    @Test("Esc cancels a slow request and the screen keeps working")
    func cancel() async throws {
        try await withScreen { tmux, _, _ in
            try await tmux.openRoute("delay")
            try tmux.send("C-u")
            try tmux.type("5000")
            try tmux.send("Enter")
            try await tmux.waitFor("GET delay → development")
            // The pane shows the request it waits for, and how long, not the last answer.
            try await tmux.waitFor("⋯ waiting 1.", also: { $0.contains("no answer yet") })
            try tmux.send("Escape")
            try await tmux.waitFor("request cancelled")
            try await tmux.quit()
        }
    }

    @Test("w saves the shown body to a file beside where Courier started; an existing file is kept")
    func saveBody() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withScreen(environment: "", directory: folder) { tmux, _, _ in
            try tmux.send("j", "Enter", "Enter")
            try await tmux.waitFor("200 OK")
            try tmux.send("Tab", "w")
            try await tmux.waitFor("Save the body to a file", also: { $0.contains("users.show.json") })
            try tmux.send("Enter")
            try await tmux.waitFor("saved the body (")
            let saved = try String(contentsOf: folder.appendingPathComponent("users.show.json"), encoding: .utf8)
            #expect(saved.contains("\"street\": \"Calle de Alcalá 1\"") || saved.contains("Calle de Alcal"))
            try tmux.send("w", "Enter")
            try await tmux.waitFor("users.show.json exists; choose another name")
            try tmux.send("Escape")
            try await tmux.quit()
        }
    }

    /// Sends what a terminal sends for a mouse event in xterm's X10 mode (`kmous` of
    /// screen-256color): ESC [ M, then 32 + the button, 32 + 1 + the column, 32 + 1 + the row.
    private func mouse(_ tmux: TmuxSession, button: Int, x: Int, y: Int) throws {
        let bytes = [0x1B, 0x5B, 0x4D, 32 + button, 33 + x, 33 + y].map { String($0, radix: 16) }
        _ = try tmux.tmux(["send-keys", "-t", tmux.target, "-H"] + bytes)
    }

    @Test(
        "a click selects the route under it, the wheel moves the list, a drag moves a border; NO_MOUSE leaves the mouse to the terminal"
    )
    func mouse() async throws {
        try await withScreen { tmux, _, _ in
            let lines = try tmux.screen().components(separatedBy: "\n")
            let row = try #require(lines.firstIndex { $0.contains("users.city") })
            try mouse(tmux, button: 0, x: 4, y: row)
            try await tmux.waitFor("▸ GET    users.city")
            try mouse(tmux, button: 65, x: 4, y: row)
            try await tmux.waitFor("▸ DELETE users.destroy")
            // The left column's border dragged 10 columns right (1002 mode: 32 + 0 moves, 3 releases).
            let top = try tmux.screen().components(separatedBy: "\n")[0]
            let border = try #require(top.firstIndex(of: "┐").map { top.distance(from: top.startIndex, to: $0) })
            for (button, x) in [(0, border), (32, border + 5), (32, border + 10), (3, border + 10)] {
                try mouse(tmux, button: button, x: x, y: 5)
                try await Task.sleep(for: .milliseconds(50))
            }
            try await tmux.waitFor("┐┌") { screen in
                let line = screen.components(separatedBy: "\n")[0]
                return line.firstIndex(of: "┐").map { line.distance(from: line.startIndex, to: $0) } == border + 10
            }
            try await tmux.quit()
        }
        try await withScreen(environment: "NO_MOUSE=1") { tmux, _, _ in
            let lines = try tmux.screen().components(separatedBy: "\n")
            let row = try #require(lines.firstIndex { $0.contains("users.city") })
            try mouse(tmux, button: 0, x: 4, y: row)
            try tmux.send("j")
            try await tmux.waitFor("▸ GET    users.show")
            try await tmux.quit()
        }
    }

    @Test("a request to a server that went away shows the failure in the Response pane, not the last 200")
    func failureInPane() async throws {
        try await withScreen { tmux, demo, _ in
            try tmux.send("j", "Enter")
            try await tmux.waitFor("Request · users.show")
            try tmux.send("Enter")
            try await tmux.waitFor("200 OK")
            demo.terminate()
            try tmux.send("Enter")
            try await tmux.waitFor("✗ Could not connect", also: { !$0.contains("200 OK") })
            let screen = try tmux.screen()
            #expect(screen.contains("users.show @ development") && screen.contains("hint: is the server running?"))
            try await tmux.quit()
        }
    }

    @Test("a stream appends live and follows the tail; g stops following, G resumes, Esc keeps what came")
    func liveStream() async throws {
        try await withScreen { tmux, _, _ in
            let first = "event: tick  id: 1 "
            try await tmux.openRoute("events")
            try tmux.send("C-u")
            try tmux.type("60")
            try tmux.send("Down", "C-u")
            try tmux.type("100")
            try tmux.send("Enter")
            // 60 events in 6 s: the pane shows them long before the stream ends, the newest
            // in view (an event takes seven lines, so the first has scrolled away).
            try await tmux.waitFor("● live", also: { $0.contains("event: tick  id: 4") })
            // Still live, the first event scrolled away: any later screen will do (waiting for
            // one id missed its half second on a loaded machine, and the stream ended first).
            try await tmux.waitFor("● live", also: { !$0.contains(first) && $0.contains("event: tick  id: ") })
            try tmux.send("Tab", "g")
            try await tmux.waitFor("G follows", also: { $0.contains(first) })
            try await Task.sleep(for: .milliseconds(600))
            let held = try tmux.screen()
            #expect(held.contains(first) && held.contains("● live") && held.contains("G follows"))
            try tmux.send("G")
            try await tmux.waitFor("● live", also: { !$0.contains("G follows") && !$0.contains(first) })
            try tmux.send("Escape")
            let stopped = try await tmux.waitFor("stopped (Esc)", also: { $0.contains("stream stopped after") })
            #expect(stopped.contains("event: tick  id: "))
            // A stream that ends shows every event and runs the route's checks.
            try tmux.send("BTab", "Up", "C-u")
            try tmux.type("3")
            try tmux.send("Enter")
            try await tmux.waitFor("✓ 2/2", also: { $0.contains("4 events") && $0.contains("event: done") })
            try await tmux.quit()
        }
    }

    @Test("killed with SIGKILL while typing, the next start has all but the last half second typed")
    func killedWhileTyping() async throws {
        let demo = try await DemoProcess.start()
        defer { demo.terminate() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let typed = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN")
        var sentAt: [ContinuousClock.Instant] = []
        var killedAt = ContinuousClock.now
        do {
            let tmux = try TmuxSession(command: courierCommand(demo, state: state))
            defer { tmux.kill() }
            try await tmux.waitFor("Routes")
            try await tmux.openRoute("users.show")
            try tmux.send("C-u")
            // Steady typing, 40 keys over two seconds, then the kill right after the last.
            for character in typed {
                try tmux.type(String(character))
                sentAt.append(.now)
                try await Task.sleep(for: .milliseconds(50))
            }
            try tmux.killProgram()
            killedAt = .now
            try await tmux.waitFor("EXIT=137")
        }
        let tmux = try TmuxSession(command: courierCommand(demo, state: state))
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        try await tmux.openRoute("users.show")
        let screen = try tmux.screen()
        let line = try #require(screen.split(separator: "\n").first { $0.contains("path   id [") })
        let kept = String(line.drop { $0 != "[" }.dropFirst(2).prefix { $0 != " " && $0 != "]" })
        // Everything typed 500 ms before the kill is kept (300 ms more for a loaded machine),
        // and what is kept is what was typed, in order.
        let due = sentAt.filter { killedAt - $0 > .milliseconds(800) }.count
        #expect(kept.count >= due, "kept '\(kept)', typed \(due) keys at least 800 ms before the kill")
        #expect(String(typed).hasPrefix(kept), "kept '\(kept)'")
        try await tmux.quit()
    }

    /// Runs `body` against `courier --demo` (its own sample API, a fresh state directory) once
    /// the server line is on screen.
    private func withDemo(_ body: (TmuxSession) async throws -> Void) async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tui-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let tmux = try TmuxSession(
            command: "cd \(CourierBinary.packageRoot.path) && env XDG_STATE_HOME=\(state.path) "
                + "\(CourierBinary.url.path) --demo")
        defer { tmux.kill() }
        try await tmux.waitFor("sample API on http://127.0.0.1:")
        try await body(tmux)
    }

    @Test("--demo runs the sample API in-process: the first route answers without any other server")
    func demoMode() async throws {
        try await withDemo { tmux in
            try tmux.send("Enter", "Enter")
            try await tmux.waitFor("users.index @ development")
            try await tmux.waitFor("\"name\": \"Pablo\"")
            try await tmux.quit()
        }
    }

    @Test("R runs the smoke checks live; Enter opens a route's exchange; a capture reaches a later request")
    func checkRun() async throws {
        try await withDemo { tmux in
            // GIVEN the picker (the shipped workspace names smoke and session)
            try tmux.send("R")
            try await tmux.waitFor("default selection")
            // WHEN smoke runs on development, THEN every row passes and the summary says so
            try tmux.send("Down", "Enter")
            try await tmux.waitFor("development: 7 routes, 19 checks: 19 passed, 0 failed")
            #expect(try tmux.screen().contains("smoke @ development · 7/7"))
            // WHEN the second row is opened, THEN its request line and body show, with the tally
            try tmux.send("Down", "Enter")
            try await tmux.waitFor("GET http://127.0.0.1:")
            try await tmux.waitFor("✓ 5/5")
            // WHEN the session run logs in, THEN account, which needs the captured token, passes
            try tmux.send("R", "r", "Down", "Down", "Enter")
            try await tmux.waitFor("development: 2 routes, 7 checks: 7 passed")
            try await tmux.quit()
        }
    }

    @Test("R, c: smoke on production and candidate side by side, a verdict per row; Enter opens a row's diff")
    func compareRun() async throws {
        try await withDemo { tmux in
            // GIVEN production active (reads only: nothing to confirm)
            try tmux.send("e", "2")
            try await tmux.waitFor("▸ production")
            // WHEN smoke is compared with candidate (3)
            try tmux.send("R")
            try await tmux.waitFor("default selection")
            try tmux.send("Down", "c")
            try await tmux.waitFor("Compare smoke on production with")
            try tmux.send("3")
            // THEN the rows say what differs, and the summary counts them
            try await tmux.waitFor("production | candidate: 7 routes: ")
            let screen = try tmux.screen()
            #expect(screen.contains("smoke @ production | candidate · 7/7"), "\(screen)")
            #expect(screen.contains("= users.index"), "\(screen)")
            #expect(screen.contains("≠ users.show") && screen.contains("json address.zip"), "\(screen)")
            #expect(screen.contains("✗ messages.index") && screen.contains("200 | 502"), "\(screen)")
            // WHEN Enter is pressed on users.show, THEN the diff view shows the zip code of both
            try tmux.send("Down", "Enter")
            try await tmux.waitFor("\"M20 2RN\"", also: { $0.contains("production · 200") })
            // AND the key list has it (near its end)
            try tmux.send("Escape", "?")
            for _ in 0..<100 { try tmux.send("j") }
            try await tmux.waitFor("compare run with")
            try await tmux.quit()
        }
    }

    @Test("c copies the value under the cursor through the terminal's OSC 52: tmux's paste buffer gets it")
    func clipboard() async throws {
        try await withDemo { tmux in
            // tmux takes OSC 52 from applications only with set-clipboard on.
            try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
            try tmux.send("Enter", "Enter")
            try await tmux.waitFor("users.index @ development")
            try tmux.send("Tab", "c")
            try await tmux.waitFor("to the clipboard")
            let buffer = try tmux.tmux(["show-buffer"]).output
            #expect(buffer.hasPrefix("[") && buffer.contains("\"name\": \"Pablo\""))
            try await tmux.quit()
        }
    }

    @Test("H lists what was recorded; Enter shows it as recorded; d compares with production; y copies curl")
    func historyAndDiff() async throws {
        try await withScreen { tmux, _, _ in
            try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
            try tmux.send("j", "Enter")
            try await tmux.waitFor("Request · users.show")
            try tmux.send("Enter")
            try await tmux.waitFor("users.show @ development")
            try tmux.send("Escape", "H")
            try await tmux.waitFor("History · users.show", also: { $0.contains("development  200") })
            try tmux.send("Enter")
            try await tmux.waitFor("Response ── recorded ")
            try tmux.send("d")
            try await tmux.waitFor("Compare users.show with")
            try tmux.send("Enter")
            try await tmux.waitFor("Diff · users.show", also: { $0.contains("json address.city") })
            let screen = try tmux.screen()
            #expect(screen.contains("\"Madrid\"") && screen.contains("\"Manchester\""))
            #expect(screen.contains("production · 200 · now"))
            try tmux.send("Escape", "y")
            try await tmux.waitFor("copied users.show as curl")
            let buffer = try tmux.tmux(["show-buffer"]).output
            #expect(buffer.contains("curl 'http://127.0.0.1:") && buffer.contains(#"'Authorization: Bearer '"$TOKEN""#))
            try await tmux.quit()
        }
    }

    @Test("a state folder that cannot be written: the screen says once that history is off and keeps working")
    func historyOff() async throws {
        let demo = try await DemoProcess.start()
        defer { demo.terminate() }
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tui-\(UUID().uuidString)")
        try Data("x".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let tmux = try TmuxSession(command: courierCommand(demo, state: blocker))
        defer { tmux.kill() }
        try await tmux.waitFor("Routes")
        try tmux.send("j", "Enter", "Enter")
        try await tmux.waitFor("history is off: cannot create the folder")
        try tmux.send("Escape", "j", "Enter", "Enter")
        try await tmux.waitFor("users.city @ development")
        #expect(try !tmux.screen().contains("history is off"))
        try tmux.send("Escape", "H")
        try await tmux.waitFor("history: cannot create the folder")
        try await tmux.quit()
    }

    @Test("Ctrl-E opens $EDITOR on the body and the edited JSON comes back into the form and is sent")
    func editor() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-editor-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: script) }
        // A stand-in editor: checks it was handed the current body, then writes a new one.
        try Data(
            """
            #!/bin/sh
            grep -q '"name": "Pablo"' "$1" || exit 3
            printf '{"name": "Edited", "city": "Vigo"}' > "$1"
            """.utf8
        ).write(to: script)
        chmod(script.path, 0o755)
        try await withScreen(environment: "EDITOR=\(script.path)") { tmux, _, _ in
            try await tmux.openRoute("users.create")
            try tmux.send("C-e")
            try await tmux.waitFor("body updated from the editor")
            try await tmux.waitFor("name [ Edited ]")
            try tmux.send("Enter")
            try await tmux.waitFor("201 Created")
            try await tmux.waitFor("\"city\": \"Vigo\"")
        }
    }

    @Test("colours by default; NO_COLOR=1 draws the same screen with none")
    func noColor() async throws {
        try await withScreen { tmux, _, _ in
            try await tmux.waitFor("▸ development")
            #expect(Self.colourSequences(in: try tmux.styledScreen()) > 0)
        }
        try await withScreen(environment: "NO_COLOR=1") { tmux, _, _ in
            try await tmux.waitFor("▸ development")
            let screen = try tmux.styledScreen()
            #expect(screen.contains("production"))
            #expect(Self.colourSequences(in: screen) == 0)
        }
    }

    /// How many SGR sequences in `screen` set a foreground or background colour (bold and
    /// reverse video are not colour).
    private static func colourSequences(in screen: String) -> Int {
        let colours = Set(Array(30...38) + Array(40...48) + Array(90...97) + Array(100...107))
        var count = 0
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            if rest[..<end].split(separator: ";").contains(where: { Int($0).map(colours.contains) ?? false }) {
                count += 1
            }
            rest = rest[rest.index(after: end)...]
        }
        return count
    }

    @Test("a broken workspace never starts the screen: one message, exit 1")
    func brokenWorkspace() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tui-broken.json")
        try Data("{\"environments\": [}".utf8).write(to: file)
        let tmux = try TmuxSession(command: "\(CourierBinary.url.path) --config \(file.path)")
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("EXIT=1")
        #expect(screen.contains("courier: courier-tui-broken.json: line 1, column 19: expected a value, found '}'"))
    }
}
