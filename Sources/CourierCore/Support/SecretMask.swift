/// Replaces secret values with `••••••` wherever Courier shows or prints text: in every form
/// they travel in (see `SecretSet`, which does the work; these are its shorthands).
public enum SecretMask {
    /// The mask shown in place of a secret.
    public static let mask = "••••••"

    /// `text` with every form of every non-empty value of `secrets` masked.
    public static func apply(_ text: String, hiding secrets: [String]) -> String {
        guard secrets.contains(where: { !$0.isEmpty }) else { return text }
        return SecretSet.of(secrets).mask(text)
    }

    /// `bytes` with every form of every secret replaced by the mask.
    public static func masked(_ bytes: [UInt8], hiding secrets: [String]) -> [UInt8] {
        guard secrets.contains(where: { !$0.isEmpty }) else { return bytes }
        return SecretSet.of(secrets).mask(bytes)
    }
}
