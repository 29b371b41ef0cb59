/// Runs selected routes against one environment, in order, carrying captured values from each
/// response into the requests after it (DESIGN.md §6). The network is a function it is given,
/// so the same runner serves `courier check`, the screen's run view and the tests.
public struct CheckRunner: Sendable {
    /// Sends one request and runs its route's checks and captures on the answer (as
    /// `SendPipeline.send` does); throws when no response came.
    public typealias Send = @Sendable (PreparedRequest) async throws(TransportError) -> Exchange

    /// Builds each request.
    public var builder: RequestBuilder
    /// Where the requests go.
    public var environment: Environment
    /// `--var` values and other settings given for the whole run.
    public var input: RequestInput
    /// `--yes`: mutating routes are sent to a protected environment.
    public var confirmed: Bool
    /// `--bail`: stop after the first route that fails or cannot be completed.
    public var bail: Bool
    /// Values captured before the run (the screen's session), which the run's own captures replace.
    public var captured: [String: String]
    /// Makes the recorder of each route's times over the repeats; nil records none.
    public var latencyRecorder: LatencyRecorderMaker?
    /// `--retry-until`: failing routes sent again until they pass; nil sends each once.
    public var readiness: Readiness?
    /// Runs work on the thread that sends once it next waits for the network (the engine's
    /// loop, `HTTPEngine.whenWaiting`): with one job, each route's request is then built while
    /// the one before it is in flight (`RequestLookahead`). Nil builds each in its turn.
    public var idle: (@Sendable (@escaping @Sendable () -> Void) -> Void)?
    /// With `idle` and one job, a route that captures nothing and that the next one does not
    /// wait for is sent unsettled, and its answer settled while the next request is in flight
    /// (not with `--bail` or `readiness`, which decide on it before the next one goes).
    public var settleLater: SettleLater?

    /// A runner.
    public init(
        builder: RequestBuilder, environment: Environment, input: RequestInput = RequestInput(),
        confirmed: Bool = false, bail: Bool = false, captured: [String: String] = [:]
    ) {
        self.captured = captured
        self.builder = builder
        self.environment = environment
        self.input = input
        self.confirmed = confirmed
        self.bail = bail
    }

    /// The names a route's results will carry, known before it is sent (for skipped and failed
    /// routes, and for the run view's rows).
    public static func checkNames(_ route: Route) -> [String] {
        (route.checks?.map(\.source) ?? [Check.implicitStatus.source]) + route.captures.map { "capture \($0.name)" }
            + (route.operation != nil && route.checksContract ? ["contract"] : [])
    }

    /// Runs `routes` `passes` times in order, at most `jobs` requests in flight at once (a
    /// route starts only when the routes `RunSchedule` says it waits for have finished; each
    /// pass starts when the one before it has ended). `report` sees each route's result in the
    /// order of `routes`, as soon as it and every route before it are known. Cancelling the
    /// task skips the routes not yet sent.
    ///
    /// `warmUp` sends the reads (GET, HEAD, OPTIONS) once first (connections opened, caches
    /// warmed) and keeps nothing of it but its captures. With a `latencyRecorder`, each route's times over the
    /// passes are summarised in `latency`, and a `duration p95` check is evaluated on the last
    /// pass over all of them (earlier passes leave it out: one response is no percentile).
    public func run(
        _ routes: [Route], passes: Int = 1, jobs: Int = 1, warmUp: Bool = false, send: @escaping Send,
        report: @Sendable (RouteRun) async -> Void = { _ in }
    ) async -> EnvironmentRun {
        let schedule = RunSchedule(routes: routes, workspace: builder.workspace, environment: environment)
        let passes = max(passes, 1)
        var state = PassState(
            captured: Captures(values: self.captured), lastPass: passes,
            recorders: routes.map { _ in latencyRecorder?() },
            deadline: readiness.map { ContinuousClock.now + .seconds($0.limit) })
        // The warm-up sends the reads only: a write is never repeated beyond what was asked.
        let reads = routes.filter(\.method.isSafe)
        if warmUp && !reads.isEmpty {
            let warm = RunSchedule(routes: reads, workspace: builder.workspace, environment: environment)
            _ = await run(
                reads, schedule: warm, pass: 0, jobs: max(jobs, 1), state: &state, send: send, report: { _ in })
        }
        let clock = ContinuousClock()
        let started = clock.now
        let context = builder.context(environment: environment, input: input)
        var result = EnvironmentRun(
            environment: environment.name,
            baseURL: (try? Template.render(environment.baseURL, in: context)) ?? environment.baseURL,
            workspace: builder.workspace.file,
            secretValues: builder.secretValues(environment: environment, context: context))
        for pass in 1...passes {
            let outcomes = await run(
                routes, schedule: schedule, pass: pass, jobs: max(jobs, 1), state: &state, send: send, report: report)
            for outcome in outcomes {
                result.secretValues = Array(Set(result.secretValues).union(outcome.exchange?.origin.secretValues ?? []))
            }
            result.routes += outcomes
        }
        result.secretValues.sort()
        result.duration = (clock.now - started).inSeconds
        for (route, recorder) in zip(routes, state.recorders) {
            if let summary = recorder?.summary(), summary.count > 0 { result.latency[route.name] = summary }
        }
        return result
    }

