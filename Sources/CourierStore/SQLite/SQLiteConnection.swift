import CSQLite

/// One connection to an SQLite database, through the C API: the history store needs
/// statements, transactions and a busy timeout, not a database toolkit (GRDB brought full
/// Foundation, and with it ICU's 34 MB; DECISIONS, "The binary's size").
///
/// Not thread-safe by itself: `HistoryStore` keeps it behind a mutex, and opens it without
/// SQLite's own per-call locking.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// Prepared statements kept by their SQL: a run records hundreds of exchanges through one
    /// connection. A list, not a dictionary: the few statements cached are literals, which
    /// compare equal to themselves at once, where hashing the 600 characters of the insert
    /// for every exchange was 7 % of what writing history cost.
    private var cache: [(sql: String, statement: OpaquePointer)] = []

    /// Opens (creating when missing) the database at `path`; a busy database is waited for up
    /// to `busyTimeout` seconds before a statement fails with `SQLITE_BUSY`.
    init(path: String, busyTimeout: Double = 5) throws(SQLiteError) {
        _ = Self.configured
        var opened: OpaquePointer?
        // NOFOLLOW: a link planted where the database belongs is refused, not written through.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: SQLITE_NOMEM) }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, message: String(cString: sqlite3_errmsg(opened)))
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000))
    }

    /// SQLite set up once, before its first connection: no memory statistics, whose global lock
    /// every allocation took (2 % of what writing a run's history cost).
    private static let configured: Void = { _ = courier_sqlite_configure() }()

    deinit {
        for (_, statement) in cache { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// The raw handle, for settings only the C API reaches (`CSQLite`).
    var sqliteHandle: OpaquePointer { handle }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The row id of the last successful INSERT.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs one or more statements that take no arguments and return nothing needed.
    func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// Runs one statement with `arguments` bound in order, discarding any rows.
    func run(_ sql: String, _ arguments: [SQLiteValue] = [], cached: Bool = false) throws(SQLiteError) {
        try withStatement(sql, arguments, cached: cached) { (statement) throws(SQLiteError) in
            while try step(statement) {}
        }
    }

    /// The rows of one statement with `arguments` bound in order.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = [], cached: Bool = false) throws(SQLiteError)
        -> [SQLiteRow]
    {
        try withStatement(sql, arguments, cached: cached) { (statement) throws(SQLiteError) in
            var columns: [String: Int] = [:]
            let count = Int(sqlite3_column_count(statement))
            for index in 0..<count {
                if let name = sqlite3_column_name(statement, Int32(index)) { columns[String(cString: name)] = index }
            }
            var rows: [SQLiteRow] = []
            while try step(statement) {
                rows.append(SQLiteRow(columns: columns, values: (0..<count).map { value(statement, Int32($0)) }))
            }
            return rows
        }
    }

    /// The first column of the first row as an integer (0 when there is none).
    func integer(_ sql: String, _ arguments: [SQLiteValue] = [], cached: Bool = false) throws(SQLiteError) -> Int {
        try withStatement(sql, arguments, cached: cached) { (statement) throws(SQLiteError) in
            try step(statement) ? Int(sqlite3_column_int64(statement, 0)) : 0
        }
    }

    /// Runs `body` in one transaction that takes the write lock at once (so a busy database is
    /// waited for at the start, where SQLite's busy timeout applies); rolls back on any error.
    /// The three statements are prepared once per connection: a run commits every few exchanges.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN IMMEDIATE", cached: true)
        do {
            let result = try body()
            try run("COMMIT", cached: true)
            return result
        } catch {
            try? run("ROLLBACK", cached: true)
            throw error
        }
    }

    // MARK: Statements

    private func withStatement<T>(
        _ sql: String, _ arguments: [SQLiteValue], cached: Bool, _ body: (OpaquePointer) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T {
        let statement = try prepare(sql, cached: cached)
        defer {
            if cached {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (offset, argument) in arguments.enumerated() { try bind(argument, to: statement, at: Int32(offset + 1)) }
        return try body(statement)
    }

    private func prepare(_ sql: String, cached: Bool) throws(SQLiteError) -> OpaquePointer {
        if cached, let statement = cache.first(where: { $0.sql == sql })?.statement { return statement }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw error(code) }
        if cached { cache.append((sql, prepared)) }
        return prepared
    }

    /// Advances `statement`: true when a row is ready, false when it is done.
    private func step(_ statement: OpaquePointer) throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw error(code)
        }
    }

    private func bind(_ value: SQLiteValue, to statement: OpaquePointer, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(statement, index)
        case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
        case .real(let number): code = sqlite3_bind_double(statement, index, number)
        case .text(let text):
            var text = text
            code = text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) {
                    courier_sqlite_bind_text(statement, index, $0.baseAddress, Int32(clamping: $0.count))
                }
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes {
                courier_sqlite_bind_blob(statement, index, $0.baseAddress, Int32(clamping: $0.count))
            }
        }
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: sqlite3_errmsg(handle).map { String(cString: $0) })
    }
}
