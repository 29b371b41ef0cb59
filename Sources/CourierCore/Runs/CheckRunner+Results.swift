/// A route's result when it was not sent, or failed, and what carries between routes.
extension CheckRunner {
    /// Over repeats, a `duration p95` check is evaluated on the last pass with `latency`, and
    /// left out of the passes before it (`latency` nil).
    func percentiles(_ route: Route, in exchange: inout Exchange, latency: LatencySummary?, plan: CheckPlan?) {
        guard let checks = route.checks, checks.count <= exchange.checks.count else { return }
        var evaluator = CheckEvaluator(response: exchange.response, context: plan?.context ?? TemplateContext())
        evaluator.latency = latency
        var results: [CheckResult] = []
        for (index, result) in exchange.checks.enumerated() {
            guard index < checks.count, case .durationPercentile = checks[index].query else {
                results.append(result)
                continue
            }
            if latency != nil {
                let secrets = SecretSet.of(exchange.origin.secretValues)
                var evaluated = evaluator.evaluate(checks[index])
                evaluated.message = evaluated.message.map { secrets.mask($0) }
                results.append(evaluated)
            }
        }
        exchange.checks = results
    }

    func skipped(_ route: Route, _ reason: String, pass: Int) -> RouteRun {
        RouteRun(
            route: route.name, method: route.method, url: route.path, outcome: .skipped(reason),
            checks: Self.checkNames(route).map { CheckResult(check: $0, passed: false, message: reason) }, pass: pass)
    }

    func failed(_ route: Route, url: String, _ names: [String], _ reason: String, pass: Int) -> RouteRun {
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
