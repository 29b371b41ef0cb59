import CourierTestSupport
import Foundation

/// A tmux server of its own (`-L unique`) running one command in a fixed-size window, for
/// driving the TUI with `send-keys` and reading it with `capture-pane`.
final class TmuxSession: @unchecked Sendable {
    let socket = "courier-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let target = "main"
    /// The tmux server's and the pane's process ids.
    private var processIDs: [Int32] = []

    /// Starts `command` (run by `sh -c`, followed by `EXIT=$?` so the exit code stays visible).
    init(command: String, width: Int = 120, height: Int = 40) throws {
        // From the first column of a line of its own: a killed screen leaves the cursor
        // anywhere and the terminal raw (a line feed alone does not return the carriage), and
        // a marker printed at the right edge would wrap in two.
        let wrapped = "\(command); printf '\\r\\nEXIT=%s\\r\\n' \"$?\"; sleep 600"
        // The client starts the server and returns; the server inherits nothing of this process
        // (TestProcess says why that matters).
        let client = try TestProcess(
            "/usr/bin/env",
            [
                "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", target,
                "-x", String(width), "-y", String(height), wrapped,
            ])
        _ = client.waitBlocking(seconds: 10)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? tmux(["has-session", "-t", target]).code) == 0 {
                // Remembered so `kill()` can end them: processes started from test threads
                // have SIGTERM blocked, so `kill-server` alone leaves them running.
                let pids = (try? tmux(["display-message", "-p", "-t", target, "#{pid} #{pane_pid}"]).output) ?? ""
                processIDs = pids.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw DemoError(message: "tmux session did not start")
    }

    /// Runs a tmux command against this server (killed after 30 s): its exit status and stdout.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> (code: Int32, output: String) {
        let run = try TestProcess.output("/usr/bin/env", ["tmux", "-L", socket] + arguments, seconds: 30)
        return (run.ending.code, run.stdout)
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-u`) or literal text.
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Sends `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// The screen as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target]).output
    }

    /// The screen with its SGR escape sequences (colours and attributes) kept.
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target]).output
    }

    /// Polls the screen until `marker` shows (and `also` is true of it), or fails after `timeout`.
    @discardableResult
    func waitFor(_ marker: String, timeout: TimeInterval = 20, also: (String) -> Bool = { _ in true }) async throws
        -> String
    {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(marker) && also(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw DemoError(message: "'\(marker)' never appeared; the screen was:\n\(last)")
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
    }

    /// Filters the route list for `name` (`/`, typing, Enter) and waits for its form.
    func openRoute(_ name: String) async throws {
        try send("/")
        try type(name)
        try send("Enter")
        try await waitFor("Request · \(name)")
    }

    /// Esc back to Routes, `q`, and waits for courier's clean exit.
    func quit() async throws {
        try send("Escape", "q")
        try await waitFor("EXIT=0")
    }

    /// Kills the program in the pane with SIGKILL (no handler runs, nothing is flushed); the
    /// pane's shell then prints `EXIT=137`.
    func killProgram() throws {
        guard let pane = processIDs.last else { throw DemoError(message: "no pane process") }
        try Self.run("/usr/bin/pkill", ["-KILL", "-P", String(pane)])
    }

    /// Ends the tmux server and everything in it.
    func kill() {
        // The pane's children (courier, sleep) first, then the pane shell and the server.
        if let pane = processIDs.last { _ = try? Self.run("/usr/bin/pkill", ["-KILL", "-P", String(pane)]) }
        for pid in processIDs.reversed() { Foundation.kill(pid, SIGKILL) }
        _ = try? tmux(["kill-server"])
    }

    private static func run(_ path: String, _ arguments: [String]) throws {
        _ = try TestProcess.output(path, arguments, seconds: 30)
    }
}
