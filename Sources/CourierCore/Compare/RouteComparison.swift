/// One route sent to two environments, and what differs between the two answers.
public struct RouteComparison: Sendable, Equatable {
    /// What the comparison of one route found.
    public enum Verdict: Sendable, Equatable {
        /// The same answer (after ignores and learned noise): `=`.
        case same
        /// The same status, different headers or body: `≠`.
        case different
        /// Different statuses (`502 | 200`): `✗`, a difference the eye must not miss.
        case statusDiffers
        /// One side got no answer (connection, timeout, TLS, a request that could not be
        /// built), and why, with the environment's name: `✗`, trouble.
        case trouble(String)
        /// Not sent to one side or both, and why (`production: protected: not sent`): `-`.
        case skipped(String)
    }

    /// The route's name.
    public var route: String
    /// Its method.
    public var method: HTTPMethod
    /// The first environment's result.
    public var left: RouteRun
    /// The second environment's result.
    public var right: RouteRun
    /// What was found.
    public var verdict: Verdict
    /// Each place that differs, status first.
    public var differences: [Difference]
    /// A unified diff of two bodies that are not JSON.
    public var bodyLines: [String]
    /// Places left out because they differed between two answers of one environment (`--noise`).
    public var noise: [DiffIgnore]
    /// The first side's times over the repeats (`--repeat N`), when recorded.
    public var leftLatency: LatencySummary?
    /// The second side's.
    public var rightLatency: LatencySummary?
    /// The second side's p95 grew past the threshold (`--slower`).
    public var slower = false

    /// Whether `right`'s p95 is slower than `left`'s by more than `percent` and at least
    /// `minimum` milliseconds (5: a loopback route's jitter is not a regression).
    public static func isSlower(_ left: LatencySummary, _ right: LatencySummary, percent: Double, minimum: Double = 5)
        -> Bool
    {
        right.p95 - left.p95 >= minimum && right.p95 > left.p95 * (1 + percent / 100)
    }

    /// A comparison of `left` and `right`, the same route's results in the environments
    /// `names`. `noise` holds each side's second answer when `--noise` sent twice.
    public init(
        left: RouteRun, right: RouteRun, names: (String, String), noise: (RouteRun?, RouteRun?) = (nil, nil),
        ignores: [DiffIgnore] = [], allHeaders: Bool = false
    ) {
        self.route = left.route
        self.method = left.method
        self.left = left
        self.right = right
        self.differences = []
        self.bodyLines = []
        self.noise = []
        let sides = [(names.0, left), (names.1, right)]
        if let reason = Self.reasons(sides, troubled: true) {
            verdict = .trouble(reason)
            return
        }
        guard let first = left.exchange?.response, let second = right.exchange?.response else {
            verdict = .skipped(Self.reasons(sides, troubled: false) ?? "not sent")
            return
        }
        var learned: [DiffIgnore] = []
        for (one, again) in [(left, noise.0), (right, noise.1)] {
            guard let answer = one.exchange?.response, let repeated = again?.exchange?.response else { continue }
            for difference in ExchangeDiff(allHeaders: allHeaders).compare(answer, repeated).differences {
                if let place = DiffIgnore(place: difference.place), !learned.contains(place) { learned.append(place) }
            }
        }
        self.noise = learned
        let result = ExchangeDiff(ignores: ignores + learned, allHeaders: allHeaders).compare(first, second)
        differences = result.differences
        bodyLines = result.bodyLines
        if first.status != second.status {
            verdict = .statusDiffers
        } else {
            verdict = result.isSame ? .same : .different
        }
    }

    /// The reasons of the sides that could not be completed (`troubled`) or were skipped,
    /// each named by its environment; nil when there is none.
    private static func reasons(_ sides: [(String, RouteRun)], troubled: Bool) -> String? {
        let reasons = sides.compactMap { name, side -> String? in
            switch side.outcome {
            case .error(let reason) where troubled: "\(name): \(reason)"
            case .skipped(let reason) where !troubled: "\(name): \(reason)"
            default: nil
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// Whether the two answers differ (status, headers or body).
    public var differs: Bool {
        switch verdict {
        case .different, .statusDiffers: true
        case .same, .trouble, .skipped: false
        }
    }
}
