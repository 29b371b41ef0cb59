import CourierTestSupport
import Foundation
import Testing

/// History as a user meets it: what `call` and `check` record, `courier history`, `show` and
/// `clear`, with a private state folder per test so counts are exact.
@Suite("courier history", .serialized)
final class HistoryCommandTests {
    let demo: DemoProcess
    let folder: URL

    init() async throws {
        (demo, folder) = try await DemoProcess.startWithFolder("courier-history")
    }

    deinit {
        demo.end(removing: folder)
    }

    private var database: String { folder.path + "/state/courier/history.sqlite" }

    /// `courier ARGS --config FILE` (no `--config` for `history show`, which reads only the database).
    private func courier(_ arguments: [String], config: String = CourierBinary.workspace) async throws -> RunResult {
        try await CourierBinary.run(
            arguments + (arguments.starts(with: ["history", "show"]) ? [] : ["--config", config]),
            environment: demo.environment.merging(["XDG_STATE_HOME": folder.path + "/state"]) { $1 })
    }

    /// The database, its write-ahead log and the spool `call` appends to, as bytes.
    private func databaseBytes() -> [UInt8] {
        [database, database + "-wal", spool].flatMap {
            FileManager.default.contents(atPath: $0).map { [UInt8]($0) } ?? []
        }
    }

    private var spool: String { folder.path + "/state/courier/history.spool" }

