import CSQLite
import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recorded exchanges in SQLite (DESIGN.md §8), at `$XDG_STATE_HOME/courier/history.sqlite`.
///
/// Records arrive already masked (`HistoryRedactor`). Each write is one transaction in WAL
/// mode, so a killed process leaves the last whole exchange and nothing half-written; the
/// retention limits are applied in the same transaction. A file that is not a database, is
/// damaged, or was written by a later Courier is moved aside, never deleted (`notice` says).
public final class HistoryStore: Sendable {
    /// The database file.
    public let path: String
    /// Set when opening moved an unusable file aside: one line for the user.
    public let notice: String?
    /// The one connection, used by one thread at a time.
    let database: Locked<SQLiteConnection>

    /// The log's size, in pages, past which a commit copies it into the database.
    static let walCheckpointPages = 1000
    /// The most bytes a log keeps on disk once it has been copied back.
    static let walSizeLimit = 16 << 20

    /// The default database path, resolved like the remembered state's folder.
    public static func defaultPath(processEnvironment: [String: String]) -> String {
        StateFolder.path(processEnvironment: processEnvironment) + "/history.sqlite"
    }

    /// Opens (creating when missing) the database at `path`.
    public init(path: String) throws(HistoryError) {
        self.path = path
        do {
            // The database holds response bodies: 0600 in a 0700 folder, made so before SQLite
            // creates it (its -wal and -shm files take the database file's mode).
            try StateFolder.prepare(PathText.directory(path))
            close(try PrivateFiles.open(path, O_RDWR | O_CREAT))
            for file in [path + "-wal", path + "-shm"] { try PrivateFiles.tighten(file) }
        } catch {
            throw HistoryError(error.description)
        }
        do {
            database = Locked(try Self.open(path))
            notice = nil
        } catch let error where error.asideReason != nil {
            let aside = Self.moveAside(path, reason: error.asideReason ?? "damaged")
            database = Locked(try Self.open(path))
            notice = "the history database \(error.description); moved it to \(aside) and started a new one"
        }
        importPending()
    }

    /// Folds in what `courier call`s spooled since the last look; a spool that cannot be read
    /// now waits for the next one (recording never fails a read).
    func importPending() {
        try? importSpool()
    }

    private static func open(_ path: String) throws(HistoryError) -> SQLiteConnection {
        do {
            // A screen and a `courier check` may write at once: wait for the other's transaction.
            let connection = try SQLiteConnection(path: path, busyTimeout: 5)
            // In WAL mode NORMAL still survives a killed process; only power loss can undo
            // the newest commits, and it never corrupts. First, so opening obeys it too.
            try connection.execute("PRAGMA synchronous = NORMAL")
            // Second: setting `auto_vacuum` commits, and a commit past SQLite's default 1,000
            // pages of log copied it back at every other opening, whatever was set later.
            try connection.execute("PRAGMA wal_autocheckpoint = \(walCheckpointPages)")
            // Freed pages go back to the file system when old exchanges are dropped. Set on a new
            // file only: setting it commits, a transaction at every opening.
            if try connection.integer("PRAGMA auto_vacuum") != 2 {
                try connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            }
            try connection.execute("PRAGMA journal_mode = WAL")
            // Each `courier call` is a process of its own: checkpointing the log when it closes
            // the database would cost two fsyncs per call. SQLite checkpoints as the log grows.
            _ = courier_sqlite_keep_wal_on_close(connection.sqliteHandle)
            // The log is copied back at 4 MB (set above): every process that opens the database
            // reads and checksums the whole log first (its index in `-shm` is rebuilt), so a
            // shorter log costs each opening less. A 500-route run with a full history logs
            // about 1.2 MB, so every third or fourth run copies it back (8 MB: 0.81x -> 0.83x
            // curl's rate for such runs). A log grown past 16 MB by one large transaction (a
            // clear) is cut back to that when it is next reused.
            try connection.execute("PRAGMA journal_size_limit = \(walSizeLimit)")
            // Every process opens the database: one read of the version mark instead of the
            // migrations' table when nothing is to be done.
            let version = try connection.integer("PRAGMA user_version")
            if version == HistorySchema.version { return connection }
            if version > HistorySchema.version {
                throw HistoryError("was written by a later Courier", asideReason: "newer")
            }
            try HistorySchema.migrate(connection)
            return connection
        } catch let error as HistoryError {
            throw error
        } catch {
            throw translate(error, path: path)
        }
    }

    static func translate(_ error: any Error, path: String) -> HistoryError {
        guard let error = error as? SQLiteError else { return HistoryError("\(path): \(error)") }
        switch error.code {
        case SQLITE_NOTADB: return HistoryError("is not a database", asideReason: "damaged")
        case SQLITE_CORRUPT: return HistoryError("is damaged", asideReason: "damaged")
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
            return HistoryError("cannot write \(path) (\(error.message))")
        case SQLITE_FULL: return HistoryError("the disk holding \(path) is full")
        default: return HistoryError("\(path): \(error.message)")
        }
    }

