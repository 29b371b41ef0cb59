/// What one `Set-Cookie` header says (parsed by the engine with AsyncHTTPClient's parser):
/// the attributes as given, before the jar decides what to store (RFC 6265 §5.2).
public struct SetCookie: Sendable, Equatable {
    /// The cookie's name.
    public var name: String
    /// Its value.
    public var value: String
    /// The `Domain` attribute, leading dot removed, lower-cased; nil when absent (host-only).
    public var domain: String?
    /// The `Path` attribute when it starts with `/`; nil for the default path.
    public var path: String?
    /// `Expires`, in seconds since 1970.
    public var expires: Double?
    /// `Max-Age` in seconds (wins over `Expires`).
    public var maxAge: Int?
    /// `Secure`.
    public var secure: Bool
    /// `HttpOnly`.
    public var httpOnly: Bool

    /// A parsed `Set-Cookie`.
    public init(
        name: String, value: String, domain: String? = nil, path: String? = nil, expires: Double? = nil,
        maxAge: Int? = nil, secure: Bool = false, httpOnly: Bool = false
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.maxAge = maxAge
        self.secure = secure
        self.httpOnly = httpOnly
    }
}
