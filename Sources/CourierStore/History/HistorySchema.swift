/// The history database's tables, as named migrations: a database written by a later
/// Courier carries migrations this one does not know, and is then left alone.
///
/// Which migrations ran is kept in the `grdb_migrations` table, as the GRDB toolkit that
/// earlier versions used kept it, so their databases migrate on, and their newer ones are
/// still recognised.
enum HistorySchema {
    /// The number of the last migration, kept in `PRAGMA user_version` once it has run.
    static let version = 9

    /// Each migration's name and SQL, oldest first.
    static let migrations: [(name: String, sql: String)] = [
        (
            "v1",
            // AUTOINCREMENT: ids are what users type (`history show 42`), so a deleted id is
            // never given to a newer exchange.
            """
            CREATE TABLE exchange (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                recorded_at REAL NOT NULL,
                workspace TEXT NOT NULL,
                environment TEXT NOT NULL,
                route TEXT NOT NULL,
                run TEXT,
                method TEXT NOT NULL,
                url TEXT NOT NULL,
                request_headers TEXT NOT NULL,
                request_body BLOB,
                status INTEGER NOT NULL,
                reason TEXT NOT NULL,
                version TEXT NOT NULL,
                final_url TEXT NOT NULL,
                response_headers TEXT NOT NULL,
                body BLOB NOT NULL,
                body_size INTEGER NOT NULL,
                total_time REAL NOT NULL,
                first_byte REAL NOT NULL,
                attempts INTEGER NOT NULL,
                redirects INTEGER NOT NULL,
                checks TEXT NOT NULL,
                checks_passed INTEGER,
                checks_total INTEGER,
                captured TEXT NOT NULL,
                stored_bytes INTEGER NOT NULL
            );
            CREATE INDEX exchange_by_route ON exchange(workspace, route, environment, id);
            CREATE INDEX exchange_by_workspace ON exchange(workspace, id);
            -- The size limit is checked after every write; a running total keeps that
            -- from summing 100,000 rows each time.
            CREATE TABLE totals (id INTEGER PRIMARY KEY CHECK (id = 1), stored_bytes INTEGER NOT NULL);
            INSERT INTO totals VALUES (1, 0);
            CREATE TRIGGER exchange_added AFTER INSERT ON exchange BEGIN
                UPDATE totals SET stored_bytes = stored_bytes + NEW.stored_bytes;
            END;
            CREATE TRIGGER exchange_removed AFTER DELETE ON exchange BEGIN
                UPDATE totals SET stored_bytes = stored_bytes - OLD.stored_bytes;
            END;
            """
        ),
        (
            "v2",
            // Each request and response on the wire (redirects included) with its start time and
            // timings, for HAR export; rows recorded before it have none.
            "ALTER TABLE exchange ADD COLUMN hops TEXT NOT NULL DEFAULT '[]'"
        ),
        (
            "v3",
            // A route's history across environments (the screen's H, `courier history ROUTE`)
            // newest first: without it SQLite walks the workspace's index backwards through
            // every route's rows, 170 ms for a route at 100,000 rows.
            "CREATE INDEX exchange_by_route_id ON exchange(workspace, route, id)"
        ),
        (
            "v4",
            // Records folded in from the spool carry its frame id: a frame found again after a
            // crash between the commit and the spool's truncation is not recorded twice.
            """
            ALTER TABLE exchange ADD COLUMN spool_id TEXT;
            CREATE UNIQUE INDEX exchange_spool ON exchange(spool_id) WHERE spool_id IS NOT NULL;
            """
        ),
        (
            "v5",
            // Workspaces are keyed by their canonical path (links resolved): rows recorded under
            // an absolute spelling are re-keyed in Swift (`rekeyWorkspaces`); the SQL is a no-op.
            "CREATE INDEX IF NOT EXISTS exchange_by_workspace ON exchange(workspace, id)"
        ),
        (
            "v6",
            // Failed attempts are recorded too (QA sees every try): why the request got no
            // answer; their status is 0 and their response empty.
            "ALTER TABLE exchange ADD COLUMN error TEXT"
        ),
        (
            "v7",
            // A WebSocket conversation's messages and close (`WebSocketTranscript.json`), masked.
            "ALTER TABLE exchange ADD COLUMN transcript TEXT"
        ),
        (
            "v8",
            // v3's index again, gone: `exchange_by_route` answers the same question (the route's
            // rows are at most `keep` per environment, sorted by id in a moment; `HistoryStore`
            // names that index for it, or SQLite walks the workspace's instead). Each index
            // clustered by route takes every new exchange at a page of its own: with a full
            // history of 500 routes, a run of them wrote 8 MB of log, and its commits cost more
            // than its requests.
            // And each route's count, kept by triggers as the total is: the retention limit
            // asked for the route's `keep`-th newest row after every insert, a walk of `keep`
            // index entries, about a tenth of the history writer's work once history is full.
            """
            DROP INDEX IF EXISTS exchange_by_route_id;
            CREATE TABLE route_counts (
                workspace TEXT NOT NULL, route TEXT NOT NULL, environment TEXT NOT NULL, n INTEGER NOT NULL,
                PRIMARY KEY (workspace, route, environment)
            ) WITHOUT ROWID;
            INSERT INTO route_counts
                SELECT workspace, route, environment, count(*) FROM exchange GROUP BY workspace, route, environment;
            CREATE TRIGGER exchange_counted AFTER INSERT ON exchange BEGIN
                INSERT INTO route_counts VALUES (NEW.workspace, NEW.route, NEW.environment, 1)
                ON CONFLICT DO UPDATE SET n = n + 1;
            END;
            CREATE TRIGGER exchange_uncounted AFTER DELETE ON exchange BEGIN
                UPDATE route_counts SET n = n - 1
                WHERE workspace = OLD.workspace AND route = OLD.route AND environment = OLD.environment;
            END;
            """
        ),
        (
            "v9",
            // Each route's exchanges, per environment, as a list linked in `chain` and headed in
            // `series` (count, oldest, newest), kept by triggers; v8's route index and counts go.
            // That index took each new exchange, and each dropped one, on a page of its route: a
            // 500-route run with a full history dirtied 500 of its pages and logged 820 pages in
            // all. A list's new links land together, and its oldest are dropped together: 310.
            // Retention drops `series.oldest`; a route's history walks `chain` back from
            // `series.newest`. Links are unlinked whatever row goes, so any delete keeps them.
            // v1's triggers for the total are folded into these: one trigger per row, not two.
            // Every step, and the insert that fires them, says OR ROLLBACK (the outer statement's
            // choice overrides a step's, so no step may count on a conflict): a statement that may
            // abort alone keeps the pages it changes to undo them, which past 64 KB SQLite moves to
            // a file, where every later statement of the transaction then journals its pages too
            // (5-10 MB a full-history run). An upsert's DO UPDATE aborts, so is not used.
            // Rows are inserted and deleted, never re-keyed: an UPDATE of a row's workspace, route
            // or environment would leave it in the wrong list (v5's re-keying runs before this).
            """
            CREATE TABLE series (
                workspace TEXT NOT NULL, route TEXT NOT NULL, environment TEXT NOT NULL,
                n INTEGER NOT NULL, oldest INTEGER NOT NULL, newest INTEGER NOT NULL,
                PRIMARY KEY (workspace, route, environment)
            ) WITHOUT ROWID;
            CREATE TABLE chain (id INTEGER PRIMARY KEY, previous INTEGER, later INTEGER);
            """ + linking + """
                DROP TRIGGER exchange_counted;
                DROP TRIGGER exchange_uncounted;
                DROP TRIGGER exchange_added;
                DROP TRIGGER exchange_removed;
                DROP TABLE route_counts;
                DROP INDEX exchange_by_route;
                CREATE TRIGGER exchange_chained AFTER INSERT ON exchange BEGIN
                    INSERT OR ROLLBACK INTO chain (id, previous) VALUES (NEW.id, (
                        SELECT newest FROM series
                        WHERE workspace = NEW.workspace AND route = NEW.route AND environment = NEW.environment));
                    UPDATE OR ROLLBACK chain SET later = NEW.id WHERE id = (SELECT previous FROM chain WHERE id = NEW.id);
                    UPDATE OR ROLLBACK series SET n = n + 1, newest = NEW.id
                    WHERE workspace = NEW.workspace AND route = NEW.route AND environment = NEW.environment;
                    INSERT OR ROLLBACK INTO series SELECT NEW.workspace, NEW.route, NEW.environment, 1, NEW.id, NEW.id
                    WHERE NOT EXISTS (
                        SELECT 1 FROM series
                        WHERE workspace = NEW.workspace AND route = NEW.route AND environment = NEW.environment);
                    UPDATE OR ROLLBACK totals SET stored_bytes = stored_bytes + NEW.stored_bytes;
                END;
                CREATE TRIGGER exchange_unchained AFTER DELETE ON exchange BEGIN
                    UPDATE OR ROLLBACK chain SET later = (SELECT later FROM chain WHERE id = OLD.id)
                    WHERE id = (SELECT previous FROM chain WHERE id = OLD.id);
                    UPDATE OR ROLLBACK chain SET previous = (SELECT previous FROM chain WHERE id = OLD.id)
                    WHERE id = (SELECT later FROM chain WHERE id = OLD.id);
                    UPDATE OR ROLLBACK series SET n = n - 1,
                        oldest = CASE oldest WHEN OLD.id THEN coalesce((SELECT later FROM chain WHERE id = OLD.id), 0)
                            ELSE oldest END,
                        newest = CASE newest WHEN OLD.id THEN coalesce((SELECT previous FROM chain WHERE id = OLD.id), 0)
                            ELSE newest END
                    WHERE workspace = OLD.workspace AND route = OLD.route AND environment = OLD.environment;
                    DELETE FROM series
                    WHERE workspace = OLD.workspace AND route = OLD.route AND environment = OLD.environment AND n <= 0;
                    DELETE FROM chain WHERE id = OLD.id;
                    UPDATE OR ROLLBACK totals SET stored_bytes = stored_bytes - OLD.stored_bytes;
                END;
                """
        ),
    ]