    /// What carries from one route, and one pass, to the next.
    struct PassState {
        var captured: Captures
        /// Why the routes not yet started are skipped (`--bail`, cancelled).
        var stopped: String?
        /// The last pass, on which `duration p95` checks are evaluated.
        var lastPass: Int
        /// Each route's times so far (passes from 1; the warm-up is pass 0).
        var recorders: [(any LatencyRecorder)?]
        /// When `readiness` stops sending failing routes again.
        var deadline: ContinuousClock.Instant?
    }

    /// A request that went out, and what came back; the index travels in a struct, not a tuple
    /// (DECISIONS, "A Swift miscompile, worked around by rule").
    struct Sent: Sendable {
        var index: Int
        var prepared: PreparedRequest
        var result: Result<Exchange, TransportError>
        /// Sent by `settleLater`: its answer is not settled yet.
        var unsettled = false
        /// How many times it was sent (`readiness`), and when first.
        var tries = 1
        var first = ContinuousClock.now

        /// Whether the route failed: no answer, or a check or capture that did not hold.
        var failed: Bool {
            switch result {
            case .failure: true
            case .success(let exchange): !exchange.checks.allSatisfy(\.passed)
            }
        }
    }

    /// Sends `sent.prepared` (again, after `delay` seconds, when `sent` is a failed try); a
    /// cancelled wait gives back the try before it.
    private static func attempt(_ sent: Sent, after delay: Double, send: @escaping Send) -> @Sendable () async -> Sent {
        {
            var next = sent
            if delay > 0 {
                do { try await Task.sleep(for: .seconds(delay)) } catch { return sent }
                next.tries += 1
            }
            do throws(TransportError) {
                next.result = .success(try await send(sent.prepared))
            } catch {
                next.result = .failure(error)
            }
            return next
        }
    }

    /// One pass over `routes`. Requests go out through a task group when several may be in
    /// flight; one at a time, each is sent by this task itself: a child task per route cost its
    /// creation and two hand-offs through the executor, about a tenth of a loopback check run's
    /// CPU per request (see `drive`, which both share).
    private func run(
        _ routes: [Route], schedule: RunSchedule, pass: Int, jobs: Int, state: inout PassState, send: @escaping Send,
        report: @Sendable (RouteRun) async -> Void
    ) async -> [RouteRun] {
        guard jobs == 1 else {
            return await withTaskGroup(of: Sent.self) { group in
                await drive(
                    routes, schedule: schedule, pass: pass, jobs: jobs, state: &state, send: send, report: report,
                    start: { group.addTask(operation: $0) }, next: { await group.next() })
            }
        }
        // The one request started waits here until `next` sends it, as a child task would wait
        // for this task to suspend: the routes before it are reported first either way.
        var started: (@Sendable () async -> Sent)?
        let overlap = idle.map {
            Overlap(
                idle: $0,
                lookahead: RequestLookahead(
                    builder: builder, routes: routes, environment: environment, input: input, idle: $0),
                later: bail || readiness != nil ? nil : settleLater)
        }
        return await drive(
            routes, schedule: schedule, pass: pass, jobs: 1, state: &state, send: send, report: report,
            overlap: overlap, start: { started = $0 },
            next: {
                guard let attempt = started else { return nil }
                started = nil
                return await attempt()
            })
    }

