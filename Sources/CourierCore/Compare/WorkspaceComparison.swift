/// Two environments' runs of the same routes, compared route by route (`courier diff --env A
/// --env B` with no route, or with runs and globs as `check` selects).
public struct WorkspaceComparison: Sendable, Equatable {
    /// The first environment's run (with a second pass when `--noise` sent twice).
    public var left: EnvironmentRun
    /// The second environment's run.
    public var right: EnvironmentRun
    /// One comparison per route, in the order selected.
    public var routes: [RouteComparison]

    /// Compares the first pass of `left` and `right` route by route. With `noise`, the second
    /// pass is each side's second answer. With times recorded (`--repeat`), a route whose p95
    /// grew by more than `slower` percent (and 5 ms) is flagged.
    public init(
        left: EnvironmentRun, right: EnvironmentRun, ignores: [DiffIgnore] = [], allHeaders: Bool = false,
        noise: Bool = false, slower: Double = 20
    ) {
        self.left = left
        self.right = right
        let names = (left.environment, right.environment)
        let firsts = (left.routes.filter { $0.pass == 1 }, right.routes.filter { $0.pass == 1 })
        let seconds = noise ? (left.routes.filter { $0.pass == 2 }, right.routes.filter { $0.pass == 2 }) : ([], [])
        routes = zip(firsts.0, firsts.1).enumerated().map { index, pair in
            RouteComparison(
                left: pair.0, right: pair.1, names: names,
                noise: (
                    index < seconds.0.count ? seconds.0[index] : nil, index < seconds.1.count ? seconds.1[index] : nil
                ), ignores: ignores, allHeaders: allHeaders)
        }
        for index in routes.indices {
            let name = routes[index].route
            routes[index].leftLatency = left.latency[name]
            routes[index].rightLatency = right.latency[name]
            if let first = left.latency[name], let second = right.latency[name] {
                routes[index].slower = RouteComparison.isSlower(first, second, percent: slower)
            }
        }
    }

    /// How many routes ended each way.
    public struct Totals: Sendable, Equatable {
        public var routes = 0
        public var same = 0
        public var different = 0
        public var trouble = 0
        public var skipped = 0
        /// Routes whose p95 grew past the threshold (counted besides their verdict).
        public var slower = 0
    }

    /// The counts over every route (a status difference counts as different).
    public var totals: Totals {
        var totals = Totals()
        for route in routes {
            totals.routes += 1
            switch route.verdict {
            case .same: totals.same += 1
            case .different, .statusDiffers: totals.different += 1
            case .trouble: totals.trouble += 1
            case .skipped: totals.skipped += 1
            }
            if route.slower { totals.slower += 1 }
        }
        return totals
    }

    /// As diff(1): 2 when a route could not be completed, 1 when any differs or got slower, 0
    /// when all are the same.
    public var exitCode: Int32 {
        let totals = totals
        return totals.trouble > 0 ? 2 : totals.different + totals.slower > 0 ? 1 : 0
    }

    /// `text` with the secrets of both sides masked.
    public func masking(_ text: String) -> String {
        SecretMask.apply(text, hiding: left.secretValues + right.secretValues)
    }
}
