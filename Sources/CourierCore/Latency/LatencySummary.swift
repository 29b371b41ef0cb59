/// A route's response times over the repeats of a run (`--repeat N`), in milliseconds: what
/// the latency table prints, what `duration p95 < 300` checks and what the comparison flags.
public struct LatencySummary: Sendable, Equatable {
    /// The percentiles a summary keeps and a check may name (`duration p95`); 100 is `max`.
    public static let percentiles: [Double] = [50, 75, 90, 95, 99, 99.9, 100]

    /// How many responses were timed.
    public var count: Int
    /// The value at each of `percentiles`, in the same order.
    public var values: [Double]

    /// A summary; `values` holds one value per entry of `percentiles`.
    public init(count: Int, values: [Double]) {
        self.count = count
        self.values = values
    }

    /// The value at `percentile` (one of `percentiles`), or nil.
    public func value(at percentile: Double) -> Double? {
        guard let index = Self.percentiles.firstIndex(of: percentile), index < values.count else { return nil }
        return values[index]
    }

    /// The median.
    public var p50: Double { value(at: 50) ?? 0 }
    /// The 95th percentile.
    public var p95: Double { value(at: 95) ?? 0 }
    /// The 99th percentile.
    public var p99: Double { value(at: 99) ?? 0 }
    /// The slowest.
    public var max: Double { value(at: 100) ?? 0 }
}

/// Collects response times and summarises them. The core does not say how: the command line
/// gives it an HDR histogram (constant memory, 3 significant digits), tests an exact list.
public protocol LatencyRecorder: Sendable {
    /// Adds one response time.
    mutating func record(milliseconds: Double)
    /// The summary of what was recorded.
    func summary() -> LatencySummary
}

/// Makes one empty recorder per route and environment.
public typealias LatencyRecorderMaker = @Sendable () -> any LatencyRecorder
