import CourierCore
import Foundation
import Testing

@testable import CourierStore

@Suite("History database")
struct HistoryStoreTests {
    /// A fresh folder and the database path inside it.
    private func place() -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-history-\(UUID().uuidString)"
        )
        .path
        return (folder, folder + "/history.sqlite")
    }

    private func exchange(
        route: String = "users.show", environment: String = "development", body: String = #"{"id": 42}"#,
        secrets: [String] = []
    ) -> Exchange {
        var response = HTTPResponse(
            status: 200, reason: "OK", headers: [HeaderField("Content-Type", "application/json")],
            body: Array(body.utf8), totalTime: 0.012, timeToFirstByte: 0.01,
            finalURL: "http://127.0.0.1:4010/dev/v1/users/42")
        // A redirect on the way, as the engine reports it (times in whole milliseconds, which
        // survive the JSON column exactly).
        response.hops = [
            ExchangeHop(
                method: .get, url: "http://127.0.0.1:4010/dev/v1/u/42",
                requestHeaders: [HeaderField("Accept", "application/json")], status: 301, reason: "Moved",
                responseHeaders: [HeaderField("Location", "/dev/v1/users/42")],
                startedAt: Date(timeIntervalSince1970: 1_800_000_000.25), wait: 0.004, receive: 0.001),
            ExchangeHop(
                method: .get, url: "http://127.0.0.1:4010/dev/v1/users/42", status: 200, reason: "OK",
                responseHeaders: response.headers, bodySize: body.utf8.count,
                startedAt: Date(timeIntervalSince1970: 1_800_000_000.5), wait: 0.01, receive: 0.002),
        ]
        return Exchange(
            request: HTTPRequest(
                method: "GET", url: "http://127.0.0.1:4010/dev/v1/users/42",
                headers: [HeaderField("Accept", "application/json")]),
            response: response,
            origin: ExchangeOrigin(
                workspace: "/work/environments.json", environmentName: environment, routeName: route,
                secretValues: secrets),
            checks: [CheckResult(check: "status == 200", passed: true)])
    }

    @Test("an exchange comes back as it was written, newest first in the listing")
    func roundTrip() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(path: path)
        #expect(store.notice == nil)
        let record = HistoryRedactor.record(exchange(), run: "smoke", at: Date(timeIntervalSince1970: 1_800_000_000))
        let first = try store.add(record)
        let second = try store.add(HistoryRedactor.record(exchange(route: "users.index")))
        #expect(second > first)

        var expected = record
        expected.id = first
        #expect(try store.record(id: first) == expected)
        #expect(try store.record(id: 999) == nil)

        let entries = try store.entries(workspace: "/work/environments.json")
        #expect(entries.map(\.id) == [second, first])
        #expect(entries.last?.checkTally == CheckTally(passed: 1, total: 1))
        #expect(entries.last?.run == "smoke")
        #expect(try store.entries(workspace: "/work/environments.json", route: "users.show").map(\.id) == [first])
        #expect(try store.entries(workspace: "/elsewhere.json").isEmpty)
        #expect(try store.records(workspace: "/work/environments.json").map(\.id) == [first, second])
        #expect(try store.records(workspace: "/work/environments.json", limit: 1).map(\.id) == [second])
    }

    @Test("the file never holds a secret, a cookie value or an Authorization value")
    func masking() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = "tok-8c1f0e77a9"
        var live = exchange(body: #"{"access_token": "tok-8c1f0e77a9"}"#, secrets: [secret])
        live.request.url += "?key=" + secret
        live.request.headers += [
            HeaderField("Authorization", "Basic dXNlcjpodW50ZXIy"), HeaderField("Cookie", "session=c00kieValue31"),
            HeaderField("X-Api-Key", secret),
        ]
        live.request.body = Array(#"{"password": "tok-8c1f0e77a9"}"#.utf8)
        live.response.hops[0].url += "?key=" + secret
        live.response.hops[0].requestHeaders = live.request.headers
        live.response.hops[0].responseHeaders.append(HeaderField("Set-Cookie", "a=c00kieValue31"))
        live.response.headers.append(HeaderField("Set-Cookie", "session=c00kieValue31; Path=/; HttpOnly"))
        live.captured = ["token": secret]
        live.checks = [CheckResult(check: "json token == \"x\"", passed: false, actual: secret)]
        let store = try HistoryStore(path: path)
        let id = try store.add(HistoryRedactor.record(live))

        var bytes: [UInt8] = []
        for file in [path, path + "-wal"] {
            bytes += (FileManager.default.contents(atPath: file).map { [UInt8]($0) }) ?? []
        }
        #expect(bytes.count > 4096)
        for value in [secret, "dXNlcjpodW50ZXIy", "c00kieValue31"] {
            #expect(bytes.firstRange(of: Array(value.utf8)) == nil, "\(value) is in the database file")
        }
        let kept = try #require(try store.record(id: id))
        #expect(kept.exchange.request.headers.value(for: "Authorization") == "Basic ••••••")
        #expect(kept.exchange.response.headers.value(for: "Set-Cookie") == "session=••••••; Path=/; HttpOnly")
    }

    @Test("each route and environment keeps its newest exchanges; the total stays within the size limit")
    func retention() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(path: path)
        let keepThree = HistorySettings(keep: 3)
        var ids: [Int64] = []
        for _ in 0..<5 { ids.append(try store.add(HistoryRedactor.record(exchange()), settings: keepThree)) }
        try store.add(HistoryRedactor.record(exchange(environment: "production")), settings: keepThree)
        let workspace = "/work/environments.json"
        #expect(
            try store.entries(workspace: workspace, environment: "development").map(\.id) == ids.suffix(3).reversed())
        #expect(try store.entries(workspace: workspace, environment: "production").count == 1)

        // Bodies of 100 KB under a 1 MB limit: the oldest go, whatever their route.
        let large = String(repeating: "x", count: 100_000)
        let small = HistorySettings(keep: 200, maxBytes: 1 << 20)
        for index in 0..<15 {
            try store.add(HistoryRedactor.record(exchange(route: "r\(index)", body: large)), settings: small)
        }
        #expect(try store.storedBytes() <= 1 << 20)
        let routes = try store.entries(workspace: workspace, limit: 100).map(\.route)
        #expect(routes.first == "r14")
        #expect(!routes.contains("r0"))
        #expect(routes.count >= 9)
    }

    @Test("a batch is held to the size limit once, at its end, and keeps what one at a time keeps")
    func retentionOfABatch() throws {
        let large = String(repeating: "x", count: 100_000)
        let small = HistorySettings(keep: 200, maxBytes: 1 << 20)
        let records = (0..<15).map { HistoryRedactor.record(exchange(route: "r\($0)", body: large)) }
        var kept: [[String]] = []
        for batched in [false, true] {
            let (folder, path) = place()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let store = try HistoryStore(path: path)
            if batched {
                try store.add(records, settings: small)
            } else {
                for record in records { try store.add(record, settings: small) }
            }
            #expect(try store.storedBytes() <= 1 << 20)
            kept.append(try store.entries(workspace: "/work/environments.json", limit: 100).map(\.route))
        }
        #expect(kept[0] == kept[1])
        #expect(kept[1].first == "r14")
        #expect(!kept[1].contains("r0"))
    }

    @Test("the log is copied back at 4 MB, and one grown past 16 MB is cut back when next reused")
    func logSize() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(path: path)
        let pages = try store.withDatabase { db in try db.integer("PRAGMA wal_autocheckpoint") }
        #expect(pages == HistoryStore.walCheckpointPages)
        // One transaction of 24 MB: the log holds all of it until the commit copies it back.
        let large = String(repeating: "x", count: 800_000)
        try store.add((0..<30).map { HistoryRedactor.record(exchange(route: "r\($0)", body: large)) })
        let log = { () throws -> Int in
            (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? -1
        }
        #expect(try log() > HistoryStore.walSizeLimit)
        // The next write starts the log over, and cuts the file back.
        try store.add(HistoryRedactor.record(exchange(route: "small")))
        #expect(try log() <= HistoryStore.walSizeLimit)
    }

    @Test("a new file frees pages incrementally; opening it again writes nothing to the log")
    func openingWritesNothing() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = { () throws -> Int in
            (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? -1
        }
        do {
            let store = try HistoryStore(path: path)
            #expect(try store.withDatabase { db in try db.integer("PRAGMA auto_vacuum") } == 2)
            try store.add(HistoryRedactor.record(exchange(route: "a")))
        }
        let before = try log()
        _ = try HistoryStore(path: path)
        #expect(try log() == before)
    }

    @Test("clear removes a route's or an environment's exchanges, or the workspace's")
    func clear() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try HistoryStore(path: path)
        for route in ["a", "b"] {
            for environment in ["development", "production"] {
                try store.add(HistoryRedactor.record(exchange(route: route, environment: environment)))
            }
        }
        let workspace = "/work/environments.json"
        #expect(try store.clear(workspace: workspace, route: "a", environment: "production") == 1)
        #expect(try store.clear(workspace: workspace, route: "a") == 1)
        #expect(try store.clear(workspace: "/other.json") == 0)
        #expect(try store.clear(workspace: workspace) == 2)
        #expect(try store.storedBytes() == 0)
    }

    @Test("a file that is not a database is moved aside, never deleted, and a new one starts")
    func damaged() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        let store = try HistoryStore(path: path)
        let notice = try #require(store.notice)
        #expect(notice.hasPrefix("the history database is not a database; moved it to \(path).damaged-"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".damaged-") }
        #expect(aside.count == 1)
        #expect(FileManager.default.contents(atPath: folder + "/" + (aside.first ?? "")) == garbage)
        try store.add(HistoryRedactor.record(exchange()))
        #expect(try store.entries(workspace: nil).count == 1)
    }

    @Test("a database from a later Courier is moved aside, not migrated or read")
    func newer() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HistoryStore(path: path).add(HistoryRedactor.record(exchange()))
        // A later Courier adds a migration and marks the version.
        do {
            let db = try SQLiteConnection(path: path)
            try db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99'); PRAGMA user_version = 99")
        }
        let store = try HistoryStore(path: path)
        #expect(store.notice?.contains("was written by a later Courier; moved it to \(path).newer-") == true)
        #expect(try store.entries(workspace: nil).isEmpty)
    }

    @Test("a database of the first schema is migrated in place: its rows stay, new ones keep their hops")
    func migrated() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            let db = try SQLiteConnection(path: path)
            try HistorySchema.migrate(db, upTo: "v1")
            try db.execute(
                """
                INSERT INTO exchange (recorded_at, workspace, environment, route, method, url, request_headers,
                    status, reason, version, final_url, response_headers, body, body_size, total_time, first_byte,
                    attempts, redirects, checks, captured, stored_bytes)
                VALUES (0, 'w', 'development', 'users.show', 'GET', 'http://x/', '[]', 200, 'OK', 'HTTP/1.1',
                    'http://x/', '[]', x'7b7d', 2, 0.01, 0.005, 1, 0, '[]', '{}', 300)
                """)
        }
        let store = try HistoryStore(path: path)
        #expect(store.notice == nil)
        let old = try #require(try store.records(workspace: "w").first)
        #expect(old.exchange.response.hops.isEmpty && old.exchange.response.body == Array("{}".utf8))
        let id = try store.add(HistoryRedactor.record(exchange()))
        #expect(try store.record(id: id)?.exchange.response.hops.count == 2)
        // v6: rows from before it are answers; a failed attempt keeps why.
        #expect(old.failure == nil)
        let failed = try store.add(HistoryRedactor.record(exchange(), failure: "could not connect to http://x/"))
        #expect(try store.record(id: failed)?.failure == "could not connect to http://x/")
        #expect(
            try store.entries(workspace: nil).first { $0.id == failed }?.failure == "could not connect to http://x/")
        // v7: a WebSocket conversation keeps its transcript; older rows have none.
        #expect(old.exchange.response.transcript == nil)
        var conversation = exchange()
        var transcript = WebSocketTranscript(openedAt: 1_700_000_000)
        transcript.append(WebSocketMessage(.sent, text: "hello", time: 0.001))
        transcript.append(WebSocketMessage(.received, text: "hello", time: 0.002))
        transcript.close = WebSocketClose(code: 1000, byServer: false)
        conversation.response.transcript = transcript
        let talked = try store.add(HistoryRedactor.record(conversation))
        #expect(try store.record(id: talked)?.exchange.response.transcript == transcript)
        let version = try SQLiteConnection(path: path).integer("PRAGMA user_version")
        #expect(version == HistorySchema.version)
    }

    @Test("a database the last Courier left (v6, marked done) gains the transcript column")
    func fromLastVersion() throws {
        let (folder, path) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            let db = try SQLiteConnection(path: path)
            try HistorySchema.migrate(db, upTo: "v6")
            try db.execute("PRAGMA user_version = 6")
        }
        let store = try HistoryStore(path: path)
        var conversation = exchange()
        conversation.response.transcript = WebSocketTranscript(openedAt: 1)
        let id = try store.add(HistoryRedactor.record(conversation))
        #expect(try store.record(id: id)?.exchange.response.transcript == WebSocketTranscript(openedAt: 1))
    }

    @Test("a folder that cannot be made is one clear error")
    func unwritable() {
        #expect(throws: HistoryError("cannot create the folder /dev/null/courier: Not a directory")) {
            try HistoryStore(path: "/dev/null/courier/history.sqlite")
        }
    }
}

