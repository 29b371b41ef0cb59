/// The authentication the engine performs itself, its fields resolved (basic and bearer are
/// plain headers by then and need nothing from the engine).
public enum ResolvedAuth: Sendable, Equatable, Hashable {
    /// Answer a `WWW-Authenticate: Digest` challenge with these credentials.
    case digest(username: String, password: String)
    /// Send an OAuth2 access token obtained with these settings.
    case oauth2(OAuth2Spec)
}
