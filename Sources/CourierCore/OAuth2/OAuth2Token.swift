/// An OAuth2 access token as the token endpoint gave it, with when it stops being good.
public struct OAuth2Token: Sendable, Equatable {
    /// The access token (a credential: masked everywhere).
    public var accessToken: String
    /// `Bearer` unless the server said otherwise.
    public var tokenType: String
    /// Seconds since 1970 after which it is not used (nil: until the server refuses it).
    public var expires: Double?

    /// A token.
    public init(accessToken: String, tokenType: String = "Bearer", expires: Double? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expires = expires
    }

    /// Whether it may still be sent at `now`: a margin of 10 s, so it does not expire on the way.
    public func isUsable(at now: Double) -> Bool { expires.map { $0 - 10 > now } ?? true }

    /// The `Authorization` value: `Bearer TOKEN` (the type's case as RFC 6750 writes it).
    public var authorization: String {
        (tokenType.lowercased() == "bearer" ? "Bearer" : tokenType) + " " + accessToken
    }
}
