/// A value kept from a response for later requests: `"token": "json access_token"`.
/// Strings are kept unquoted, other JSON as its text.
public struct Capture: Sendable, Equatable {
    /// The variable it sets.
    public var name: String
    /// What it reads.
    public var query: CheckQuery
    /// `count`: keep the length instead of the value.
    public var count: Bool
    /// The query as written.
    public var source: String

    /// A capture of `query` into `name`.
    public init(name: String, query: CheckQuery, count: Bool = false, source: String? = nil) {
        self.name = name
        self.query = query
        self.count = count
        self.source = source ?? (query.description + (count ? " count" : ""))
    }
}
