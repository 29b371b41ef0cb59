import CourierCore
import Foundation
import Testing

@testable import CourierStore

/// What SQLite keeps to undo one statement alone (its statement journal): history's own
/// statements keep none, and a statement that does keep a large one still works. Past 64 KB
/// SQLite moves such a journal to a temporary file, and every later statement of the
/// transaction then journals its pages there too (5-10 MB a full-history run).
///
/// Serialized, and the only tests that make such files: the temporary files are the process's,
/// found by their name among its open files, so two of these at once would see each other's.
@Suite("History statement journals", .serialized)
struct HistoryJournalTests {
    private static let workspace = "/w/environments.json"

    private static func place() throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-journal-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder, folder + "/history.sqlite")
    }

    private static func record(_ route: String, body: Int = 1_000) -> HistoryRecord {
        let exchange = Exchange(
            request: HTTPRequest(method: .get, url: "http://127.0.0.1:9/\(route)"),
            response: HTTPResponse(status: 200, reason: "OK", body: Array(repeating: UInt8(ascii: "x"), count: body)),
            origin: ExchangeOrigin(workspace: workspace, environmentName: "dev", routeName: route))
        return HistoryRedactor.record(exchange)
    }

    /// The process's open temporary files of SQLite (`etilqs_…`, unlinked once opened).
    private static func temporaryFiles() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return files.map { "/proc/self/fd/" + $0 }.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: $0))?.contains("etilqs") == true
        }
    }

    #if os(Linux)
        @Test("a batch and the size limit's drop of all of it in one statement write no temporary file")
        func noStatementJournal() throws {
            let (folder, path) = try Self.place()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let store = try HistoryStore(path: path)
            let records = (0..<300).map { Self.record("r\($0)") }
            let temporary: [String] = try store.withDatabase(writing: true) { db in
                for record in records { _ = try HistoryStore.insert(record, settings: HistorySettings(), into: db) }
                try HistoryStore.release(db, settings: HistorySettings(maxBytes: 1), dropped: false)
                return Self.temporaryFiles()
            }
            #expect(temporary.isEmpty, "\(temporary)")
            #expect(try store.entries(workspace: nil).isEmpty)
            #expect(try store.storedBytes() == 0)
        }

        @Test("inserts and drops journal nothing, even once another statement's journal is a file")
        func insertsAndDropsJournalNothing() throws {
            let (folder, path) = try Self.place()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let store = try HistoryStore(path: path)
            try store.add((0..<300).map { Self.record("r\($0)") })
            let unchanged: Bool = try store.withDatabase(writing: true) { db in
                // A statement of another kind that journals 300 rows' pages: past 64 KB, a file.
                try db.run("UPDATE exchange SET reason = 'Changed'")
                guard let journal = Self.temporaryFiles().first else { return false }
                let before = FileManager.default.contents(atPath: journal)
                // Each one past its route's limit: an insert and a drop, as in a full history.
                for index in 0..<300 {
                    _ = try HistoryStore.insert(Self.record("r\(index)"), settings: HistorySettings(keep: 1), into: db)
                }
                return FileManager.default.contents(atPath: journal) == before
            }
            #expect(unchanged)
            #expect(try store.entries(workspace: nil, limit: 1000).count == 300)
        }
    #endif

    @Test("a v8 database of 60,000 exchanges migrates in one transaction, its route index's pages freed")
    func largeMigration() throws {
        let (folder, path) = try Self.place()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let db = try SQLiteConnection(path: path)
            try db.execute("PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL")
            try HistorySchema.migrate(db, upTo: "v8")
            try db.execute("PRAGMA user_version = 8")
            try db.transaction {
                try db.execute(
                    """
                    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 59999)
                    INSERT INTO exchange (recorded_at, workspace, environment, route, method, url, request_headers,
                        status, reason, version, final_url, response_headers, body, body_size, total_time,
                        first_byte, attempts, redirects, checks, captured, stored_bytes)
                    SELECT i, '/w/environments.json', 'dev', 'route.' || (i % 500), 'GET', 'http://x/', '[]', 200,
                        'OK', 'HTTP/1.1', 'http://x/', '[]', randomblob(200), 200, 0, 0, 1, 0, '[]', '{}', 500
                    FROM n
                    """)
            }
        }
        // Dropping the route index frees hundreds of pages in one statement, a journal of
        // megabytes: a spill threshold that SQLite's file layer cannot write (it writes at most
        // 128 KB at once) turned that into "the disk is full".
        let store = try HistoryStore(path: path)
        #expect(store.notice == nil)
        #expect(try store.entries(workspace: Self.workspace, route: "route.7", limit: 500).count == 120)
        let counts = try store.withDatabase { db in
            [
                try db.integer("SELECT count(*) FROM chain"), try db.integer("SELECT sum(n) FROM series"),
                try db.integer("SELECT count(*) FROM chain WHERE previous IS NULL"),
                try db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'exchange_by_route'"),
            ]
        }
        #expect(counts == [60_000, 60_000, 500, 0])
        try store.add(Self.record("route.7"), settings: HistorySettings(keep: 10))
        #expect(try store.entries(workspace: Self.workspace, route: "route.7", limit: 500).count == 10)
    }
}
