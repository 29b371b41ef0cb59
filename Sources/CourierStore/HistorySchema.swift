import GRDB

/// The history database's tables, as numbered migrations: a database written by a later
/// Courier carries migrations this one does not know, and is then left alone.
enum HistorySchema {
    /// The number of the last migration, kept in `PRAGMA user_version` once it has run.
    static let version = 4

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // AUTOINCREMENT: ids are what users type (`history show 42`), so a deleted id is
            // never given to a newer exchange.
            try db.execute(
                sql: """
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
                    """)
        }
        migrator.registerMigration("v2") { db in
            // Each request and response on the wire (redirects included) with its start time and
            // timings, for HAR export; rows recorded before it have none.
            try db.execute(sql: "ALTER TABLE exchange ADD COLUMN hops TEXT NOT NULL DEFAULT '[]'")
        }
        migrator.registerMigration("v3") { db in
            // A route's history across environments (the screen's H, `courier history ROUTE`)
            // newest first: without it SQLite walks the workspace's index backwards through
            // every route's rows, 170 ms for a route at 100,000 rows.
            try db.execute(sql: "CREATE INDEX exchange_by_route_id ON exchange(workspace, route, id)")
        }
        migrator.registerMigration("v4") { db in
            // Records folded in from the spool carry its frame id: a frame found again after a
            // crash between the commit and the spool's truncation is not recorded twice.
            try db.execute(
                sql: """
                    ALTER TABLE exchange ADD COLUMN spool_id TEXT;
                    CREATE UNIQUE INDEX exchange_spool ON exchange(spool_id) WHERE spool_id IS NOT NULL;
                    """)
        }
        return migrator
    }
}
