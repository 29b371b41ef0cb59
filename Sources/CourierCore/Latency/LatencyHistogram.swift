/// An HDR histogram (HdrHistogram's layout, as hdrhistogram-swift and the Java original lay it
/// out) of whole microseconds to 3 significant digits: values below 2048 are exact, above that
/// each power of two is cut into 1024 equal steps. The counts grow with the largest value seen
/// (a 10 ms route needs about 4,100 of them), never with the number recorded.
///
/// Written here rather than linked: hdrhistogram-swift brought 150 KB (with Numerics'
/// ComplexModule) into a binary at its size limit. `LatencyHistogramTests` checks every
/// percentile against hdrhistogram-swift on random samples.
public struct LatencyHistogram: Sendable, Equatable {
    /// log2 of the sub-buckets per bucket: 2048 covers 2 × 10^3, three significant digits.
    static let subBucketCountMagnitude = 11
    static let subBucketHalfCountMagnitude = subBucketCountMagnitude - 1
    static let subBucketCount = 1 << subBucketCountMagnitude
    static let subBucketHalfCount = subBucketCount / 2
    static let subBucketMask = UInt64(subBucketCount - 1)
    static let leadingZeroCountBase = 64 - subBucketCountMagnitude

    private var counts: [UInt64] = []
    /// How many values were recorded.
    public private(set) var totalCount: UInt64 = 0
    /// The largest value recorded, exactly.
    public private(set) var maxRecorded: UInt64 = 0

    /// An empty histogram.
    public init() {}

    /// Adds `value`.
    public mutating func record(_ value: UInt64) {
        let index = Self.countsIndex(value)
        if index >= counts.count { counts += [UInt64](repeating: 0, count: index + 1 - counts.count) }
        counts[index] += 1
        totalCount += 1
        maxRecorded = max(maxRecorded, value)
    }

    /// The largest value that `percentile` % of the recorded values are at or below (to the
    /// histogram's resolution, never past the largest recorded); 0 when empty.
    public func value(atPercentile percentile: Double) -> UInt64 {
        guard totalCount > 0 else { return 0 }
        guard percentile < 100 else { return maxRecorded }
        // One ulp less, so rounding up cannot overrun into the next bucket (as HdrHistogram does).
        let requested = min(max(percentile.nextDown, 0), 100)
        let target = max(1, UInt64((requested * Double(totalCount) / 100).rounded(.up)))
        var seen: UInt64 = 0
        for (index, count) in counts.enumerated() {
            seen += count
            if seen >= target { return min(Self.highestEquivalent(Self.value(at: index)), maxRecorded) }
        }
        return maxRecorded
    }

    static func countsIndex(_ value: UInt64) -> Int {
        let bucket = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
        let subBucket = Int(value >> UInt64(bucket))
        return ((bucket + 1) << subBucketHalfCountMagnitude) + (subBucket - subBucketHalfCount)
    }

    static func value(at index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// The largest value counted together with `value`.
    static func highestEquivalent(_ value: UInt64) -> UInt64 {
        let bucket = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
        let subBucket = Int(value >> UInt64(bucket))
        let lowest = UInt64(subBucket) << UInt64(bucket)
        let size = UInt64(1) << UInt64(subBucket >= subBucketCount ? bucket + 1 : bucket)
        return lowest + size - 1
    }
}

/// Response times in a `LatencyHistogram`, in microseconds.
public struct HDRLatencyRecorder: LatencyRecorder {
    private var histogram = LatencyHistogram()

    /// An empty recorder.
    public init() {}

    /// Adds one time; below a microsecond (or not a number) counts as one.
    public mutating func record(milliseconds: Double) {
        let microseconds = milliseconds * 1000
        histogram.record(microseconds.isFinite && microseconds >= 1 ? UInt64(min(microseconds, 1e15).rounded()) : 1)
    }

    /// The percentiles `LatencySummary` keeps, in milliseconds; `max` is the largest recorded.
    public func summary() -> LatencySummary {
        LatencySummary(
            count: Int(histogram.totalCount),
            values: LatencySummary.percentiles.map { Double(histogram.value(atPercentile: $0)) / 1000 })
    }

    /// The maker `CheckRunner` takes.
    public static let maker: LatencyRecorderMaker = { HDRLatencyRecorder() }
}
