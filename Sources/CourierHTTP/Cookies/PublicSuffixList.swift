import CPublicSuffix

/// The Public Suffix List as libpsl (curl's choice) has it built in: which domains belong to
/// no one site (`co.uk`, `github.io`, `s3.amazonaws.com`), so a cookie may not name them.
public enum PublicSuffixList {
    /// Whether `domain` is a public suffix (compared in lower case, a leading dot ignored).
    @Sendable public static func contains(_ domain: String) -> Bool {
        var name = domain.lowercased()
        if name.hasPrefix(".") { name.removeFirst() }
        return courier_is_public_suffix(name) == 1
    }
}
