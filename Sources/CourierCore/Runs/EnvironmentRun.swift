/// One environment's part of a check run: its routes' results in order and the totals the
/// summary line and every report print.
public struct EnvironmentRun: Sendable, Equatable {
    /// The environment's name.
    public var environment: String
    /// Its base URL, templates resolved (reports mask any secret in it).
    public var baseURL: String
    /// The workspace file.
    public var workspace: String
    /// Each route's result, in the order run.
    public var routes: [RouteRun]
    /// Wall-clock seconds from the first request to the last response.
    public var duration: Double
    /// Every secret value seen (environment secrets, captured secrets), masked in every report.
    public var secretValues: [String]
    /// Each route's times over the passes (`--repeat`), by route name, when they were recorded.
    public var latency: [String: LatencySummary] = [:]
    /// `--baseline`: each timed route against its history, in the order run.
    public var baselines: [LatencyBaseline] = []

    /// An environment's results.
    public init(
        environment: String, baseURL: String, workspace: String = "", routes: [RouteRun] = [], duration: Double = 0,
        secretValues: [String] = []
    ) {
        self.environment = environment
        self.baseURL = baseURL
        self.workspace = workspace
        self.routes = routes
        self.duration = duration
        self.secretValues = secretValues
    }

    /// Counts as the summary line says them: checks are counted per check, errors and skips per
    /// route's checks (at least one each, so a route without checks still counts).
    public struct Totals: Sendable, Equatable {
        public var routes = 0
        public var checks = 0
        public var passed = 0
        public var failed = 0
        public var errors = 0
        public var skipped = 0
        /// Requests that got a response.
        public var sent = 0
    }

    /// The totals over every route.
    public var totals: Totals {
        var totals = Totals()
        for route in routes {
            totals.routes += 1
            switch route.outcome {
            case .passed, .failed:
                totals.sent += 1
                totals.checks += route.checks.count
                totals.passed += route.checks.filter(\.passed).count
                totals.failed += route.failures.count
            case .error:
                totals.checks += max(route.checks.count, 1)
                totals.errors += max(route.checks.count, 1)
            case .skipped:
                totals.checks += max(route.checks.count, 1)
                totals.skipped += max(route.checks.count, 1)
            }
        }
        return totals
    }

    /// Responses per second of wall-clock time.
    public var requestsPerSecond: Double {
        duration > 0 ? Double(totals.sent) / duration : 0
    }

    /// `text` with every secret value masked.
    public func masking(_ text: String) -> String { SecretMask.apply(text, hiding: secretValues) }
}
