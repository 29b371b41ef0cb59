#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replaces secret values with `••••••` wherever Courier shows or prints text.
public enum SecretMask {
    /// The mask shown in place of a secret.
    public static let mask = "••••••"

    /// `text` with every non-empty value of `secrets` masked.
    public static func apply(_ text: String, hiding secrets: [String]) -> String {
        var masked = text
        // No `contains` pre-check: on the render path it drew in string-search code worth
        // ~2.5 MB of resident memory, more than the replacement it would save.
        for secret in secrets where !secret.isEmpty {
            masked = masked.replacingText(secret, with: mask)
        }
        return masked
    }

    /// `text` masked like `apply`, by comparing bytes: no Foundation string search, whose first
    /// use in a process costs more than recording a whole exchange.
    public static func applyComparingBytes(_ text: String, hiding secrets: [String]) -> String {
        guard secrets.contains(where: { !$0.isEmpty }) else { return text }
        let bytes = Array(text.utf8)
        let hidden = masked(bytes, hiding: secrets)
        return hidden == bytes ? text : String(decoding: hidden, as: UTF8.self)
    }

    /// `bytes` with every occurrence of each secret's UTF-8 replaced by the mask.
    public static func masked(_ bytes: [UInt8], hiding secrets: [String]) -> [UInt8] {
        var out = bytes
        let replacement = Array(SecretMask.mask.utf8)
        for secret in secrets {
            let needle = Array(secret.utf8)
            guard let first = needle.first, needle.count <= out.count else { continue }
            var result: [UInt8] = []
            var index = 0
            var changed = false
            while index < out.count {
                if out[index] == first, index + needle.count <= out.count,
                    out[index..<(index + needle.count)].elementsEqual(needle)
                {
                    if !changed {
                        result.reserveCapacity(out.count)
                        result.append(contentsOf: out[..<index])
                        changed = true
                    }
                    result.append(contentsOf: replacement)
                    index += needle.count
                } else {
                    if changed { result.append(out[index]) }
                    index += 1
                }
            }
            if changed { out = result }
        }
        return out
    }
}
