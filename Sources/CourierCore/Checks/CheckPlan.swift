/// A route's checks and captures with the template scopes its request was built in: what
/// runs on the exchange once the response is complete. `RequestBuilder` attaches one to every
/// request, so the screen, `courier call` and check runs evaluate a response the same way.
public struct CheckPlan: Sendable, Equatable {
    /// The route's checks; `nil` runs the implicit check.
    public var checks: [Check]?
    /// The route's captures.
    public var captures: [Capture]
    /// Resolves templates in expected values.
    public var context: TemplateContext
    /// Names whose captured values are secret (the environment's `secrets`).
    public var secretNames: Set<String>
    /// The OpenAPI operation (`DOCUMENT#OPERATION`) whose contract the response is held to;
    /// the pipeline, which reads documents, runs that check.
    public var operation: String?
    /// The request was GraphQL (the implicit check holds its answer to have no `errors`).
    public var graphQL = false
    /// The request upgrades to a WebSocket (the implicit check holds the upgrade to be accepted).
    public var webSocket = false

    /// A plan.
    public init(checks: [Check]?, captures: [Capture] = [], context: TemplateContext, secretNames: Set<String> = []) {
        self.checks = checks
        self.captures = captures
        self.context = context
        self.secretNames = secretNames
    }

    /// Runs the checks and captures on `exchange`: fills `checks` (then one result per capture)
    /// and `captured`, adds captured secrets to the values masked, and masks every result.
    ///
    /// `bodyIsJSON: true` says the caller already found the body to be one valid JSON document
    /// (the screen prints it before the checks run), so it is not walked a second time.
    public func apply(to exchange: inout Exchange, bodyIsJSON: Bool = false) {
        var evaluator = CheckEvaluator(response: exchange.response, context: context, bodyIsJSON: bodyIsJSON)
        evaluator.graphQL = graphQL
        evaluator.webSocket = webSocket
        var results = evaluator.evaluate(checks)
        for capture in captures {
            let (value, result) = evaluator.capture(capture)
            results.append(result)
            guard let value else { continue }
            exchange.captured[capture.name] = value
            if secretNames.contains(capture.name), !value.isEmpty { exchange.origin.secretValues.append(value) }
        }
        // One set for all the results: making it (every form of every secret) costs more than
        // masking a line with it.
        let secrets = SecretSet.of(exchange.origin.secretValues)
        guard !secrets.isEmpty else {
            exchange.checks = results
            return
        }
        exchange.checks = results.map { result in
            var masked = result
            masked.message = result.message.map(secrets.mask)
            masked.expected = result.expected.map(secrets.mask)
            masked.actual = result.actual.map(secrets.mask)
            return masked
        }
    }
}
