import CourierCore
import Foundation
import Testing

@testable import CourierStore

/// Each route's exchanges per environment as a linked list (`series` and `chain`, schema v9):
/// kept in step with the rows by every insert and delete, walked for a route's history, and
/// mended from the rows when another program put them out of step.
@Suite("History series")
struct HistorySeriesTests {
    private static let workspace = "/w/environments.json"

    private static func store() throws -> (HistoryStore, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-series-\(UUID())").path
        return (try HistoryStore(path: folder + "/history.sqlite"), folder)
    }

    private static func record(_ route: String, _ environment: String, at second: Double) -> HistoryRecord {
        let exchange = Exchange(
            request: HTTPRequest(method: .get, url: "http://127.0.0.1:9/\(route)"),
            response: HTTPResponse(status: 200, reason: "OK", body: Array("{}".utf8)),
            origin: ExchangeOrigin(workspace: workspace, environmentName: environment, routeName: route))
        return HistoryRedactor.record(exchange, at: Date(timeIntervalSince1970: second))
    }

    private static func indexes(_ store: HistoryStore) throws -> Set<String> {
        try store.withDatabase { db in
            Set(
                try db.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exchange'")
                    .map { $0.string("name") })
        }
    }

    /// `series`, a line per route and environment: its count, oldest and newest.
    private static func series(_ store: HistoryStore) throws -> [String] {
        try store.withDatabase { db in
            try db.rows("SELECT route, environment, n, oldest, newest FROM series ORDER BY route, environment").map {
                "\($0.string("route")) \($0.string("environment")) \($0.int("n")) \($0.int("oldest"))-\($0.int("newest"))"
            }
        }
    }

    /// Nothing, when every list holds exactly its rows, linked both ways in id order; otherwise
    /// what is out of step.
    private static func outOfStep(_ store: HistoryStore) throws -> [String] {
        try store.withDatabase { db in
            var problems: [String] = []
            let keys = try db.rows("SELECT DISTINCT workspace, route, environment FROM exchange")
            let heads = try db.integer("SELECT count(*) FROM series")
            if heads != keys.count { problems.append("\(heads) series for \(keys.count) routes") }
            for key in keys {
                let values: [SQLiteValue] = [
                    .text(key.string("workspace")), .text(key.string("route")), .text(key.string("environment")),
                ]
                let ids = try db.rows(
                    "SELECT id FROM exchange WHERE workspace = ? AND route = ? AND environment = ? ORDER BY id",
                    values
                ).map { $0.int("id") }
                let head = try db.rows(
                    "SELECT n, oldest, newest FROM series WHERE workspace = ? AND route = ? AND environment = ?",
                    values)
                guard let head = head.first else {
                    problems.append("no series for \(key.string("route"))")
                    continue
                }
                if [head.int("n"), head.int("oldest"), head.int("newest")] != [ids.count, ids[0], ids[ids.count - 1]] {
                    problems.append("head \(head.int("n")) \(head.int("oldest"))-\(head.int("newest")) for \(ids)")
                }
                for (index, id) in ids.enumerated() {
                    let link = try db.rows("SELECT previous, later FROM chain WHERE id = ?", [.integer(Int64(id))])
                    let previous = index == 0 ? nil : ids[index - 1]
                    let later = index == ids.count - 1 ? nil : ids[index + 1]
                    guard let link = link.first else {
                        problems.append("no link for \(id)")
                        continue
                    }
                    if link.optionalInt("previous") != previous || link.optionalInt("later") != later {
                        problems.append(
                            "link of \(id): \(link.optionalInt("previous") ?? 0) \(link.optionalInt("later") ?? 0)")
                    }
                }
            }
            let links = try db.integer("SELECT count(*) FROM chain")
            let rows = try db.integer("SELECT count(*) FROM exchange")
            if links != rows { problems.append("\(links) links for \(rows) rows") }
            return problems
        }
    }

