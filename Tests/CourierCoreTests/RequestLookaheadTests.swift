import Testing

@testable import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One job's next request built while the one before it is in flight (`CheckRunner.idle`):
/// used only when built from what its turn would build it from, and never asking for an
/// outside value early.
@Suite("Request lookahead")
struct RequestLookaheadTests {
    /// Work handed to `idle`, run when the test says (as the loop runs it once the task waits).
    final class Spare: Sendable {
        let waiting = Locked<[@Sendable () -> Void]>([])
        let handed = Locked(0)

        var idle: @Sendable (@escaping @Sendable () -> Void) -> Void {
            { work in
                self.handed.withLock { $0 += 1 }
                self.waiting.withLock { $0.append(work) }
            }
        }

        func runAll() {
            for work in waiting.withLock({ waiting in
                defer { waiting = [] }
                return waiting
            }) { work() }
        }
    }

    /// A source whose secrets can grow, as a prompt of another environment's run makes one.
    final class GrowingSource: SendValueSource, @unchecked Sendable {
        var made: [String] = []
        private(set) var asked = 0
        func value(for need: SendNeed) throws(RequestError) -> String? {
            asked += 1
            return "typed"
        }
        var secretValues: [String] { made }
    }

    static func lookahead(_ routes: String, source: (any SendValueSource)? = nil) throws -> (
        RequestLookahead, Spare
    ) {
        let workspace = try RunScheduleTests.workspace(routes)
        var builder = RequestBuilder(workspace: workspace, processEnvironment: [:])
        builder.valueSource = source.map(SendValueSourceBox.init)
        let spare = Spare()
        let lookahead = RequestLookahead(
            builder: builder, routes: workspace.routes, environment: workspace.environments[0],
            input: RequestInput(), idle: spare.idle)
        return (lookahead, spare)
    }

