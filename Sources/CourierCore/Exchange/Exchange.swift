/// One request and its response, with where it came from and what its checks found.
///
/// Lifecycle (as in Slumber's Recipe → Ticket → Exchange): `Route` + `Environment` + input
/// → `RequestBuilder` → `PreparedRequest` → the HTTP engine → `Exchange`. The exchange is the
/// one value the response view, the command line's printer, history, checks, diff and every
/// export consume.
public struct Exchange: Sendable, Equatable {
    /// The request as it was first sent (redirect hops are the engine's business).
    public var request: HTTPRequest
    /// The final response.
    public var response: HTTPResponse
    /// Workspace, environment, route and the secret values to mask.
    public var origin: ExchangeOrigin
    /// Results of the route's checks, in the order they are written, then one per capture.
    public var checks: [CheckResult]
    /// Values the route's captures kept from the response, by variable name.
    public var captured: [String: String] = [:]

    /// Checks that passed and checks run, e.g. `(3, 4)`; nil when none ran.
    public var checkTally: CheckTally? {
        checks.isEmpty ? nil : CheckTally(passed: checks.filter(\.passed).count, total: checks.count)
    }

    /// An exchange.
    public init(request: HTTPRequest, response: HTTPResponse, origin: ExchangeOrigin, checks: [CheckResult] = []) {
        self.request = request
        self.response = response
        self.origin = origin
        self.checks = checks
    }
}
