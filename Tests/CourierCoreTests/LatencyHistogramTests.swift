import CourierCore
import Histogram
import Testing

/// The HDR histogram behind `--repeat`, against hdrhistogram-swift as the peer: the same
/// percentile for every sample set, exact max.
@Suite("Latency histogram")
struct LatencyHistogramTests {
    static let shapes: [(String, ClosedRange<UInt64>, Int)] = [
        ("loopback: 200 µs to 3 ms", 200...3_000, 1_000), ("exact region only", 1...2_047, 500),
        ("a service: 5 to 900 ms", 5_000...900_000, 2_000), ("a few slow ones", 1...60_000_000, 37),
        ("one value", 12_345...12_345, 1),
    ]

    @Test("every percentile equals hdrhistogram-swift's", arguments: shapes)
    func peer(_ title: String, _ range: ClosedRange<UInt64>, _ count: Int) {
        var random = SplitMix(seed: UInt64(count) &* 7919)
        var ours = LatencyHistogram()
        var theirs = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        for _ in 0..<count {
            let value = UInt64.random(in: range, using: &random)
            ours.record(value)
            theirs.record(value)
        }
        for percentile in [0.1, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99] {
            #expect(
                ours.value(atPercentile: percentile) == theirs.valueAtPercentile(percentile), "\(title) p\(percentile)")
        }
        #expect(ours.value(atPercentile: 100) == theirs.maxRecorded)
        #expect(ours.totalCount == theirs.totalCount)
    }

    @Test("1 to 1000 ms: p50 500, p95 950, p99 990 within 0.1 %, max 1000, count 1000")
    func percentiles() {
        var recorder = HDRLatencyRecorder()
        for value in (1...1000).reversed() { recorder.record(milliseconds: Double(value)) }
        let summary = recorder.summary()
        #expect(summary.count == 1000)
        for (value, expected) in [(summary.p50, 500.0), (summary.p95, 950), (summary.p99, 990), (summary.max, 1000)] {
            #expect(abs(value - expected) <= expected / 1000, "\(value) for \(expected)")
        }
    }

    @Test("sub-millisecond times keep their microseconds; nothing below one, nor a NaN, breaks it")
    func small() {
        var recorder = HDRLatencyRecorder()
        for value in [0.25, 0.5, 0.0, -1, .nan, .infinity] { recorder.record(milliseconds: value) }
        let summary = recorder.summary()
        #expect(summary.count == 6)
        #expect(summary.max == 0.5)
        #expect(HDRLatencyRecorder().summary().count == 0)
    }
}
