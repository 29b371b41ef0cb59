import Foundation

/// Replaces secret values with `••••••` wherever Courier shows or prints text.
public enum SecretMask {
    /// The mask shown in place of a secret.
    public static let mask = "••••••"

    /// `text` with every non-empty value of `secrets` masked.
    public static func apply(_ text: String, hiding secrets: [String]) -> String {
        var masked = text
        for secret in secrets where !secret.isEmpty && masked.contains(secret) {
            masked = masked.replacingOccurrences(of: secret, with: mask)
        }
        return masked
    }
}
