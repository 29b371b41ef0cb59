import CourierCore
import Foundation
import Testing

@testable import CourierStore

/// The history database's indexes: one clustered by route, not two (schema v8), and the
/// queries that need it still find a route's rows through it.
@Suite("History indexes")
struct HistoryIndexTests {
    private static func store() throws -> (HistoryStore, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-index-\(UUID())").path
        return (try HistoryStore(path: folder + "/history.sqlite"), folder)
    }

    private static func record(_ route: String, _ environment: String, at second: Double) -> HistoryRecord {
        let exchange = Exchange(
            request: HTTPRequest(method: .get, url: "http://127.0.0.1:9/\(route)"),
            response: HTTPResponse(status: 200, reason: "OK", body: Array("{}".utf8)),
            origin: ExchangeOrigin(workspace: "/w/environments.json", environmentName: environment, routeName: route))
        return HistoryRedactor.record(exchange, at: Date(timeIntervalSince1970: second))
    }

    private static func indexes(_ store: HistoryStore) throws -> Set<String> {
        try store.withDatabase { db in
            Set(
                try db.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exchange'")
                    .map { $0.string("name") })
        }
    }

    @Test("a v7 database loses the second route index, keeps its rows and counts each route's")
    func migrationDropsTheIndex() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-index-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/history.sqlite"
        do {
            let db = try SQLiteConnection(path: path)
            try HistorySchema.migrate(db, upTo: "v7")
            try db.execute("PRAGMA user_version = 7")
            for (route, environment) in [("a", "dev"), ("a", "dev"), ("b", "prod")] {
                try db.run(
                    """
                    INSERT INTO exchange (recorded_at, workspace, environment, route, method, url, request_headers,
                        status, reason, version, final_url, response_headers, body, body_size, total_time,
                        first_byte, attempts, redirects, checks, captured, stored_bytes)
                    VALUES (0, '/w/environments.json', ?, ?, 'GET', 'http://x/', '[]', 200, 'OK', 'HTTP/1.1',
                        'http://x/', '[]', x'', 0, 0, 0, 1, 0, '[]', '{}', 300)
                    """, [.text(environment), .text(route)])
            }
        }
        let store = try HistoryStore(path: path)
        #expect(try !Self.indexes(store).contains("exchange_by_route_id"))
        #expect(try Self.indexes(store).isSuperset(of: ["exchange_by_route", "exchange_by_workspace"]))
        #expect(try store.entries(workspace: "/w/environments.json", route: "a").map(\.id) == [2, 1])
        #expect(try Self.counts(store) == ["a dev 2", "b prod 1"])
    }

    /// `route_counts`, a line per route and environment.
    private static func counts(_ store: HistoryStore) throws -> [String] {
        try store.withDatabase { db in
            try db.rows("SELECT route, environment, n FROM route_counts ORDER BY route, environment").map {
                "\($0.string("route")) \($0.string("environment")) \($0.int("n"))"
            }
        }
    }

    @Test("the counts follow every insert and drop: a lower keep trims at once, a clear starts again")
    func countsFollowTheRows() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for second in 1...5 { try store.add(Self.record("a", "dev", at: Double(second))) }
        try store.add(Self.record("a", "prod", at: 6))
        #expect(try Self.counts(store) == ["a dev 5", "a prod 1"])
        // A keep lowered from 200 to 3: the next exchange leaves the three newest.
        try store.add(Self.record("a", "dev", at: 7), settings: HistorySettings(keep: 3))
        #expect(
            try store.entries(workspace: "/w/environments.json", route: "a", environment: "dev").map(\.id) == [7, 5, 4])
        #expect(try Self.counts(store) == ["a dev 3", "a prod 1"])
        // The size limit drops the oldest of all, counted down as well.
        try store.add(Self.record("b", "dev", at: 8), settings: HistorySettings(keep: 3, maxBytes: 1))
        #expect(try store.entries(workspace: nil).isEmpty)
        try store.clear(workspace: nil)
        #expect(try Self.counts(store).isEmpty)
        try store.add(Self.record("a", "dev", at: 9), settings: HistorySettings(keep: 1))
        try store.add(Self.record("a", "dev", at: 10), settings: HistorySettings(keep: 1))
        #expect(try Self.counts(store) == ["a dev 1"])
        #expect(try store.entries(workspace: "/w/environments.json").map(\.id) == [10])
    }

    @Test(
        "a route's rows are found through the route index, in one environment or all",
        arguments: [nil, "dev"] as [String?])
    func routeQueriesUseTheRouteIndex(environment: String?) throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var second = 0.0
        for route in ["a", "b"] {
            for environment in ["dev", "prod"] {
                for _ in 0..<3 {
                    second += 1
                    try store.add(Self.record(route, environment, at: second))
                }
            }
        }
        let (sql, arguments) = HistoryStore.newestQuery(
            "id", workspace: "/w/environments.json", route: "a", environment: environment)
        let plan = try store.withDatabase { db in
            try db.rows("EXPLAIN QUERY PLAN " + sql, arguments + [.integer(50)]).map { $0.string("detail") }
        }
        // Without naming it, SQLite walks exchange_by_workspace backwards through every route.
        #expect(plan.contains { $0.contains("exchange_by_route") }, "\(plan)")
        let entries = try store.entries(workspace: "/w/environments.json", route: "a", environment: environment)
        #expect(entries.map(\.id) == (environment == nil ? [6, 5, 4, 3, 2, 1] : [3, 2, 1]))
    }
}
