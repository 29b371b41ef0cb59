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
    }

    /// Runs `routes` `passes` times in order. `report` sees each route's result as soon as it
    /// is known. Cancelling the task skips the routes not yet sent.
    public func run(
        _ routes: [Route], passes: Int = 1, send: Send, report: @Sendable (RouteRun) async -> Void = { _ in }
    ) async -> EnvironmentRun {
        let clock = ContinuousClock()
        let started = clock.now
        let context = builder.context(environment: environment, input: input)
        var result = EnvironmentRun(
            environment: environment.name,
            baseURL: (try? Template.render(environment.baseURL, in: context)) ?? environment.baseURL,
            workspace: builder.workspace.file,
            secretValues: builder.secretValues(environment: environment, context: context))
        var captured = Captures(values: self.captured)
        var stopped: String?
        for pass in 1...max(passes, 1) {
            for route in routes {
                let outcome: RouteRun
                if let reason = stopped ?? (Task.isCancelled ? "cancelled" : nil) {
                    outcome = skipped(route, reason, pass: pass)
                } else {
                    outcome = await run(route, pass: pass, captured: &captured, send: send)
                    result.secretValues = Array(
                        Set(result.secretValues).union(outcome.exchange?.origin.secretValues ?? []))
                    switch outcome.outcome {
                    case .failed, .error: if bail { stopped = "not run: an earlier route failed (--bail)" }
                    case .passed, .skipped: break
                    }
                }
                result.routes.append(outcome)
                await report(outcome)
            }
        }
        result.secretValues.sort()
        result.duration = (clock.now - started).inSeconds
        return result
    }

    /// One route: build with the values captured so far, send, check, capture.
    private func run(_ route: Route, pass: Int, captured: inout Captures, send: Send) async -> RouteRun {
        let names = Self.checkNames(route)
        // Whatever happens below, a capture this route does not make is missed by later routes.
        captured.expect(route)
        if environment.isProtected && !route.method.isSafe && !confirmed {
            return skipped(route, "protected: not sent", pass: pass)
        }
        var prepared: PreparedRequest
        do {
            prepared = try builder.build(
                route: route, environment: environment, input: input, captured: captured.values)
            prepared.options.protectedGuard.confirmed = confirmed
        } catch {
            switch error {
            case .missingPathParameter(let name, _):
                return skipped(route, "path parameter :\(name) has no value", pass: pass)
            case .unknownVariable(let name, _), .capturedVariable(let name, _):
                if let source = captured.missedBy[name] {
                    return skipped(route, "needs {{\(name)}}, which \(source) did not capture", pass: pass)
                }
                return failed(route, url: route.path, names, error.description, pass: pass)
            default:
                return failed(route, url: route.path, names, error.description, pass: pass)
            }
        }
        let url = prepared.origin.masking(prepared.request.url)
        let exchange: Exchange
        do {
            exchange = try await send(prepared)
        } catch {
            return failed(route, url: url, names, prepared.origin.masking(error.description), pass: pass)
        }
        for (name, value) in exchange.captured { captured.set(name, value) }
        let results = exchange.checks
        let passed = results.allSatisfy(\.passed)
        return RouteRun(
            route: route.name, method: route.method, url: url, outcome: passed ? .passed : .failed,
            checks: exchange.checks, exchange: exchange, pass: pass)
    }

    private func skipped(_ route: Route, _ reason: String, pass: Int) -> RouteRun {
        RouteRun(
            route: route.name, method: route.method, url: route.path, outcome: .skipped(reason),
            checks: Self.checkNames(route).map { CheckResult(check: $0, passed: false, message: reason) }, pass: pass)
    }

    private func failed(_ route: Route, url: String, _ names: [String], _ reason: String, pass: Int) -> RouteRun {
        RouteRun(
            route: route.name, method: route.method, url: url, outcome: .error(reason),
            checks: names.map { CheckResult(check: $0, passed: false, message: reason) }, pass: pass)
    }

    /// Values captured so far, and which route should have captured each name that is missing,
    /// so a route that needs it is skipped with that reason instead of failing on an unknown
    /// variable.
    struct Captures {
        var values: [String: String] = [:]
        var missedBy: [String: String] = [:]

        mutating func expect(_ route: Route) {
            for capture in route.captures where values[capture.name] == nil { missedBy[capture.name] = route.name }
        }

        mutating func set(_ name: String, _ value: String) {
            values[name] = value
            missedBy[name] = nil
        }
    }
}