    /// One pass over `routes`, starting each request with `start` and waiting for the next one
    /// to end with `next` (nil when none is in flight).
    private func drive(
        _ routes: [Route], schedule: RunSchedule, pass: Int, jobs: Int, state: inout PassState, send: @escaping Send,
        report: @Sendable (RouteRun) async -> Void, overlap: Overlap? = nil,
        start: (@escaping @Sendable () async -> Sent) -> Void, next: () async -> Sent?
    ) async -> [RouteRun] {
        let lookahead = overlap?.lookahead
        var outcomes = [RouteRun?](repeating: nil, count: routes.count)
        var begun = [Bool](repeating: false, count: routes.count)
        var reported = 0
        var running = 0
        // Every route before it has begun: the look for the next one starts here, not at 0
        // (a run of 2,000 routes looked 2 million times).
        var unbegun = 0
        // The answer settled while the request after it is in flight (`settleLater`).
        var behind: (sent: Sent, pending: SettleLater.Pending)?
        while reported < routes.count {
            while unbegun < routes.count && begun[unbegun] { unbegun += 1 }
            var candidate = unbegun
            while running < jobs, candidate < routes.count {
                defer { candidate += 1 }
                guard !begun[candidate], schedule.waits[candidate].allSatisfy({ outcomes[$0] != nil }) else { continue }
                begun[candidate] = true
                let route = routes[candidate]
                if Task.isCancelled && state.stopped == nil { state.stopped = "cancelled" }
                if let reason = state.stopped {
                    outcomes[candidate] = skipped(route, reason, pass: pass)
                    continue
                }
                let ahead = lookahead?.take(index: candidate, pass: pass, captured: state.captured.values)
                switch prepare(route, pass: pass, captured: &state.captured, ahead: ahead) {
                case .finished(let outcome):
                    outcomes[candidate] = outcome
                    if pass > 0 { note(outcome, in: &state) }
                case .send(let prepared):
                    running += 1
                    var first = Sent(index: candidate, prepared: prepared, result: .failure(.other("not sent")))
                    // One job: the next route starts after this one, whose captures are all it
                    // can wait for. When this one captures nothing, the next is built, and this
                    // one's answer settled, while the other is in flight.
                    let nextIsFree = candidate + 1 < routes.count && route.captures.isEmpty
                    if let later = overlap?.later, nextIsFree, !schedule.waits[candidate + 1].contains(candidate),
                        later.applies(prepared)
                    {
                        first.unsettled = true
                        start(Self.attempt(first, after: 0, send: later.send))
                    } else {
                        start(Self.attempt(first, after: 0, send: send))
                    }
                    if let lookahead, nextIsFree,
                        !(environment.isProtected && !routes[candidate + 1].method.isSafe && !confirmed)
                    {
                        lookahead.build(index: candidate + 1, pass: pass, captured: state.captured.values)
                    }
                }
            }
            while reported < routes.count, let outcome = outcomes[reported] {
                await report(outcome)
                reported += 1
            }
            if running == 0, let waiting = behind {
                // Nothing went out after it: settled now.
                behind = nil
                settle(waiting, routes: routes, pass: pass, state: &state, outcomes: &outcomes)
                continue
            }
            guard running > 0, let sent = await next() else { continue }
            if let waiting = behind {
                behind = nil
                settle(waiting, routes: routes, pass: pass, state: &state, outcomes: &outcomes)
            }
            if pass > 0, sent.failed, readiness?.retries(routes[sent.index]) == true,
                let interval = readiness?.interval,
                let deadline = state.deadline, ContinuousClock.now + .seconds(interval) <= deadline,
                !Task.isCancelled
            {
                start(Self.attempt(sent, after: interval, send: send))
                continue
            }
            running -= 1
            if sent.unsettled, case .success(let answer) = sent.result, let overlap, let later = overlap.later {
                let pending = SettleLater.Pending(answer, sent.prepared, settle: later.settle)
                overlap.idle { _ = pending.settled() }
                behind = (sent, pending)
                continue
            }
            let outcome = finish(routes[sent.index], sent, pass: pass, state: &state)
            outcomes[sent.index] = outcome
            if pass > 0 { note(outcome, in: &state) }
        }
        return outcomes.compactMap { $0 }
    }