    @Test(
        "a v7 and a v8 database lose the route index, keep their rows and link each route's", arguments: ["v7", "v8"])
    func migrationLinksTheRows(from: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-series-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/history.sqlite"
        do {
            let db = try SQLiteConnection(path: path)
            try HistorySchema.migrate(db, upTo: from)
            try db.execute("PRAGMA user_version = \(from.dropFirst())")
            for (route, environment) in [("a", "dev"), ("b", "prod"), ("a", "dev"), ("a", "prod"), ("a", "dev")] {
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
        #expect(try Self.indexes(store).isDisjoint(with: ["exchange_by_route_id", "exchange_by_route"]))
        #expect(try Self.indexes(store).contains("exchange_by_workspace"))
        #expect(try Self.series(store) == ["a dev 3 1-5", "a prod 1 4-4", "b prod 1 2-2"])
        #expect(try Self.outOfStep(store).isEmpty)
        #expect(try store.entries(workspace: Self.workspace, route: "a").map(\.id) == [5, 4, 3, 1])
        #expect(try store.entries(workspace: Self.workspace, route: "a", environment: "dev").map(\.id) == [5, 3, 1])
    }

    @Test("the lists follow every insert and drop: a lower keep trims at once, the size limit, a clear")
    func listsFollowTheRows() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for second in 1...5 { try store.add(Self.record("a", "dev", at: Double(second))) }
        try store.add(Self.record("a", "prod", at: 6))
        #expect(try Self.series(store) == ["a dev 5 1-5", "a prod 1 6-6"])
        // A keep lowered from 200 to 3: the next exchange leaves the three newest.
        try store.add(Self.record("a", "dev", at: 7), settings: HistorySettings(keep: 3))
        #expect(
            try store.entries(workspace: Self.workspace, route: "a", environment: "dev").map(\.id) == [7, 5, 4])
        #expect(try Self.series(store) == ["a dev 3 4-7", "a prod 1 6-6"])
        #expect(try Self.outOfStep(store).isEmpty)
        // The size limit drops the oldest of all, and the lists left empty go.
        try store.add(Self.record("b", "dev", at: 8), settings: HistorySettings(keep: 3, maxBytes: 1))
        #expect(try store.entries(workspace: nil).isEmpty)
        #expect(try Self.series(store).isEmpty)
        try store.add(Self.record("a", "dev", at: 9), settings: HistorySettings(keep: 1))
        try store.add(Self.record("a", "dev", at: 10), settings: HistorySettings(keep: 1))
        #expect(try Self.series(store) == ["a dev 1 10-10"])
        #expect(try store.entries(workspace: Self.workspace).map(\.id) == [10])
        try store.clear(workspace: nil)
        #expect(try Self.series(store).isEmpty)
        #expect(try Self.outOfStep(store).isEmpty)
    }

    @Test("a row deleted from the middle, a route cleared in one environment: the lists stay whole")
    func anyDeleteKeepsTheLists() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var second = 0.0
        for _ in 0..<4 {
            for (route, environment) in [("a", "dev"), ("a", "prod"), ("b", "dev")] {
                second += 1
                try store.add(Self.record(route, environment, at: second))
            }
        }
        // a/dev is 1, 4, 7, 10. Another program (or a later Courier) may delete any row.
        try store.withDatabase(writing: true) { db in try db.run("DELETE FROM exchange WHERE id IN (4, 10, 2)") }
        #expect(try Self.outOfStep(store).isEmpty)
        #expect(try store.entries(workspace: Self.workspace, route: "a", environment: "dev").map(\.id) == [7, 1])
        #expect(try store.clear(workspace: Self.workspace, route: "a", environment: "prod") == 3)
        #expect(try Self.series(store) == ["a dev 2 1-7", "b dev 4 3-12"])
        #expect(try store.entries(workspace: Self.workspace, route: "a").map(\.id) == [7, 1])
        #expect(try store.clear(workspace: Self.workspace, route: "b") == 4)
        #expect(try Self.series(store) == ["a dev 2 1-7"])
        #expect(try Self.outOfStep(store).isEmpty)
    }

    @Test("lists put out of step by another program are made again from the rows at the next drop")
    func outOfStepListsAreMended() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for second in 1...4 { try store.add(Self.record("a", "dev", at: Double(second))) }
        try store.withDatabase(writing: true) { db in
            try db.execute("DELETE FROM chain; UPDATE series SET oldest = 99")
        }
        try store.add(Self.record("a", "dev", at: 5), settings: HistorySettings(keep: 2))
        #expect(try store.entries(workspace: Self.workspace).map(\.id) == [5, 4])
        #expect(try store.entries(workspace: Self.workspace, route: "a", environment: "dev").map(\.id) == [5, 4])
        #expect(try Self.outOfStep(store).isEmpty)
    }

    @Test(
        "a route's rows are found by walking its lists, in one environment or all, never by a scan",
        arguments: [nil, "dev"] as [String?])
    func routeQueriesWalkTheLists(environment: String?) throws {
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
        let (sql, arguments) = HistoryQuery.newest(
            "id", workspace: Self.workspace, route: "a", environment: environment, limit: 50)
        let plan = try store.withDatabase { db in
            try db.rows("EXPLAIN QUERY PLAN " + sql, arguments).map { $0.string("detail") }
        }
        // A scan of exchange, or of the workspace's index, reads every route's rows.
        #expect(!plan.contains { $0.hasPrefix("SCAN exchange") || $0.contains("exchange_by_workspace") }, "\(plan)")
        let entries = try store.entries(workspace: Self.workspace, route: "a", environment: environment)
        #expect(entries.map(\.id) == (environment == nil ? [6, 5, 4, 3, 2, 1] : [3, 2, 1]))
        let newest = try store.entries(workspace: Self.workspace, route: "a", environment: environment, limit: 2)
        #expect(newest.map(\.id) == (environment == nil ? [6, 5] : [3, 2]))
    }
}
