import CourierCore

/// A check run on the screen: a row per route that fills in as results arrive, a cursor,
/// and the summary once it ends.
public struct RunView: Sendable, Equatable {
    /// The id its effects and messages carry.
    public var id: Int
    /// What runs: a run's name, or `default selection`.
    public var title: String
    /// The environment it runs against.
    public var environment: String
    /// One row per route, in order.
    public var rows: [Row]
    /// The selected row.
    public var cursor = ListCursor()
    /// The summary line, once the run has ended.
    public var summary: String?

    /// One route of the run.
    public struct Row: Sendable, Equatable {
        /// The route's name.
        public var route: String
        /// Its method.
        public var method: HTTPMethod
        /// Its result, once known.
        public var result: RouteRun?
    }

    /// A run of `routes`, nothing known yet.
    public init(id: Int, title: String, environment: String, routes: [Route]) {
        self.id = id
        self.title = title
        self.environment = environment
        rows = routes.map { Row(route: $0.name, method: $0.method) }
    }

    /// Whether results are still coming.
    public var isRunning: Bool { summary == nil }

    /// Routes with a result so far.
    public var done: Int { rows.filter { $0.result != nil }.count }

    /// Records `result` on the first row of its route still waiting.
    public mutating func record(_ result: RouteRun) {
        guard let index = rows.firstIndex(where: { $0.route == result.route && $0.result == nil }) else { return }
        rows[index].result = result
    }

    /// Ends the run; rows still waiting (after a cancel) stay as they are.
    public mutating func finish(_ run: EnvironmentRun) {
        summary = RunTextReport().summary(run)
    }

    /// The selected row's exchange, if a response came.
    public var selectedExchange: Exchange? { rows[safe: cursor.index]?.result?.exchange }
}