@Suite("History spool")
struct HistorySpoolTests {
    private func place() -> (folder: String, database: String, spool: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-spool-\(UUID().uuidString)")
            .path
        let database = folder + "/history.sqlite"
        return (folder, database, HistorySpool.path(forDatabase: database))
    }

    private func record(_ route: String, body: [UInt8] = Array(#"{"id": 42}"#.utf8)) -> HistoryRecord {
        var response = HTTPResponse(
            status: 200, reason: "OK", headers: [HeaderField("Set-Cookie", "s=••••••")], body: body, totalTime: 0.5,
            timeToFirstByte: 0.25, finalURL: "http://x/users/42", bodySize: body.count + 10)
        response.hops = [
            ExchangeHop(method: .get, url: "http://x/users/42", status: 200, startedAt: Date(timeIntervalSince1970: 5))
        ]
        var exchange = Exchange(
            request: HTTPRequest(method: .post, url: "http://x/users/42", body: [0, 1, 255]), response: response,
            origin: ExchangeOrigin(workspace: "/w.json", environmentName: "development", routeName: route),
            checks: [CheckResult(check: "status == 200", passed: true)])
        exchange.captured = ["id": "42"]
        return HistoryRecord(recordedAt: Date(timeIntervalSince1970: 1_800_000_000), run: "smoke", exchange: exchange)
    }

    private func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    @Test("spooled records come out of the database whole, and the spool is emptied")
    func roundTrip() throws {
        let (folder, database, spool) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = record("users.show", body: [0xFF, 0, 0x41])
        try HistorySpool.append(binary, settings: HistorySettings(), to: spool)
        try HistorySpool.append(record("users.index"), settings: HistorySettings(), to: spool)
        #expect(!FileManager.default.fileExists(atPath: database))
        let store = try HistoryStore(path: database)
        #expect(size(spool) == 0)
        let kept = try store.records(workspace: "/w.json")
        #expect(kept.map(\.exchange.origin.routeName) == ["users.show", "users.index"])
        var expected = binary
        expected.id = kept.first?.id
        #expect(kept.first == expected)
    }

    @Test("a frame torn by a killed writer is skipped; whole frames after it still count")
    func torn() throws {
        let (folder, database, spool) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HistorySpool.append(record("a"), settings: HistorySettings(), to: spool)
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: spool)))
        try HistorySpool.append(record("b"), settings: HistorySettings(), to: spool)
        // The start of a frame, as a process killed mid-write leaves it, then a later append.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: spool))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(whole.prefix(whole.count / 2)))
        try handle.close()
        try HistorySpool.append(record("c"), settings: HistorySettings(), to: spool)
        let store = try HistoryStore(path: database)
        #expect(try store.entries(workspace: "/w.json").map(\.route) == ["c", "b", "a"])
    }

    @Test("frames imported once are not recorded again when a crash left them in the spool")
    func importedTwice() throws {
        let (folder, database, spool) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HistorySpool.append(record("a"), settings: HistorySettings(), to: spool)
        try HistorySpool.append(record("b"), settings: HistorySettings(), to: spool)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: spool))
        let store = try HistoryStore(path: database)
        #expect(try store.entries(workspace: "/w.json").count == 2)
        // The commit happened, the truncation did not: the same frames are found again.
        try bytes.write(to: URL(fileURLWithPath: spool))
        try HistorySpool.append(record("c"), settings: HistorySettings(), to: spool)
        #expect(try store.entries(workspace: "/w.json").map(\.route) == ["c", "b", "a"])
    }

    @Test("each frame's own limits apply as it is folded in")
    func retention() throws {
        let (folder, database, spool) = place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var settings = HistorySettings()
        settings.keep = 2
        for _ in 0..<3 { try HistorySpool.append(record("users.show"), settings: settings, to: spool) }
        let store = try HistoryStore(path: database)
        #expect(try store.entries(workspace: "/w.json").count == 2)
    }
}