    @Test("an attempt that got no answer is listed (status —, why), shown, and exported with HAR's _error")
    func failedAttempt() async throws {
        let refused = try await CourierBinary.run(
            ["call", "users.show", "--config", CourierBinary.workspace],
            environment: ["COURIER_DEMO_PORT": "1", "XDG_STATE_HOME": folder.path + "/state"])
        #expect(refused.code == 1 && refused.stderr.contains("connection refused"), "\(refused.stderr)")
        let listed = try await courier(["history"])
        let row = try #require(listed.stdout.split(separator: "\n").dropFirst().first.map(String.init))
        #expect(row.contains("users.show") && row.contains(" — "), "\(listed.stdout)")
        #expect(row.contains("✗ could not connect to http://127.0.0.1:1/dev/v1/users/42: connection refused"))
        let json = try await courier(["history", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.first?["status"] is NSNull)
        #expect((entries.first?["error"] as? String)?.contains("connection refused") == true)
        let id = try #require(entries.first?["id"] as? Int)
        let shown = try await courier(["history", "show", String(id)])
        #expect(shown.code == 0 && shown.stdout.contains("# failed: could not connect to http://127.0.0.1:1/"))
        let har = folder.path + "/failed.har"
        #expect(try await courier(["history", "export", "--har", har]).code == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any])
        let log = try #require(document["log"] as? [String: Any])
        let entry = try #require((log["entries"] as? [[String: Any]])?.first)
        #expect((entry["_error"] as? String)?.contains("connection refused") == true)
        #expect((entry["response"] as? [String: Any])?["status"] as? Int == 0)
    }

    @Test("call and check are recorded; history lists them newest first, show prints one, clear removes")
    func recordListShowClear() async throws {
        #expect(try await courier(["call", "users.show"]).code == 0)
        #expect(try await courier(["call", "users.show", "--env", "production", "--no-history"]).code == 0)
        #expect(try await courier(["check", "session", "--env", "development"]).code == 0)

        let listed = try await courier(["history"])
        #expect(listed.code == 0, "\(listed.stderr)")
        let rows = listed.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(rows.first == ["ID", "RECORDED", "ENVIRONMENT", "ROUTE", "STATUS", "TIME", "CHECKS"])
        #expect(rows.dropFirst().map { $0[3] } == ["development", "development", "development"])
        #expect(rows.dropFirst().map { $0[4] } == ["account", "auth.login", "users.show"])
        // One send pipeline: `call` runs the route's checks as `check` does, so every row has
        // its tally, whoever sent it.
        #expect(rows[1].suffix(2) == ["✓", "3/3"])
        #expect(rows[2].suffix(2) == ["✓", "4/4"])
        #expect(rows[3].suffix(2) == ["✓", "5/5"])

        let json = try await courier(["history", "users.show", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["status"] as? Int == 200)
        #expect(entries.first?["url"] as? String == "http://127.0.0.1:\(demo.port)/dev/v1/users/42")
        let id = try #require(entries.first?["id"] as? Int)

        let shown = try await courier(["history", "show", String(id), "-i"])
        #expect(shown.code == 0, "\(shown.stderr)")
        let lines = shown.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("# recorded ") && lines[0].hasSuffix(" · development · users.show"))
        #expect(lines[1] == "# GET http://127.0.0.1:\(demo.port)/dev/v1/users/42")
        #expect(lines.contains("HTTP/1.1 200 OK"))
        #expect(shown.stdout.contains("\"name\": \"Pablo\""))

        let missing = try await courier(["history", "show", "99999"])
        #expect(missing.code == 1)
        #expect(missing.stderr == "courier: no recorded exchange has id 99999 (see 'courier history')\n")

        let cleared = try await courier(["history", "clear", "auth.login"])
        #expect(cleared.stderr == "courier: removed 1 recorded exchange\n")
        #expect(try await courier(["history", "--json"]).stdout.components(separatedBy: "\"id\"").count == 3)
    }

    @Test("diff: two environments at once, with history, two recorded ids; exit 0/1/2 as diff(1)")
    func diff() async throws {
        let across = try await courier(["diff", "users.show", "--env", "development", "--env", "production"])
        #expect(across.code == 1, "\(across.stderr)")
        let lines = across.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"json address.city: "Madrid" | "Manchester""#))
        #expect(!lines.contains { $0.hasPrefix("header Date") || $0.hasPrefix("status") })

        let ignoring = try await courier(
            ["diff", "users.show", "--env", "development", "--env", "production", "--ignore", "json:address"])
        #expect(ignoring.code == 1)
        #expect(!ignoring.stdout.contains("address"))
        let none = try await courier(
            ["diff", "users.show", "--env", "development", "--env", "production", "--ignore", "json:*"])
        #expect(none.code == 0)
        #expect(none.stdout.isEmpty)

        // Both sends were recorded: compare them again by id, then a fresh one with the last.
        let json = try await courier(["history", "users.show", "--json", "--limit", "2"])
        let ids = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            .compactMap { $0["id"] as? Int }
        #expect(ids.count == 2)
        let byID = try await courier(["diff"] + ids.reversed().map(String.init))
        #expect(byID.code == 1)
        #expect(byID.stdout.contains(#"json address.city: "#))
        let previous = try await courier(["diff", "users.show", "--env", "development", "--previous"])
        #expect(previous.code == 0, "\(previous.stdout)\(previous.stderr)")

        let protected = try await courier(["diff", "users.create", "--env", "development", "--env", "production"])
        #expect(protected.code == 2)
        #expect(protected.stderr.split(separator: "\n").count == 1)
        #expect(try await courier(["diff", "users.show", "--env", "development"]).code == 2)
        let noisyPrevious = try await courier(["diff", "users.show", "--env", "development", "--previous", "--noise"])
        #expect(noisyPrevious.code == 2)
        #expect(noisyPrevious.stderr.contains("--noise needs two environments"))
        #expect(try await courier(["diff", "users.show", "--bogus"]).code == 2)
        let missing = try await courier(["diff", "1", "99999"])
        #expect(missing.code == 2)
    }

    @Test("a body over 1 MB keeps its first megabyte and its true size; show says it was cut")
    func cutBody() async throws {
        #expect(try await courier(["call", "large", "-q", "items=10000", "--raw"]).code == 0)
        let json = try await courier(["history", "large", "--json"])
        let entry = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        let size = try #require(entry["size"] as? Int)
        #expect(size > 1 << 20)
        let id = try #require(entry["id"] as? Int)
        let shown = try await courier(["history", "show", String(id), "--raw"])
        #expect(shown.code == 0)
        #expect(shown.stdoutBytes.count == 1 << 20)
        #expect(shown.stderr.hasPrefix("courier: the body was cut to its first "))
    }

    @Test("call appends to the spool without opening the database; the next reader folds it in")
    func spool() async throws {
        #expect(try await courier(["call", "users.show"]).code == 0)
        #expect(try await courier(["call", "users.city"]).code == 0)
        let spooled = (try? FileManager.default.attributesOfItem(atPath: spool)[.size] as? Int) ?? 0
        #expect(spooled > 0)
        #expect(!FileManager.default.fileExists(atPath: database))
        let listed = try await courier(["history", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["route"] as? String } == ["users.city", "users.show"])
        #expect((try? FileManager.default.attributesOfItem(atPath: spool)[.size] as? Int) == 0)
        // Each hop's phases came through the spool into the database: show -v prints them.
        let first = try #require(entries.last?["id"] as? Int)
        let shown = try await courier(["history", "show", String(first), "-v"])
        #expect(shown.code == 0 && shown.stderr.hasPrefix("timing  GET http://127.0.0.1:"), "\(shown.stderr)")
        #expect(shown.stderr.contains(" (new connection) · ") && shown.stderr.contains(" · wait "))
    }

    @Test("the database never holds the password, the session token or a header token")
    func noSecretsOnDisk() async throws {
        #expect(try await courier(["check", "session", "--env", "development"]).code == 0)
        // Every development request carries "Authorization: Bearer dev-token" from the environment.
        #expect(try await courier(["call", "users.show", "--env", "development"]).code == 0)
        // Before and after the spool is folded in (the spool holds bodies in base64, the
        // database as they were received).
        for reading in [[], ["history"]] {
            if !reading.isEmpty { #expect(try await courier(reading).code == 0) }
            let bytes = databaseBytes()
            #expect(bytes.count > 4096)
            for secret in ["dev-password", "-session-", "dev-token"] {
                #expect(bytes.firstRange(of: Array(secret.utf8)) == nil, "\(secret) is in \(database)")
            }
            #expect(bytes.firstRange(of: Array("Bearer ••••••".utf8)) != nil)
        }
    }

    @Test("a state folder that cannot be written: one line, the call still works")
    func unwritable() async throws {
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let result = try await CourierBinary.run(
            ["call", "users.show", "--config", CourierBinary.workspace],
            environment: demo.environment.merging(["XDG_STATE_HOME": blocker.path]) { $1 })
        #expect(result.code == 0)
        #expect(result.stdout.contains("\"name\": \"Pablo\""))
        #expect(
            result.stderr
                == "courier: history is off: cannot create the folder \(blocker.path)/courier: Not a directory\n")
    }

    @Test("killed with SIGKILL while recording a run, the database opens whole")
    func killedWriter() async throws {
        let workspace = folder.appendingPathComponent("many.json")
        let routes = (0..<3000).map { #"{"name": "u\#($0)", "path": "/users/42", "query": {"n": "\#($0)"}}"# }
        let text = """
            {"environments": {"bench": {"base_url": "http://127.0.0.1:\(demo.port)/dev/v1"}},
             "routes": [\(routes.joined(separator: ",\n"))]}
            """
        try Data(text.utf8).write(to: workspace)

        // Kill it once the database has taken some writes (the log outlives each process, so
        // measure its growth).
        func logSize() -> Int {
            (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0
        }
        // The database made (and migrated) first, so the growth measured is exchanges: `call`
        // spools, and `history` opens the database and folds the spool in.
        #expect(try await courier(["call", "users.show"]).code == 0)
        #expect(try await courier(["history"]).code == 0)
        /// Exchanges of the run committed so far (a reader beside the writer, as WAL allows).
        func committed() throws -> Int {
            Int(
                try python(
                    "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("
                        + "\"select count(*) from exchange where environment = 'bench'\").fetchone()[0])"
                ).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        let before = logSize()
        let process = try TestProcess(
            CourierBinary.url.path, ["check", "--config", workspace.path, "--env", "bench"],
            environment: CourierBinary.environment(["XDG_STATE_HOME": folder.path + "/state"]))
        // Killed once a batch is committed and the log has grown on: a fast (release) run's
        // first batch alone can pass 64 KB before it commits, and a kill then leaves nothing
        // to read back.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if logSize() > before + 64 * 1024, try committed() > 0 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.kill()
        #expect(process.poll() == .signalled(SIGKILL))

        let listed = try await courier(["history", "--limit", "3"], config: workspace.path)
        #expect(listed.code == 0)
        #expect(listed.stderr.isEmpty, "\(listed.stderr)")
        // A header and one to three rows: how many exchanges the run recorded before the kill
        // depends on the machine's load; what matters is that they read back whole.
        #expect((2...4).contains(listed.stdout.split(separator: "\n").count), "\(listed.stdout)")
        #expect(listed.stdout.contains("bench"), "\(listed.stdout)")
        let verdict = try python(
            "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('pragma integrity_check').fetchone()[0])")
        #expect(verdict == "ok\n")
    }

    /// What a Python script prints, given the history database's path: Python's own sqlite3
    /// reads it, apart from Courier.
    private func python(_ script: String) throws -> String {
        try TestProcess.output("/usr/bin/env", ["python3", "-c", script, database], seconds: 60).stdout
    }
}