    /// Finishes the route whose answer waited in `waiting`, settling it if the idle work has not.
    private func settle(
        _ waiting: (sent: Sent, pending: SettleLater.Pending), routes: [Route], pass: Int, state: inout PassState,
        outcomes: inout [RouteRun?]
    ) {
        var sent = waiting.sent
        sent.result = .success(waiting.pending.settled())
        let outcome = finish(routes[sent.index], sent, pass: pass, state: &state)
        outcomes[sent.index] = outcome
        if pass > 0 { note(outcome, in: &state) }
    }

    /// What a one-job run does while each request is in flight.
    struct Overlap {
        var idle: @Sendable (@escaping @Sendable () -> Void) -> Void
        var lookahead: RequestLookahead
        var later: SettleLater?
    }

    /// `--bail` stops the routes not yet started after one fails.
    private func note(_ outcome: RouteRun, in state: inout PassState) {
        switch outcome.outcome {
        case .failed, .error:
            if bail, state.stopped == nil { state.stopped = "not run: an earlier route failed (--bail)" }
        case .passed, .skipped: break
        }
    }

    /// A route's request, or its result when it ends before sending.
    enum Preparation {
        case send(PreparedRequest)
        case finished(RouteRun)
    }

    /// Builds a route's request with the values captured so far (or takes the one built
    /// `ahead` from the same values).
    private func prepare(_ route: Route, pass: Int, captured: inout Captures, ahead: PreparedRequest?) -> Preparation {
        let names = Self.checkNames(route)
        // Whatever happens below, a capture this route does not make is missed by later routes.
        captured.expect(route)
        if environment.isProtected && !route.method.isSafe && !confirmed {
            return .finished(skipped(route, "protected: not sent", pass: pass))
        }
        var prepared: PreparedRequest
        do {
            if let ahead {
                prepared = ahead
            } else {
                prepared = try builder.build(
                    route: route, environment: environment, input: input, captured: captured.values)
            }
            prepared.options.protectedGuard.confirmed = confirmed
            if prepared.needsConfirmation && !confirmed {
                // An absolute URL under a protected environment's base is guarded as it is.
                return .finished(skipped(route, "protected: not sent", pass: pass))
            }
        } catch {
            switch error {
            case .missingPathParameter(let name, _):
                return .finished(skipped(route, "path parameter :\(name) has no value", pass: pass))
            case .unknownVariable(let name, _), .capturedVariable(let name, _):
                if let source = captured.missedBy[name] {
                    return .finished(skipped(route, "needs {{\(name)}}, which \(source) did not capture", pass: pass))
                }
                return .finished(failed(route, url: route.path, names, error.description, pass: pass))
            default:
                return .finished(failed(route, url: route.path, names, error.description, pass: pass))
            }
        }
        return .send(prepared)
    }

    /// A route's result from its response (checked and captured by the sender), or the failure.
    private func finish(_ route: Route, _ sent: Sent, pass: Int, state: inout PassState) -> RouteRun {
        var outcome = outcome(route, sent, pass: pass, state: &state)
        outcome.tries = sent.tries
        if sent.tries > 1 { outcome.waited = (ContinuousClock.now - sent.first).inSeconds }
        return outcome
    }

    private func outcome(_ route: Route, _ sent: Sent, pass: Int, state: inout PassState) -> RouteRun {
        let url = sent.prepared.origin.masking(sent.prepared.request.url)
        switch sent.result {
        case .failure(let error):
            let reason = sent.prepared.origin.masking(error.description)
            return failed(route, url: url, Self.checkNames(route), reason, pass: pass)
        case .success(var exchange):
            for (name, value) in exchange.captured { state.captured.set(name, value) }
            if pass > 0 {
                let index = sent.index
                state.recorders[index]?.record(milliseconds: exchange.response.totalTime * 1000)
                if state.lastPass > 1 {
                    percentiles(
                        route, in: &exchange, latency: pass == state.lastPass ? state.recorders[index]?.summary() : nil,
                        plan: sent.prepared.checkPlan)
                }
            }
            let passed = exchange.checks.allSatisfy(\.passed)
            return RouteRun(
                route: route.name, method: route.method, url: url, outcome: passed ? .passed : .failed,
                checks: exchange.checks, exchange: exchange, pass: pass)
        }
    }
}