    /// Runs `body` on the connection, in one write transaction when `writing`; any error
    /// becomes a `HistoryError` naming the file.
    func withDatabase<T: Sendable>(writing: Bool = false, _ body: @Sendable (SQLiteConnection) throws -> T)
        throws(HistoryError)
        -> T
    {
        do {
            return try database.withLock { connection in
                writing ? try connection.transaction { try body(connection) } : try body(connection)
            }
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// Renames the file (and its WAL and shared-memory files) to `<path>.<reason>-<time>`.
    static func moveAside(_ path: String, reason: String) -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = "\(path).\(reason)-\(stamp)"
        for suffix in ["", "-wal", "-shm"] { rename(path + suffix, aside + suffix) }
        return aside
    }

    // MARK: Writing

    /// Writes `record` and applies `settings`' limits, in one transaction; returns its id.
    @discardableResult
    public func add(_ record: HistoryRecord, settings: HistorySettings = HistorySettings()) throws(HistoryError)
        -> Int64
    {
        try withDatabase(writing: true) { db in
            let (id, dropped) = try Self.insert(record, settings: settings, into: db)
            try Self.release(db, settings: settings, dropped: dropped)
            return id
        }
    }

    /// Writes `records` in order, in one transaction, each route's limit applied after each and
    /// the size limit once at the end: a run's recorder hands over what came while the last
    /// write was on disk, and one commit writes the pages they share (the table's, its
    /// indexes', the totals') once instead of once each.
    public func add(_ records: [HistoryRecord], settings: HistorySettings = HistorySettings()) throws(HistoryError) {
        try withDatabase(writing: true) { db in
            var dropped = false
            for record in records { dropped = try Self.insert(record, settings: settings, into: db).dropped || dropped }
            try Self.release(db, settings: settings, dropped: dropped)
        }
    }

    /// Ends a transaction's writes: drops the oldest exchanges of all until the total is within
    /// `settings.maxBytes`, then gives the pages of what went back to the file system. Once per
    /// transaction: the total can only grow while it writes, so checking it after each
    /// exchange dropped nothing more, and the pragma walks the free list.
    static func release(_ db: SQLiteConnection, settings: HistorySettings, dropped: Bool) throws {
        let trimmed = try trimToSize(db, maxBytes: settings.maxBytes)
        if dropped || trimmed { try db.run("PRAGMA incremental_vacuum", cached: true) }
    }

    /// Inserts `record` and applies its route's limit (`settings.keep`); a record with a
    /// `spoolID` already present (imported once, then found in the spool again after a crash) is
    /// left out. Returns its id and whether the limit dropped older ones (`release` then frees
    /// pages, after applying the size limit).
    static func insert(
        _ record: HistoryRecord, settings: HistorySettings, spoolID: String? = nil, into db: SQLiteConnection
    ) throws -> (id: Int64, dropped: Bool) {
        let exchange = record.exchange
        let request = exchange.request
        let response = exchange.response
        let requestHeaders = HistoryCoding.headers(request.headers)
        let responseHeaders = HistoryCoding.headers(response.headers)
        let checks = HistoryCoding.checks(exchange.checks)
        let captured = HistoryCoding.strings(exchange.captured)
        let hops = HistoryCoding.hops(
            response.hops, requestHeaders: request.headers, responseHeaders: response.headers)
        let transcript = response.transcript.map { $0.json.serialized }
        let stored =
            (transcript?.utf8.count ?? 0) + response.body.count + (request.body?.count ?? 0) + requestHeaders.utf8.count
            + responseHeaders.utf8.count
            + checks.utf8.count + captured.utf8.count + request.url.utf8.count + hops.utf8.count
            + (record.failure?.utf8.count ?? 0) + 256
        let tally = exchange.checkTally
        let arguments: [SQLiteValue] = [
            SQLiteValue(record.recordedAt.timeIntervalSince1970), .text(exchange.origin.workspace),
            .text(exchange.origin.environmentName), .text(exchange.origin.routeName), SQLiteValue(record.run),
            .text(request.method.rawValue), .text(request.url), .text(requestHeaders), SQLiteValue(request.body),
            SQLiteValue(response.status), .text(response.reason), .text(response.version), .text(response.finalURL),
            .text(responseHeaders), .blob(response.body), SQLiteValue(response.bodySize),
            SQLiteValue(response.totalTime), SQLiteValue(response.timeToFirstByte), SQLiteValue(response.attempts),
            SQLiteValue(response.redirectCount), .text(checks), SQLiteValue(tally?.passed), SQLiteValue(tally?.total),
            .text(captured), SQLiteValue(stored), .text(hops), SQLiteValue(spoolID), SQLiteValue(record.failure),
            SQLiteValue(transcript),
        ]
        // Cached statements: a run records hundreds of exchanges through one connection.
        try db.run(
            """
            INSERT OR ROLLBACK INTO exchange (recorded_at, workspace, environment, route, run, method, url,
                request_headers, request_body, status, reason, version, final_url, response_headers, body,
                body_size, total_time, first_byte, attempts, redirects, checks, checks_passed,
                checks_total, captured, stored_bytes, hops, spool_id, error, transcript)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (spool_id) WHERE spool_id IS NOT NULL DO NOTHING
            """, arguments, cached: true)
        let id = db.lastInsertedRowID
        return (id, try keepNewest(db, keep: settings.keep, origin: exchange.origin))
    }

    /// Keeps the newest `keep` of the record's route × environment; true when any went. The
    /// route's list (`series`, schema v9) holds its count and its oldest, so a route within its
    /// limit costs one look-up, and one past it drops its oldest by id.
    private static func keepNewest(_ db: SQLiteConnection, keep: Int, origin: ExchangeOrigin) throws -> Bool {
        let key: [SQLiteValue] = [
            .text(origin.workspace), .text(origin.routeName), .text(origin.environmentName),
            .integer(Int64(max(keep, 0))),
        ]
        var dropped = false
        var mended = false
        while true {
            // 0 when the route is within its limit; -1 when its list lost its oldest.
            let oldest = try db.integer(
                """
                SELECT coalesce(nullif(oldest, 0), -1) FROM series
                WHERE workspace = ? AND route = ? AND environment = ? AND n > ?
                """, key, cached: true)
            guard oldest != 0 else { return dropped }
            try db.run("DELETE FROM exchange WHERE id = ?", [.integer(Int64(oldest))], cached: true)
            if db.changes > 0 {
                dropped = true
                continue
            }
            // A list out of step with the rows (another program deleted from `chain`, say): made
            // again from the rows, once; a second miss leaves the route over its limit this time.
            guard !mended else { return dropped }
            mended = true
            try db.execute(HistorySchema.linking)
        }
    }

    /// Drops the oldest exchanges of all until the total is within `maxBytes`; true when any went.
    private static func trimToSize(_ db: SQLiteConnection, maxBytes: Int) throws -> Bool {
        var dropped = false
        var excess = try db.integer("SELECT stored_bytes FROM totals", cached: true) - maxBytes
        while excess > 0 {
            let oldest = try db.rows("SELECT id, stored_bytes FROM exchange ORDER BY id LIMIT 256")
            guard !oldest.isEmpty else { break }
            var last: Int64 = 0
            for row in oldest where excess > 0 {
                last = row.int64("id")
                excess -= row.int("stored_bytes")
            }
            try db.run("DELETE FROM exchange WHERE id <= ?", [.integer(last)])
            dropped = true
        }
        return dropped
    }

    /// Deletes the exchanges of `workspace` (all workspaces when nil), narrowed to a route
    /// and an environment when given; returns how many went.
    @discardableResult
    public func clear(workspace: String?, route: String? = nil, environment: String? = nil) throws(HistoryError)
        -> Int
    {
        importPending()
        let (sql, arguments) = HistoryQuery.delete(workspace: workspace, route: route, environment: environment)
        return try withDatabase(writing: true) { db in
            try db.run(sql, arguments)
            let count = db.changes
            try db.run("PRAGMA incremental_vacuum", cached: true)
            return count
        }
    }

    // MARK: Reading

    /// The newest `limit` entries, filtered like `clear`.
    public func entries(workspace: String?, route: String? = nil, environment: String? = nil, limit: Int = 50)
        throws(HistoryError) -> [HistoryEntry]
    {
        try newest(
            """
            id, recorded_at, workspace, environment, route, run, method, url, status, total_time, body_size,
            checks_passed, checks_total, error
            """, workspace: workspace, route: route, environment: environment, limit: limit
        ).map(HistoryRows.entry)
    }

    /// The newest `limit` whole records, filtered like `clear`, oldest first (as an export
    /// lists them).
    public func records(workspace: String?, route: String? = nil, environment: String? = nil, limit: Int = 50)
        throws(HistoryError) -> [HistoryRecord]
    {
        try newest("*", workspace: workspace, route: route, environment: environment, limit: limit)
            .map(HistoryRows.record).reversed()
    }

    /// `columns` of the newest `limit` rows, filtered like `clear`, newest first.
    private func newest(_ columns: String, workspace: String?, route: String?, environment: String?, limit: Int)
        throws(HistoryError) -> [SQLiteRow]
    {
        importPending()
        let (sql, arguments) = HistoryQuery.newest(
            columns, workspace: workspace, route: route, environment: environment, limit: limit)
        return try withDatabase { db in try db.rows(sql, arguments) }
    }

    /// The whole record with `id`, or nil when there is none.
    public func record(id: Int64) throws(HistoryError) -> HistoryRecord? {
        importPending()
        return try withDatabase { db in
            try db.rows("SELECT * FROM exchange WHERE id = ?", [.integer(id)]).first
        }.map(HistoryRows.record)
    }

    /// The bytes of recorded exchanges, as the size limit counts them.
    public func storedBytes() throws(HistoryError) -> Int {
        importPending()
        return try withDatabase { db in try db.integer("SELECT stored_bytes FROM totals") }
    }
}
