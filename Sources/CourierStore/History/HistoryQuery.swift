/// The SQL of history's reads and clears. A route's rows are found by walking its lists back
/// from their newest (`series` and `chain`, schema v9), never by walking the workspace's index
/// through every route's rows (170 ms for one route at 100,000 rows).
enum HistoryQuery {
    /// A `WHERE` clause for the filters given (none: every row), on `exchange` or `series`.
    static func filter(workspace: String?, route: String?, environment: String?) -> (String, [SQLiteValue]) {
        var clauses: [String] = []
        var arguments: [SQLiteValue] = []
        for (column, value) in [("workspace", workspace), ("route", route), ("environment", environment)] {
            guard let value else { continue }
            clauses.append("\(column) = ?")
            arguments.append(.text(value))
        }
        return (clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND "), arguments)
    }

    /// A `WITH` clause naming `walk(id)`: the ids of `route`'s exchanges, in one environment or
    /// all, of one workspace or all, at most `depth` of each environment's, newest first.
    static func walk(workspace: String?, route: String, environment: String?, depth: Int = .max)
        -> (String, [SQLiteValue])
    {
        let (filter, arguments) = filter(workspace: workspace, route: route, environment: environment)
        let sql = """
            WITH RECURSIVE walk(id, depth) AS (
                SELECT newest, 1 FROM series\(filter)
                UNION ALL
                SELECT chain.previous, walk.depth + 1 FROM walk JOIN chain ON chain.id = walk.id
                WHERE chain.previous IS NOT NULL AND walk.depth < ?
            )
            """
        return (sql, arguments + [.integer(Int64(depth))])
    }

    /// `columns` of the newest `limit` rows, filtered as `filter`, newest first.
    static func newest(_ columns: String, workspace: String?, route: String?, environment: String?, limit: Int)
        -> (String, [SQLiteValue])
    {
        let limit = max(limit, 0)
        guard let route else {
            let (filter, arguments) = filter(workspace: workspace, route: nil, environment: environment)
            return (
                "SELECT \(columns) FROM exchange\(filter) ORDER BY id DESC LIMIT ?",
                arguments + [.integer(Int64(limit))]
            )
        }
        // Each environment's newest `limit` at most: more could never be among the newest of all.
        let (walk, arguments) = walk(workspace: workspace, route: route, environment: environment, depth: limit)
        return (
            walk + " SELECT \(columns) FROM exchange WHERE id IN (SELECT id FROM walk) ORDER BY id DESC LIMIT ?",
            arguments + [.integer(Int64(limit))]
        )
    }

    /// The statement deleting the rows `filter` selects.
    static func delete(workspace: String?, route: String?, environment: String?) -> (String, [SQLiteValue]) {
        guard let route else {
            let (filter, arguments) = filter(workspace: workspace, route: nil, environment: environment)
            return ("DELETE FROM exchange" + filter, arguments)
        }
        let (walk, arguments) = walk(workspace: workspace, route: route, environment: environment)
        return (walk + " DELETE FROM exchange WHERE id IN (SELECT id FROM walk)", arguments)
    }
}