    @Test("a request built ahead is taken once, for its route, pass and captured values only")
    func takenWhenUnchanged() throws {
        let (lookahead, spare) = try Self.lookahead(#"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b/{{id}}"}"#)
        let mismatches: [(Int, Int, [String: String])] = [
            (0, 1, ["id": "7"]), (1, 2, ["id": "7"]), (1, 1, ["id": "8"]),
        ]
        for (index, pass, captured) in mismatches {
            lookahead.build(index: 1, pass: 1, captured: ["id": "7"])
            spare.runAll()
            #expect(lookahead.take(index: index, pass: pass, captured: captured) == nil)
        }
        lookahead.build(index: 1, pass: 1, captured: ["id": "7"])
        // Not yet run: nothing to take, and the late result is dropped at the next take.
        #expect(lookahead.take(index: 1, pass: 1, captured: ["id": "7"]) == nil)
        spare.runAll()
        lookahead.build(index: 1, pass: 1, captured: ["id": "7"])
        spare.runAll()
        #expect(lookahead.take(index: 1, pass: 1, captured: ["id": "7"])?.request.url == "http://qa.test/b/7")
        #expect(lookahead.take(index: 1, pass: 1, captured: ["id": "7"]) == nil)
    }

    @Test("an outside value is never asked for ahead, and a secret made since the build drops it")
    func outsideValues() throws {
        let source = GrowingSource()
        let (lookahead, spare) = try Self.lookahead(
            #"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b", "headers": {"X-Who": "{{$prompt \"who\"}}"}},"#
                + #"{"name": "c", "path": "/c"}"#, source: source)
        lookahead.build(index: 1, pass: 1, captured: [:])
        spare.runAll()
        #expect(lookahead.take(index: 1, pass: 1, captured: [:]) == nil)
        #expect(source.asked == 0)
        lookahead.build(index: 2, pass: 1, captured: [:])
        spare.runAll()
        // Its checks are evaluated with the run's own source.
        let taken = lookahead.take(index: 2, pass: 1, captured: [:])
        #expect(taken?.checkPlan?.context.source == SendValueSourceBox(source))
        lookahead.build(index: 2, pass: 1, captured: [:])
        spare.runAll()
        source.made.append("s3cr3t-made-by-a-prompt")
        #expect(lookahead.take(index: 2, pass: 1, captured: [:]) == nil)
    }

    @Test("a request built ahead goes stale after the freshness window")
    func stale() async throws {
        let (lookahead, spare) = try Self.lookahead(#"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b"}"#)
        lookahead.build(index: 1, pass: 1, captured: [:])
        spare.runAll()
        try await Task.sleep(for: RequestLookahead.freshness * 2)
        #expect(lookahead.take(index: 1, pass: 1, captured: [:]) == nil)
    }

    /// A run with the work handed to `idle` run while each request is in flight.
    static func run(_ routes: String, sleep: Duration = .zero) async throws -> (EnvironmentRun, Spare, [Double]) {
        let workspace = try RunScheduleTests.workspace(routes)
        let spare = Spare()
        let answered = Locked<[Double]>([])
        var runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0])
        runner.idle = spare.idle
        let run = await runner.run(workspace.routes) { (prepared) async throws(TransportError) in
            spare.runAll()
            try? await Task.sleep(for: sleep)
            answered.withLock { $0.append(Date().timeIntervalSince1970) }
            let url = prepared.request.url
            return CheckRunnerJobsTests.answer(prepared, url.hasSuffix("/login") ? #"{"token": "t-1"}"# : "{}")
        }
        return (run, spare, answered.withLock { $0 })
    }

    @Test("a run hands each route after one that captures nothing to idle, and sends what it would have built")
    func run() async throws {
        let (run, spare, _) = try await Self.run(
            #"{"name": "a", "path": "/a"}, {"name": "login", "path": "/login", "capture": {"token": "json token"}},"#
                + #"{"name": "me", "path": "/me", "headers": {"X-Token": "{{token}}"}}, {"name": "d", "path": "/d"}"#)
        // login after a, d after me; not me, after login, which captures.
        #expect(spare.handed.withLock { $0 } == 2)
        #expect(
            run.routes.map { $0.exchange?.request.url } == ["a", "login", "me", "d"].map { "http://qa.test/\($0)" })
        #expect(run.routes[2].exchange?.request.headers.first { $0.name == "X-Token" }?.value == "t-1")
        #expect(run.routes.allSatisfy { $0.outcome == .passed })
    }

    @Test("after a slow answer the next route is built in its turn: its {{$now}} is not older than that answer")
    func slowAnswer() async throws {
        let (run, _, answered) = try await Self.run(
            #"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b", "headers": {"X-At": "{{$now unix_ms}}"}}"#,
            sleep: .milliseconds(40))
        let at = run.routes[1].exchange?.request.headers.first { $0.name == "X-At" }.flatMap { Double($0.value) }
        #expect(try #require(at) / 1000 >= answered[0] - 0.002)
    }
}

/// One job's answers settled while the next request is in flight (`CheckRunner.settleLater`).
@Suite("Settling later")
struct SettleLaterTests {
    /// What happened, in order: `send /a`, `settle /a`.
    final class Log: Sendable {
        let lines = Locked<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func run(_ routes: String, bail: Bool = false, environment: String = #"{"base_url": "http://qa.test"}"#)
        async throws -> (EnvironmentRun, [String])
    {
        let workspace = try RunScheduleTests.workspace(routes, environment: environment)
        let spare = RequestLookaheadTests.Spare()
        let log = Log()
        var runner = CheckRunner(
            builder: RequestBuilder(workspace: workspace, processEnvironment: [:]),
            environment: workspace.environments[0], bail: bail)
        runner.idle = spare.idle
        let answer = { @Sendable (prepared: PreparedRequest) -> Exchange in
            let path = String(prepared.request.url.dropFirst("http://qa.test".count))
            let response = HTTPResponse(
                status: path == "/bad" ? 500 : 200, reason: "", headers: [], body: Array(#"{"token": "t-1"}"#.utf8))
            return Exchange(request: prepared.request, response: response, origin: prepared.origin)
        }
        runner.settleLater = SettleLater(
            applies: { _ in true },
            send: { (prepared) async throws(TransportError) in
                log.add("send " + prepared.request.url.dropFirst("http://qa.test".count))
                // The loop runs what was handed to it once the request is written.
                spare.runAll()
                return answer(prepared)
            },
            settle: { exchange, prepared in
                log.add("settle " + prepared.request.url.dropFirst("http://qa.test".count))
                var exchange = exchange
                prepared.checkPlan?.apply(to: &exchange)
                return exchange
            })
        let run = await runner.run(workspace.routes) { (prepared) async throws(TransportError) in
            log.add("send+settle " + prepared.request.url.dropFirst("http://qa.test".count))
            spare.runAll()
            var exchange = answer(prepared)
            prepared.checkPlan?.apply(to: &exchange)
            return exchange
        }
        return (run, log.all)
    }

    @Test("each answer is settled once, while the next request is in flight; the last when nothing follows")
    func overlapped() async throws {
        let (run, log) = try await Self.run(
            #"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b"}, {"name": "c", "path": "/bad"}"#)
        // /bad, the last, is sent as it always is (nothing would overlap); /b is settled while it
        // is in flight.
        #expect(log == ["send /a", "send /b", "settle /a", "send+settle /bad", "settle /b"])
        #expect(run.routes.map(\.outcome) == [.passed, .passed, .failed])
        #expect(run.routes.map(\.route) == ["a", "b", "c"])
    }

    @Test("a route that captures, or that the next one waits for, is settled before the next one goes")
    func dependencies() async throws {
        let (run, log) = try await Self.run(
            #"{"name": "login", "path": "/login", "capture": {"token": "json token"}},"#
                + #"{"name": "me", "path": "/me", "headers": {"X-Token": "{{token}}"}},"#
                + #"{"name": "write", "method": "POST", "path": "/write"}, {"name": "after", "path": "/after"}"#)
        #expect(log == ["send+settle /login", "send+settle /me", "send+settle /write", "send+settle /after"])
        #expect(run.routes[1].exchange?.request.headers.first { $0.name == "X-Token" }?.value == "t-1")
    }

    @Test("with --bail a failed route stops the next one: nothing is sent before it is settled")
    func bail() async throws {
        let (run, log) = try await Self.run(
            #"{"name": "c", "path": "/bad"}, {"name": "a", "path": "/a"}"#, bail: true)
        #expect(log == ["send+settle /bad"])
        #expect(run.routes[1].outcome == .skipped("not run: an earlier route failed (--bail)"))
    }
}
