/// A cookie in a jar (RFC 6265 §5.3): where it may be sent and until when.
public struct StoredCookie: Sendable, Equatable {
    /// The cookie's name.
    public var name: String
    /// Its value (a credential: masked wherever Courier shows cookies).
    public var value: String
    /// The host (host-only) or domain it is sent to, lower-cased.
    public var domain: String
    /// Sent to `domain` exactly, not to its subdomains (no `Domain` attribute was given).
    public var hostOnly: Bool
    /// The path prefix it is sent under.
    public var path: String
    /// Sent over https only.
    public var secure: Bool
    /// `HttpOnly` (kept for listings; every request Courier sends is HTTP).
    public var httpOnly: Bool
    /// Expiry in seconds since 1970; nil for a session cookie (kept until cleared).
    public var expires: Double?
    /// When it was first stored, in seconds since 1970 (orders cookies of equal paths).
    public var created: Double

    /// A stored cookie.
    public init(
        name: String, value: String, domain: String, hostOnly: Bool, path: String, secure: Bool = false,
        httpOnly: Bool = false, expires: Double? = nil, created: Double
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.hostOnly = hostOnly
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.expires = expires
        self.created = created
    }

    /// Whether it has expired at `now`.
    public func isExpired(at now: Double) -> Bool { expires.map { $0 <= now } ?? false }
}

extension StoredCookie {
    /// `2026-11-24 01:59 UTC`, or `session` for a cookie without expiry.
    public var expiryText: String {
        guard let expires, expires.isFinite else { return "session" }
        let seconds = Int64(expires.rounded(.down))
        let days = CivilDate.days(seconds)
        let secondOfDay = seconds - days * 86_400
        let two = CivilDate.two
        return "\(CivilDate.text(days: days)) \(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)) UTC"
    }
}
