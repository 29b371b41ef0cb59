import Foundation
import Testing

/// One route sent by every front end (`call`, `check`, `diff` and the screen) goes through the
/// one send pipeline: the same history row, checks included, and the same request on the wire.
@Suite("One send pipeline for every front end", .serialized)
final class OnePipelineTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-pipeline")
    }

    deinit {
        demo.end(removing: folder)
    }

    private var environment: [String: String] {
        demo.environment.merging(["XDG_STATE_HOME": folder.path + "/state"]) { $1 }
    }

    private func courier(_ arguments: [String]) async throws -> RunResult {
        try await CourierBinary.run(arguments + ["--config", CourierBinary.workspace], environment: environment)
    }

    @Test("call, check, diff and the screen leave the same history row and send the same request")
    func sameRowSameWire() async throws {
        #expect(try await courier(["call", "users.show", "--env", "development"]).code == 0)
        #expect(try await courier(["check", "users.show", "--env", "development"]).code == 0)
        let diff = try await courier(["diff", "users.show", "--env", "development", "--env", "production"])
        #expect(diff.code == 0 || diff.code == 1, "\(diff.stderr)")

        // The screen: open users.show (the second route), send it, wait for the answer, quit.
        let command =
            "env COURIER_DEMO_PORT=\(demo.port) XDG_STATE_HOME=\(folder.path)/state NO_COLOR= TERM=screen-256color "
            + "\(CourierBinary.url.path) --config \(CourierBinary.workspace)"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("▸ development")
        try tmux.send("j", "Enter")
        try await tmux.waitFor("Request · users.show")
        try tmux.send("Enter")
        try await tmux.waitFor("200 OK")
        try await tmux.quit()

        let listed = try await courier(["history", "users.show", "--env", "development", "--json"])
        #expect(listed.code == 0, "\(listed.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4, "\(listed.stdout)")
        let tallies = rows.map { ($0["checks"] as? [String: Int]).map { "\($0["passed"] ?? -1)/\($0["total"] ?? -1)" } }
        #expect(Set(tallies).count == 1 && tallies.first != nil, "every front end ran the route's checks: \(tallies)")
        #expect(Set(rows.map { $0["url"] as? String }).count == 1)

        // The requests as recorded hop by hop: method, URL, headers (names, values, order), body.
        let har = folder.appendingPathComponent("all.har").path
        let exported = try await courier(["history", "export", "--har", har, "users.show", "--env", "development"])
        #expect(exported.code == 0, "\(exported.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
        let entries = try #require((document["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let requests = entries.compactMap { entry -> String? in
            guard let request = entry["request"] as? [String: Any] else { return nil }
            let headers = (request["headers"] as? [[String: Any]] ?? []).map {
                "\($0["name"] ?? ""): \($0["value"] ?? "")"
            }
            return "\(request["method"] ?? "") \(request["url"] ?? "")\n" + headers.joined(separator: "\n")
                + "\n\((request["postData"] as? [String: Any])?["text"] ?? "")"
        }
        #expect(requests.count == 4)
        #expect(Set(requests).count == 1, "\(requests.joined(separator: "\n---\n"))")
    }
}
