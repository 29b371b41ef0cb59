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
    /// In compare mode, the second environment (the right side).
    public var other: String?
    /// The run's name (nil: the default selection), to run it again or compare it.
    public var selection: String?
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
        /// In compare mode, its result on the second environment.
        public var otherResult: RouteRun?
        /// In compare mode, both results compared, once both are known.
        public var comparison: RouteComparison?
    }

    /// In compare mode, each side's run once it has ended.
    public var finished: [EnvironmentRun?] = [nil, nil]

    /// A run of `routes`, nothing known yet.
    public init(
        id: Int, title: String, environment: String, routes: [Route], other: String? = nil, selection: String? = nil
    ) {
        self.id = id
        self.title = title
        self.environment = environment
        self.other = other
        self.selection = selection
        rows = routes.map { Row(route: $0.name, method: $0.method) }
    }

    /// Whether it compares two environments.
    public var isComparison: Bool { other != nil }

    /// Whether results are still coming.
    public var isRunning: Bool { summary == nil }

    /// Routes with a result so far (on both sides, when comparing).
    public var done: Int { rows.filter { $0.result != nil && (other == nil || $0.otherResult != nil) }.count }

    /// Records `result` on the first row of its route still waiting.
    public mutating func record(_ result: RouteRun) {
        guard let index = rows.firstIndex(where: { $0.route == result.route && $0.result == nil }) else { return }
        rows[index].result = result
    }

    /// Records `result` of side `side` (0 left, 1 right) of a comparison; once a row has both,
    /// they are compared (once: the screen draws the verdict, it does not recompute it).
    public mutating func record(_ result: RouteRun, side: Int) {
        guard let other else { return }
        let waiting = rows.firstIndex { $0.route == result.route && (side == 0 ? $0.result : $0.otherResult) == nil }
        guard let index = waiting else { return }
        if side == 0 { rows[index].result = result } else { rows[index].otherResult = result }
        if let left = rows[index].result, let right = rows[index].otherResult {
            var compared = RouteComparison(left: left, right: right, names: (environment, other))
            // Masked once here, as everything the screen shows of an answer.
            let secrets = [left, right].flatMap { $0.exchange?.origin.secretValues ?? [] }
            let mask = { (text: String) in SecretMask.apply(text, hiding: secrets) }
            compared.differences = compared.differences.map {
                Difference(place: mask($0.place), left: mask($0.left), right: mask($0.right))
            }
            compared.bodyLines = compared.bodyLines.map(mask)
            rows[index].comparison = compared
        }
    }

    /// Ends the run; rows still waiting (after a cancel) stay as they are.
    public mutating func finish(_ run: EnvironmentRun) {
        summary = RunTextReport().summary(run)
    }

    /// Ends side `side` of a comparison; the summary comes when both have ended.
    public mutating func finish(_ run: EnvironmentRun, side: Int) {
        guard finished.indices.contains(side) else { return }
        finished[side] = run
        if let left = finished[0], let right = finished[1] {
            summary = ComparisonTextReport().summary(WorkspaceComparison(left: left, right: right))
        }
    }

    /// The selected row's exchange, if a response came.
    public var selectedExchange: Exchange? { rows[safe: cursor.index]?.result?.exchange }

    /// Whether `row` failed: a check or an error, or in a comparison, a difference or trouble.
    public static func isFailing(_ row: Row) -> Bool {
        if let comparison = row.comparison {
            switch comparison.verdict {
            case .same, .skipped: return false
            case .different, .statusDiffers, .trouble: return true
            }
        }
        for result in [row.result, row.otherResult].compactMap({ $0 }) {
            switch result.outcome {
            case .failed, .error: return true
            case .passed, .skipped: continue
            }
        }
        return false
    }

    /// Moves the cursor to the next failing row after it (`forward`) or before it, wrapping
    /// around; false when no row failed.
    public mutating func jumpToFailure(forward: Bool) -> Bool {
        let failing = rows.indices.filter { Self.isFailing(rows[$0]) }
        guard !failing.isEmpty else { return false }
        let here = cursor.index
        let next =
            forward
            ? failing.first { $0 > here } ?? failing[0]
            : failing.last { $0 < here } ?? failing[failing.count - 1]
        cursor = ListCursor(next)
        return true
    }

    /// The whole story of the row under the cursor: every failed check with what it got, or the
    /// error, or the comparison's differences (the row itself shows the first, cut to fit).
    public var details: [String] {
        guard let row = rows[safe: cursor.index] else { return [] }
        if let comparison = row.comparison {
            switch comparison.verdict {
            case .trouble(let reason): return [reason]
            default: return comparison.differences.map(\.description)
            }
        }
        var lines: [String] = []
        for result in [row.result, row.otherResult].compactMap({ $0 }) {
            switch result.outcome {
            case .failed: lines += result.failures.map(\.line)
            case .error(let reason): lines.append("error: " + reason)
            case .passed, .skipped: continue
            }
        }
        return lines
    }
}
