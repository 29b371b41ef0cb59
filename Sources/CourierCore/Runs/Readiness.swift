/// `--retry-until` and `--interval`: "wait until the new version answers, then check". A
/// route whose checks fail (or that gets no answer) is sent again every `interval` seconds
/// until it passes or `limit` seconds have gone by since the run started.
///
/// One limit for the whole run, not one per route: when a deployment is late, the first route
/// waits for it and the rest pass at once; a run never takes routes × limit. Only idempotent
/// methods are sent again (RFC 9110 §9.2.2): a write that failed its checks may still have
/// been carried out, and is reported as it is.
public struct Readiness: Sendable, Equatable {
    /// Seconds from the start of the run after which a failing route is no longer sent again.
    public var limit: Double
    /// Seconds between two sends of a failing route.
    public var interval: Double

    /// A readiness wait.
    public init(limit: Double, interval: Double = 2) {
        self.limit = limit
        self.interval = interval
    }

    /// Whether `route` may be sent again after a failing answer.
    public func retries(_ route: Route) -> Bool { route.method.isIdempotent }
}
