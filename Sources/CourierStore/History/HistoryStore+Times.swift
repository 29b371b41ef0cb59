import CourierCore

/// Response times from history, for `check --baseline`.
extension HistoryStore {
    /// Seconds each recorded exchange of `route` on `environment` in `workspace` took, when it
    /// was recorded in `[from, until)` (seconds since 1970) and answered below 400: an error
    /// page's time, or a failed attempt's, says nothing of the route's. The newest `limit` at most, newest first.
    public func times(
        workspace: String, environment: String, route: String, from: Double, until: Double, limit: Int = 10_000
    ) throws(HistoryError) -> [Double] {
        importPending()
        let (walk, arguments) = HistoryQuery.walk(workspace: workspace, route: route, environment: environment)
        return try withDatabase { db in
            try db.rows(
                walk + """
                     SELECT total_time FROM exchange WHERE id IN (SELECT id FROM walk)
                    AND recorded_at >= ? AND recorded_at < ? AND status BETWEEN 100 AND 399 ORDER BY id DESC LIMIT ?
                    """,
                arguments + [.real(from), .real(until), .integer(Int64(limit))])
        }.map { $0.double("total_time") }
    }
}