    /// Fills `series` and `chain` from the exchanges: v9's migration, and the mend of lists
    /// found out of step with the rows (`HistoryStore.keepNewest`).
    static let linking = """
        DELETE FROM series;
        DELETE FROM chain;
        INSERT INTO series
            SELECT workspace, route, environment, count(*), min(id), max(id) FROM exchange
            GROUP BY workspace, route, environment;
        INSERT INTO chain
            SELECT id, lag(id) OVER route, lead(id) OVER route FROM exchange
            WINDOW route AS (PARTITION BY workspace, route, environment ORDER BY id);
        """

    /// Brings the database up to `version`, or up to and including `last`, in one transaction.
    /// Throws `HistoryError` (reason "newer") for a database that ran a migration this Courier
    /// does not know.
    static func migrate(_ connection: SQLiteConnection, upTo last: String? = nil) throws {
        try connection.transaction {
            try connection.execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            let applied = Set(
                try connection.rows("SELECT identifier FROM grdb_migrations").map { $0.string("identifier") })
            let known = Set(migrations.map(\.name))
            if !applied.isSubset(of: known) {
                throw HistoryError("was written by a later Courier", asideReason: "newer")
            }
            if applied.isEmpty {
                // A database no Courier ever migrated, holding tables of its own, is someone
                // else's: refused, never altered.
                let tables = try connection.rows(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                ).map { $0.string("name") }
                if tables.contains(where: { $0 != "grdb_migrations" }) {
                    throw HistoryError("is not Courier's history database (it has other tables); refused")
                }
            }
            for migration in migrations where !applied.contains(migration.name) {
                try connection.execute(migration.sql)
                if migration.name == "v5" { try rekeyWorkspaces(connection) }
                try connection.run("INSERT INTO grdb_migrations (identifier) VALUES (?)", [.text(migration.name)])
                if migration.name == last { return }
            }
            if last == nil { try connection.execute("PRAGMA user_version = \(version)") }
        }
    }

    /// Rows recorded under an absolute spelling of a workspace's path move to its canonical
    /// path. A relative spelling (`environments.json`, as typed in some folder) cannot be placed:
    /// those rows stay under it, shown by no workspace, until retention drops them.
    static func rekeyWorkspaces(_ connection: SQLiteConnection) throws {
        let keys = try connection.rows("SELECT DISTINCT workspace FROM exchange").map { $0.string("workspace") }
        for key in keys where key.hasPrefix("/") {
            let canonical = CanonicalPath.of(key)
            guard canonical != key else { continue }
            try connection.run("UPDATE exchange SET workspace = ? WHERE workspace = ?", [.text(canonical), .text(key)])
        }
    }
}
