import CSQLite

/// A failed SQLite call: its primary result code and SQLite's message.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`…), extended bits removed.
    let code: Int32
    let message: String

    init(code: Int32, message: String? = nil) {
        self.code = code & 0xFF
        self.message = message ?? sqlite3_errstr(code).map { String(cString: $0) } ?? "SQLite error \(code)"
    }

    var description: String { message }
}
