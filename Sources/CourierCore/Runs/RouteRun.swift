/// What happened to one route in a check run.
public struct RouteRun: Sendable, Equatable {
    /// How the route ended.
    public enum Outcome: Sendable, Equatable {
        /// Sent, and every check and capture held.
        case passed
        /// Sent, and at least one check or capture failed.
        case failed
        /// Not completed: the request could not be built or sent (connection, timeout, TLS).
        case error(String)
        /// Not sent, and why (`protected: not sent`).
        case skipped(String)
    }

    /// The route's name.
    public var route: String
    /// Its method.
    public var method: HTTPMethod
    /// The URL sent to, secrets masked (the route's path when it was never built).
    public var url: String
    /// How it ended.
    public var outcome: Outcome
    /// Its checks' results, then its captures', in the order written.
    public var checks: [CheckResult]
    /// The exchange, when a response came.
    public var exchange: Exchange?
    /// Which pass of `--repeat` this was, from 1.
    public var pass: Int
    /// How many times it was sent before this result (`--retry-until`), from 1.
    public var tries = 1
    /// Seconds from its first send to this result, when it was sent more than once.
    public var waited = 0.0

    /// A route's result.
    public init(
        route: String, method: HTTPMethod, url: String, outcome: Outcome, checks: [CheckResult] = [],
        exchange: Exchange? = nil, pass: Int = 1
    ) {
        self.route = route
        self.method = method
        self.url = url
        self.outcome = outcome
        self.checks = checks
        self.exchange = exchange
        self.pass = pass
    }

    /// Seconds the exchange took (0 when nothing came back).
    public var time: Double { exchange?.response.totalTime ?? 0 }

    /// The checks that failed.
    public var failures: [CheckResult] { checks.filter { !$0.passed } }
}
