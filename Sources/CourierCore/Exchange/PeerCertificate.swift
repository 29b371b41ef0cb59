/// The TLS certificate a server presented for a response: what a `certificate` check reads
/// (`certificate expires_in_days > 14`, `certificate issuer contains "Let's Encrypt"`).
public struct PeerCertificate: Sendable, Equatable {
    /// What a check can read of it.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        /// Whole days from when it was seen to its end of validity (negative once expired).
        case expiresInDays = "expires_in_days"
        /// The issuer's name: `CN=R11, O=Let's Encrypt, C=US`.
        case issuer
        /// The subject's name.
        case subject
        /// The names it is issued for (DNS names and IP addresses).
        case names
        /// Its end of validity, `YYYY-MM-DD` (UTC).
        case notAfter = "not_after"
    }

    /// `CN=…, O=…`, in the certificate's order.
    public var subject: String
    /// The issuer's distinguished name, in the same form.
    public var issuer: String
    /// Seconds since 1970 (UTC) from which it is valid.
    public var notBefore: Int64
    /// Seconds since 1970 (UTC) at which it stops being valid.
    public var notAfter: Int64
    /// Subject alternative names.
    public var names: [String]
    /// Seconds since 1970 when the connection presenting it was made.
    public var seenAt: Int64

    /// A certificate's facts.
    public init(subject: String, issuer: String, notBefore: Int64, notAfter: Int64, names: [String], seenAt: Int64) {
        self.subject = subject
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.names = names
        self.seenAt = seenAt
    }

    /// `field`'s value, as a check compares it.
    public func value(_ field: Field) -> JSONValue {
        switch field {
        case .expiresInDays:
            // Whole days, rounded down: 14 days and 23 hours left is 14.
            return .number(String(CivilDate.days(notAfter - seenAt)))
        case .issuer: return .string(issuer)
        case .subject: return .string(subject)
        case .names: return .array(names.map { .string($0) })
        case .notAfter: return .string(Self.day(notAfter))
        }
    }

    /// `YYYY-MM-DD` of `seconds` since 1970, UTC.
    public static func day(_ seconds: Int64) -> String { CivilDate.text(days: CivilDate.days(seconds)) }
}
