/// What Courier remembers between runs for one workspace file: the active environment,
/// the language and the values typed into each route's form.
public struct SessionState: Sendable, Equatable {
    /// Name of the active environment.
    public var environment: String?
    /// Chosen `Accept-Language`.
    public var language: String?
    /// Typed values per route name, per field key.
    public var fields: [String: [String: String]]
    /// Cells the left column is wider (negative: narrower) than the screen's own choice, and
    /// rows the Request pane is taller.
    public var leftColumn = 0
    public var requestRows = 0

    /// A state; everything defaults to "nothing remembered".
    public init(environment: String? = nil, language: String? = nil, fields: [String: [String: String]] = [:]) {
        self.environment = environment
        self.language = language
        self.fields = fields
    }
}
