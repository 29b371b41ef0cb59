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
            let seconds = notAfter - seenAt
            let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
            return .number(String(days))
        case .issuer: return .string(issuer)
        case .subject: return .string(subject)
        case .names: return .array(names.map { .string($0) })
        case .notAfter: return .string(Self.day(notAfter))
        }
    }

    /// `YYYY-MM-DD` of `seconds` since 1970, UTC (the civil-from-days algorithm, no calendar).
    public static func day(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
