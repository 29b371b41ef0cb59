import Foundation
import Testing

/// `call --har` and `history export --har` as a user meets them: redirects as entries of their
/// own, credentials masked, nothing sent when the file could not be written.
@Suite("HAR export", .serialized)
final class HARExportEndToEndTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-har")
    }

    deinit {
        demo.end(removing: folder)
    }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        try await CourierBinary.run(
            arguments + ["--config", CourierBinary.workspace],
            environment: demo.environment.merging(["XDG_STATE_HOME": folder.path + "/state"]) { $1 })
    }

    /// The entries of the HAR file at `path`.
    private func entries(_ path: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(document["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        return try #require(log["entries"] as? [[String: Any]])
    }

    private func status(_ entry: [String: Any]) -> Int? {
        (entry["response"] as? [String: Any])?["status"] as? Int
    }

    @Test("call --har: one entry per redirect hop, in order, each started after the one before; no token")
    func call() async throws {
        let path = folder.path + "/call.har"
        let sent = try await courier(["call", "redirect", "-p", "hops=2", "--har", path])
        #expect(sent.code == 0, "\(sent.stderr)")
        let entries = try entries(path)
        #expect(entries.map(status) == [302, 302, 200])
        let urls = entries.map { ($0["request"] as? [String: Any])?["url"] as? String }
        #expect(urls == (0...2).reversed().map { "http://127.0.0.1:\(demo.port)/dev/v1/redirect/\($0)" })
        let starts = entries.compactMap { $0["startedDateTime"] as? String }
        #expect(starts.count == 3 && starts == starts.sorted())
        for (index, entry) in entries.enumerated() {
            let timings = try #require(entry["timings"] as? [String: Any]).compactMapValues { $0 as? Double }
            #expect((timings["wait"] ?? -1) > 0 && (timings["receive"] ?? -1) >= 0)
            #expect((timings["send"] ?? -1) >= 0 && (timings["blocked"] ?? -1) >= 0)
            // The first hop opened the connection; the redirects went over it, kept alive.
            #expect(index == 0 ? (timings["connect"] ?? -1) > 0 : timings["connect"] == -1, "\(timings)")
            let sum = timings.values.filter { $0 >= 0 }.reduce(0, +)
            #expect(abs(sum - ((entry["time"] as? Double) ?? -1)) < 0.01)
            #expect(((entry["response"] as? [String: Any])?["httpVersion"] as? String) == "HTTP/1.1")
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("dev-token") && text.contains("Bearer ••••••"))
    }

    @Test("call -v: the body alone on stdout, a line per hop on stderr with its phases, a secret in the URL masked")
    func timing() async throws {
        let sent = try await courier(["call", "redirect", "-p", "hops=1", "-q", "k={{token}}", "-v", "--no-history"])
        #expect(sent.code == 0, "\(sent.stderr)")
        #expect(!sent.stdout.contains("timing") && !sent.stderr.contains("dev-token"))
        let lines = sent.stderr.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(sent.stderr)")
        let base = "timing  GET http://127.0.0.1:\(demo.port)/dev/v1/redirect/"
        #expect(lines[0].hasPrefix(base + "1?k=••••••  connect ") && lines[0].contains(" (new connection) · "))
        #expect(lines[1].hasPrefix(base + "0  connect 0 (kept alive) · "), "\(lines[1])")
        for line in lines {
            #expect(line.contains(" · send ") && line.contains(" · wait ") && line.hasSuffix(" ms in all"), "\(line)")
        }
    }

    @Test("history export --har writes what was recorded, filtered; nothing recorded is an error and no file")
    func history() async throws {
        #expect(try await courier(["call", "redirect", "-p", "hops=1"]).code == 0)
        #expect(try await courier(["call", "users.show"]).code == 0)
        let all = folder.path + "/all.har"
        let exported = try await courier(["history", "export", "--har", all])
        #expect(exported.code == 0, "\(exported.stderr)")
        #expect(exported.stderr == "courier: wrote 2 exchanges (3 entries) to \(all)\n")
        #expect(try entries(all).map(status) == [302, 200, 200])
        let one = folder.path + "/one.har"
        #expect(try await courier(["history", "export", "--har", one, "users.show"]).code == 0)
        let shown = try entries(one)
        #expect(shown.count == 1)
        let content = (shown.first?["response"] as? [String: Any])?["content"] as? [String: Any]
        #expect((content?["text"] as? String)?.contains("\"Pablo\"") == true)

        let none = folder.path + "/none.har"
        let empty = try await courier(["history", "export", "--har", none, "users.index"])
        #expect(empty.code == 1)
        #expect(empty.stderr == "courier: nothing recorded for users.index; no file written\n")
        #expect(!FileManager.default.fileExists(atPath: none))
    }

    @Test("a HAR file that cannot be written stops the call before anything is sent")
    func unwritable() async throws {
        let before = try await demo.requestLog().count
        let failed = try await courier(["call", "users.show", "--har", "/nonexistent-folder/x.har"])
        #expect(failed.code == 1)
        #expect(
            failed.stderr == "courier: --har /nonexistent-folder/x.har: the folder /nonexistent-folder does not exist\n"
        )
        #expect(try await demo.requestLog().count == before)
    }
}
