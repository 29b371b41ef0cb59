/// One parsed check, `QUERY [count] [not] PREDICATE [VALUE]`, e.g. `json roles count >= 1`.
/// Parsed once when the workspace loads (`CheckParser`), evaluated after every response
/// (`CheckEvaluator`).
public struct Check: Sendable, Equatable, CustomStringConvertible {
    /// The line as written in the workspace; names the check in every report.
    public var source: String
    /// What is read from the exchange.
    public var query: CheckQuery
    /// `count`: compare the length of an array, object or string instead of the value.
    public var count: Bool
    /// `not`: the predicate must not hold.
    public var negated: Bool
    /// The comparison.
    public var predicate: CheckPredicate
    /// The expected value; its strings may hold `{{name}}` templates, resolved at evaluation.
    public var value: JSONValue?

    /// A check; `source` is rebuilt from the parts when not given.
    public init(
        query: CheckQuery, count: Bool = false, negated: Bool = false, predicate: CheckPredicate,
        value: JSONValue? = nil, source: String? = nil
    ) {
        self.query = query
        self.count = count
        self.negated = negated
        self.predicate = predicate
        self.value = value
        self.source =
            source
            ?? ([
                query.description, count ? "count" : nil, negated ? "not" : nil, predicate.rawValue, value?.serialized,
            ]
            .compactMap { $0 }.joined(separator: " "))
    }

    /// The check as written.
    public var description: String { source }

    /// The implicit check of a route without `checks`: the status is below 400.
    public static let implicitStatus = Check(
        query: .status, predicate: .less, value: .number("400"), source: "status < 400")
    /// The implicit check of a WebSocket route: the server accepted the upgrade.
    public static let implicitUpgrade = Check(
        query: .status, predicate: .equal, value: .number("101"), source: "status == 101")
}
