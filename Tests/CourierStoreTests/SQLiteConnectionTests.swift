import Foundation
import Testing

@testable import CourierStore

@Suite("SQLite connection")
struct SQLiteConnectionTests {
    private func withDatabase(_ body: (SQLiteConnection) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-sqlite-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(try SQLiteConnection(path: path))
    }

    @Test(
        "each value goes in and comes back as it was",
        arguments: [
            SQLiteValue.null, .integer(0), .integer(Int64.min), .integer(Int64.max), .real(0.1), .real(-1e300),
            .text(""), .text("Zürich 東京 \u{0}after a NUL"), .blob([]), .blob([0, 0xFF, 0x80, 0x0A]),
        ])
    func roundTrip(_ value: SQLiteValue) throws {
        try withDatabase { db in
            try db.execute("CREATE TABLE t (v)")
            try db.run("INSERT INTO t VALUES (?)", [value], cached: true)
            #expect(try db.rows("SELECT v FROM t").map { $0["v"] } == [value])
        }
    }

    @Test("rows read by name; a missing column reads as nothing; counts and ids")
    func rows() throws {
        try withDatabase { db in
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, note TEXT)")
            for name in ["a", "b", "c"] {
                try db.run("INSERT INTO t (name, score) VALUES (?, ?)", [.text(name), .real(1.5)], cached: true)
            }
            #expect(db.lastInsertedRowID == 3)
            let rows = try db.rows("SELECT * FROM t WHERE id >= ? ORDER BY id", [.integer(2)])
            #expect(rows.map { $0.string("name") } == ["b", "c"])
            #expect(rows.first?.double("score") == 1.5 && rows.first?.int64("id") == 2)
            #expect(rows.first?.optionalString("note") == nil && rows.first?.optionalInt("missing") == nil)
            try db.run("DELETE FROM t WHERE id < ?", [.integer(3)])
            #expect(db.changes == 2)
            #expect(try db.integer("SELECT count(*) FROM t") == 1)
        }
    }

    @Test("a transaction that throws leaves nothing behind; bad SQL is an error with SQLite's message")
    func failures() throws {
        struct Planted: Error {}
        try withDatabase { db in
            try db.execute("CREATE TABLE t (v)")
            #expect(throws: Planted.self) {
                try db.transaction {
                    try db.run("INSERT INTO t VALUES (1)")
                    throw Planted()
                }
            }
            #expect(try db.integer("SELECT count(*) FROM t") == 0)
            let error = #expect(throws: SQLiteError.self) { try db.run("SELEC 1") }
            #expect(error?.message.contains("syntax error") == true)
            #expect(throws: SQLiteError.self) { try db.run("INSERT INTO missing VALUES (1)") }
        }
    }
}
