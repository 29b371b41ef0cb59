/// Where a redirect would have carried a mutating request: a URL in a protected environment.
public struct ProtectedRedirect: Sendable, Equatable {
    /// The hop's URL.
    public var url: String
    /// The protected environment it belongs to.
    public var environment: String

    /// A redirect note.
    public init(url: String, environment: String) {
        self.url = url
        self.environment = environment
    }
}
