/// An HTTP method, always upper case (`"post"` and `"POST"` are the same method).
///
/// A value rather than a string so the two questions Courier asks of a method — may it be
/// sent to a protected environment unconfirmed, and may it be retried — have one answer.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token, upper case.
    public let rawValue: String

    /// The method named `rawValue`, upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// The method named `value`, upper-cased.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// `GET`.
    public static let get: HTTPMethod = "GET"
    /// `HEAD`.
    public static let head: HTTPMethod = "HEAD"
    /// `POST`.
    public static let post: HTTPMethod = "POST"
    /// `PUT`.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`.
    public static let delete: HTTPMethod = "DELETE"
    /// `OPTIONS`.
    public static let options: HTTPMethod = "OPTIONS"
    /// `TRACE`.
    public static let trace: HTTPMethod = "TRACE"

    /// GET, HEAD and OPTIONS: the methods a protected environment receives without a
    /// confirmation. (RFC 9110 also counts TRACE as safe; nobody means to TRACE production.)
    public var isSafe: Bool { self == .get || self == .head || self == .options }

    /// Methods that may be repeated with the same effect (RFC 9110 §9.2.2): retried after
    /// transient failures.
    public var isIdempotent: Bool { isSafe || self == .put || self == .delete || self == .trace }

    /// The method token.
    public var description: String { rawValue }
}
