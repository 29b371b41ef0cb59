import CSQLiteTuning
import CourierCore
import Foundation
import GRDB

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
    let queue: DatabaseQueue

    /// The default database path, resolved like the remembered state's folder.
    public static func defaultPath(processEnvironment: [String: String]) -> String {
        StateFolder.path(processEnvironment: processEnvironment) + "/history.sqlite"
    }

    /// Opens (creating when missing) the database at `path`.
    public init(path: String) throws(HistoryError) {
        self.path = path
        do {
            try FileManager.default.createDirectory(
                atPath: FileBytes.directory(path), withIntermediateDirectories: true)
        } catch {
            throw HistoryError("cannot create the folder of \(path)")
        }
        do {
            queue = try Self.open(path)
            notice = nil
        } catch let error where error.asideReason != nil {
            let aside = Self.moveAside(path, reason: error.asideReason ?? "damaged")
            queue = try Self.open(path)
            notice = "the history database \(error.description); moved it to \(aside) and started a new one"
        }
        importPending()
    }

    /// Folds in what `courier call`s spooled since the last look; a spool that cannot be read
    /// now waits for the next one (recording never fails a read).
    func importPending() {
        try? importSpool()
    }

    private static func open(_ path: String) throws(HistoryError) -> DatabaseQueue {
        var configuration = Configuration()
        // A screen and a `courier check` may write at once: wait for the other's transaction.
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL still survives a killed process; only power loss can undo
            // the newest commits, and it never corrupts. First, so opening obeys it too.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Freed pages go back to the file system when old exchanges are dropped.
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            // Each `courier call` is a process of its own: checkpointing the log when it closes
            // the database would cost two fsyncs per call. SQLite checkpoints as the log grows.
            _ = courier_sqlite_keep_wal_on_close(db.sqliteConnection)
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // Every process opens the database: one read of the version mark instead of the
            // migrator's table when nothing is to be done.
            let version = try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
            if version == HistorySchema.version { return queue }
            let migrator = HistorySchema.migrator
            if try version > HistorySchema.version || queue.read({ try migrator.hasBeenSuperseded($0) }) {
                throw HistoryError("was written by a later Courier", asideReason: "newer")
            }
            try migrator.migrate(queue)
            try queue.write { try $0.execute(sql: "PRAGMA user_version = \(HistorySchema.version)") }
            return queue
        } catch let error as HistoryError {
            throw error
        } catch {
            throw translate(error, path: path)
        }
    }

    static func translate(_ error: any Error, path: String) -> HistoryError {
        guard let error = error as? DatabaseError else { return HistoryError("\(path): \(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB: return HistoryError("is not a database", asideReason: "damaged")
        case .SQLITE_CORRUPT: return HistoryError("is damaged", asideReason: "damaged")
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
            return HistoryError("cannot write \(path) (\(error.message ?? "permission denied"))")
        case .SQLITE_FULL: return HistoryError("the disk holding \(path) is full")
        default: return HistoryError("\(path): \(error.message ?? "\(error.resultCode)")")
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
        do {
            return try queue.write { db in try Self.insert(record, settings: settings, into: db) }
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// Inserts `record` and applies `settings`' limits; a record with a `spoolID` already
    /// present (imported once, then found in the spool again after a crash) is left out.
    static func insert(_ record: HistoryRecord, settings: HistorySettings, spoolID: String? = nil, into db: Database)
        throws -> Int64
    {
        let exchange = record.exchange
        let request = exchange.request
        let response = exchange.response
        let requestHeaders = HistoryCoding.headers(request.headers)
        let responseHeaders = HistoryCoding.headers(response.headers)
        let checks = HistoryCoding.checks(exchange.checks)
        let captured = HistoryCoding.strings(exchange.captured)
        let hops = HistoryCoding.hops(response.hops)
        let stored =
            response.body.count + (request.body?.count ?? 0) + requestHeaders.utf8.count + responseHeaders.utf8.count
            + checks.utf8.count + captured.utf8.count + request.url.utf8.count + hops.utf8.count + 256
        let tally = exchange.checkTally
        let arguments: StatementArguments = [
            record.recordedAt.timeIntervalSince1970, exchange.origin.workspace, exchange.origin.environmentName,
            exchange.origin.routeName, record.run, request.method.rawValue, request.url, requestHeaders,
            request.body.map { Data($0) }, response.status, response.reason, response.version, response.finalURL,
            responseHeaders, Data(response.body), response.bodySize, response.totalTime, response.timeToFirstByte,
            response.attempts, response.redirectCount, checks, tally?.passed, tally?.total, captured, stored, hops,
            spoolID,
        ]
        // Cached statements: a run records hundreds of exchanges through one connection.
        try db.cachedStatement(
            sql: """
                INSERT INTO exchange (recorded_at, workspace, environment, route, run, method, url,
                    request_headers, request_body, status, reason, version, final_url, response_headers, body,
                    body_size, total_time, first_byte, attempts, redirects, checks, checks_passed,
                    checks_total, captured, stored_bytes, hops, spool_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (spool_id) WHERE spool_id IS NOT NULL DO NOTHING
                """
        ).execute(arguments: arguments)
        let id = db.lastInsertedRowID
        try applyLimits(db, settings: settings, origin: exchange.origin)
        return id
    }

    /// Keeps the newest `keep` of the record's route × environment, then drops the oldest
    /// exchanges of all until the total is within `maxBytes`.
    private static func applyLimits(_ db: Database, settings: HistorySettings, origin: ExchangeOrigin) throws {
        let key: StatementArguments = [origin.workspace, origin.routeName, origin.environmentName]
        try db.cachedStatement(
            sql: """
                DELETE FROM exchange WHERE workspace = ? AND route = ? AND environment = ? AND id <= (
                    SELECT id FROM exchange WHERE workspace = ? AND route = ? AND environment = ?
                    ORDER BY id DESC LIMIT 1 OFFSET ?)
                """
        ).execute(arguments: key + key + [settings.keep])
        var dropped = db.changesCount > 0
        let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT stored_bytes FROM totals")) ?? 0
        var excess = total - settings.maxBytes
        while excess > 0 {
            let oldest = try Row.fetchAll(db, sql: "SELECT id, stored_bytes FROM exchange ORDER BY id LIMIT 256")
            guard !oldest.isEmpty else { break }
            var last: Int64 = 0
            for row in oldest where excess > 0 {
                last = row["id"]
                excess -= row["stored_bytes"] as Int
            }
            try db.execute(sql: "DELETE FROM exchange WHERE id <= ?", arguments: [last])
            dropped = true
        }
        if dropped { try db.execute(sql: "PRAGMA incremental_vacuum") }
    }

    /// Deletes the exchanges of `workspace` (all workspaces when nil), narrowed to a route
    /// and an environment when given; returns how many went.
    @discardableResult
    public func clear(workspace: String?, route: String? = nil, environment: String? = nil) throws(HistoryError)
        -> Int
    {
        importPending()
        let (filter, arguments) = Self.filter(workspace: workspace, route: route, environment: environment)
        do {
            return try queue.write { db in
                try db.execute(sql: "DELETE FROM exchange" + filter, arguments: arguments)
                let count = db.changesCount
                try db.execute(sql: "PRAGMA incremental_vacuum")
                return count
            }
        } catch {
            throw Self.translate(error, path: path)
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
            checks_passed, checks_total
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
        throws(HistoryError) -> [Row]
    {
        importPending()
        let (filter, arguments) = Self.filter(workspace: workspace, route: route, environment: environment)
        do {
            return try queue.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT \(columns) FROM exchange\(filter) ORDER BY id DESC LIMIT ?",
                    arguments: arguments + [max(limit, 0)])
            }
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// The whole record with `id`, or nil when there is none.
    public func record(id: Int64) throws(HistoryError) -> HistoryRecord? {
        importPending()
        do {
            return try queue.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM exchange WHERE id = ?", arguments: [id]).map(
                    HistoryRows.record)
            }
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    /// The bytes of recorded exchanges, as the size limit counts them.
    public func storedBytes() throws(HistoryError) -> Int {
        importPending()
        do {
            return try queue.read { db in try Int.fetchOne(db, sql: "SELECT stored_bytes FROM totals") ?? 0 }
        } catch {
            throw Self.translate(error, path: path)
        }
    }

    private static func filter(workspace: String?, route: String?, environment: String?) -> (
        String, StatementArguments
    ) {
        var clauses: [String] = []
        var arguments: StatementArguments = []
        for (column, value) in [("workspace", workspace), ("route", route), ("environment", environment)] {
            guard let value else { continue }
            clauses.append("\(column) = ?")
            arguments += [value]
        }
        return (clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND "), arguments)
    }
}
