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

    @Test("a v7 database loses the second route index and keeps its rows")
    func migrationDropsTheIndex() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-index-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/history.sqlite"
        do {
            let db = try SQLiteConnection(path: path)
            try HistorySchema.migrate(db, upTo: "v7")
            try db.execute("PRAGMA user_version = 7")
            let (id, _) = try HistoryStore.insert(Self.record("users.show", "dev", at: 1), settings: .init(), into: db)
            #expect(id == 1)
        }
        let store = try HistoryStore(path: path)
        #expect(try !Self.indexes(store).contains("exchange_by_route_id"))
        #expect(try Self.indexes(store).isSuperset(of: ["exchange_by_route", "exchange_by_workspace"]))
        #expect(try store.entries(workspace: "/w/environments.json", route: "users.show").map(\.id) == [1])
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
