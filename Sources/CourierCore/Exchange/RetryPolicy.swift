/// Decides whether a finished attempt is tried again: only idempotent methods, only after a
/// transient failure (connection, timeout) or a 502/503/504, at most `retries` more times.
///
/// Pure, like `RedirectPolicy`: the engine asks after every attempt and does what it says.
public struct RetryPolicy: Sendable, Equatable {
    /// Extra attempts after the first.
    public var retries: Int
    /// Seconds to wait before each extra attempt.
    public var delay: Double

    /// Statuses that mean "the gateway or server is briefly unavailable".
    public static let retriableStatuses: Set<Int> = [502, 503, 504]

    /// A policy; the default never retries.
    public init(retries: Int = 0, delay: Double = 1) {
        self.retries = max(0, retries)
        self.delay = max(0, delay)
    }

    /// How an attempt ended.
    public enum Outcome: Sendable, Equatable {
        /// A response arrived with this status.
        case status(Int)
        /// No response: the transport failed.
        case failure(TransportError)
    }

    /// What to do next.
    public enum Decision: Sendable, Equatable {
        /// Wait this many seconds, then send again.
        case retry(after: Double)
        /// Keep the outcome: return the response or throw the failure.
        case stop
    }

    /// The decision after attempt number `attempt` (1 for the first) of `method` ended in `outcome`.
    public func decide(method: HTTPMethod, attempt: Int, outcome: Outcome) -> Decision {
        guard method.isIdempotent, attempt <= retries else { return .stop }
        switch outcome {
        case .status(let status):
            return Self.retriableStatuses.contains(status) ? .retry(after: delay) : .stop
        case .failure(let error):
            return error.isTransient ? .retry(after: delay) : .stop
        }
    }
}
