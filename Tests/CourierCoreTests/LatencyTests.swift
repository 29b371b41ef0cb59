import Testing

@testable import CourierCore

/// `--repeat N`: a warm-up left out, each route's times summarised, `duration p95` checks
/// evaluated once over all the repeats, and the comparison's slower flag.
@Suite("Latency over repeats")
struct LatencyTests {
    /// Exact percentiles from a sorted list: the stand-in for the HDR histogram.
    struct ExactRecorder: LatencyRecorder {
        var times: [Double] = []
        mutating func record(milliseconds: Double) { times.append(milliseconds) }
        func summary() -> LatencySummary {
            let sorted = times.sorted()
            return LatencySummary(
                count: sorted.count,
                values: LatencySummary.percentiles.map { percentile in
                    sorted.isEmpty
                        ? 0
                        : sorted[min(sorted.count - 1, Int((percentile / 100 * Double(sorted.count)).rounded(.up)) - 1)]
                })
        }
    }

    static let parsed: [(String, CheckQuery)] = [
        ("duration p95 < 300", .durationPercentile(95)), ("duration max <= 10", .durationPercentile(100)),
        ("duration p99.9 < 5", .durationPercentile(99.9)), ("duration < 5", .duration),
        ("duration p50 > 1", .durationPercentile(50)),
    ]

    @Test("duration takes a percentile", arguments: parsed)
    func parse(_ line: String, query: CheckQuery) throws {
        #expect(try CheckParser.check(line).query == query)
        #expect(
            try CheckParser.check(line).query.description
                == line.split(separator: " ").prefix(line.contains(" p") || line.contains("max") ? 2 : 1).joined(
                    separator: " "))
    }

    @Test("a percentile a summary does not keep is refused by name, with its column")
    func refused() {
        #expect(throws: CheckSyntaxError(column: 10, "duration takes p50, p75, p90, p95, p99, p99.9 or max, not 'p42'"))
        {
            try CheckParser.check("duration p42 < 1")
        }
    }

    @Test("four passes after a warm-up: the warm-up is not counted; p50 holds, max fails, both on the last pass only")
    func repeats() async throws {
        let workspace = try RunScheduleTests.workspace(
            #"{"name": "r", "path": "/r", "checks": ["status == 200", "duration p50 < 100", "duration max < 100"]}"#)
        // The warm-up takes 900 ms, then 10, 20, 30 and 400 ms.
        let times = Locked<[Double]>([0.9, 0.010, 0.020, 0.030, 0.400])
        var runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0])
        runner.latencyRecorder = { ExactRecorder() }
        let run = await runner.run(workspace.routes, passes: 4, warmUp: true) {
            (prepared) async throws(TransportError) in
            let time = times.withLock { $0.removeFirst() }
            return CheckRunnerJobsTests.answer(prepared, "{}", seconds: time)
        }
        #expect(run.routes.map(\.pass) == [1, 2, 3, 4])
        #expect(run.latency["r"] == ExactRecorder(times: [10, 20, 30, 400]).summary())
        for route in run.routes.dropLast() {
            #expect(route.checks.map(\.check) == ["status == 200"])
            #expect(route.outcome == .passed)
        }
        let last = try #require(run.routes.last)
        #expect(last.checks.map(\.check) == ["status == 200", "duration p50 < 100", "duration max < 100"])
        #expect(last.checks.map(\.passed) == [true, true, false])
        #expect(last.checks[2].actual == "400")
        #expect(last.outcome == .failed)
        #expect(
            LatencyTable().lines(run) == [
                "qa: latency over 4 runs (ms)        p50      p95      p99      max",
                "r                                  20.0      400      400      400",
            ])
    }

    @Test("the warm-up sends the reads only: a write goes out as many times as --repeat says")
    func warmUpReads() async throws {
        let workspace = try RunScheduleTests.workspace(
            #"{"name": "r", "path": "/r"}, {"name": "w", "method": "POST", "path": "/w"}"#)
        let sent = Locked<[String]>([])
        var runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0])
        runner.latencyRecorder = { ExactRecorder() }
        let run = await runner.run(workspace.routes, passes: 2, warmUp: true) {
            (prepared) async throws(TransportError) in
            sent.withLock { $0.append("\(prepared.request.method) \(prepared.request.url)") }
            return CheckRunnerJobsTests.answer(prepared, "{}")
        }
        #expect(
            sent.withLock { $0 } == [
                "GET http://qa.test/r", "GET http://qa.test/r", "POST http://qa.test/w", "GET http://qa.test/r",
                "POST http://qa.test/w",
            ])
        #expect(run.latency["r"]?.count == 2 && run.latency["w"]?.count == 2)
    }

    static let slower: [(Double, Double, Double, Bool)] = [
        (10, 13, 20, false),  // 30 % more but 3 ms: jitter
        (10, 16, 20, true),  // 60 % and 6 ms
        (100, 115, 20, false),  // 15 %
        (100, 125, 20, true),
        (100, 125, 30, false),  // under a 30 % threshold
        (50, 40, 20, false),  // faster
    ]

    @Test("slower: p95 grew by more than the threshold and by 5 ms", arguments: slower)
    func flag(_ before: Double, _ after: Double, _ percent: Double, _ expected: Bool) {
        func summary(_ p95: Double) -> LatencySummary {
            LatencySummary(count: 10, values: [p95, p95, p95, p95, p95, p95, p95])
        }
        #expect(RouteComparison.isSlower(summary(before), summary(after), percent: percent) == expected)
    }
}
