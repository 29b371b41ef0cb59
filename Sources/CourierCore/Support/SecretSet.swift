/// Secret values and every form in which they travel, found and masked in one pass.
///
/// A secret leaves Courier in the encoding of where it went: percent-encoded in a query or a
/// path, form-encoded in a form body, escaped in a JSON string, base64 in a Basic credential
/// (or in any base64 text that contains it). Masking the raw bytes alone left those forms in
/// history, reports and exports; this type masks them all (DESIGN.md §3 "secrets").
///
/// A value shorter than `minimumLength` bytes is masked only as a whole token, where no
/// letter or digit touches it: masked inside words, a one-letter secret would show itself by
/// the gaps it leaves (`I/O on clo••••••ed channel`).
public struct SecretSet: Sendable, Equatable {
    /// Values shorter than this are masked only as whole tokens.
    public static let minimumLength = 4

    /// One form of one secret.
    struct Needle: Sendable, Equatable {
        var bytes: [UInt8]
        /// Masked only where no letter or digit touches it.
        var wholeToken: Bool
    }

    /// Every form of every secret, longest first so that a form containing another is masked whole.
    let needles: [Needle]
    /// For each first byte, the needles starting with it (indices into `needles`).
    private let byFirstByte: [[Int]]

    /// The set of `secrets`: the one made last for the same values when there is one. A run
    /// masks every route's lines with the same environment's secrets, and making the set
    /// (every form of every secret) costs more than masking a line with it.
    public static func of(_ secrets: [String]) -> SecretSet {
        if let last = lastMade.withLock({ $0 }), last.values == secrets { return last.set }
        let made = SecretSet(secrets)
        lastMade.withLock { $0 = (secrets, made) }
        return made
    }

    /// The last set `of` made, with its values: a memo, never a source of truth.
    private static let lastMade = Locked<(values: [String], set: SecretSet)?>(nil)

    /// The set of `secrets` (empty values are ignored).
    public init(_ secrets: [String]) {
        var seen: Set<[UInt8]> = []
        var needles: [Needle] = []
        for secret in Set(secrets) where !secret.isEmpty {
            let whole = secret.utf8.count < Self.minimumLength
            for form in Self.forms(of: secret) where !form.isEmpty && seen.insert(Array(form.utf8)).inserted {
                needles.append(Needle(bytes: Array(form.utf8), wholeToken: whole))
            }
        }
        needles.sort {
            $0.bytes.count != $1.bytes.count
                ? $0.bytes.count > $1.bytes.count : $0.bytes.lexicographicallyPrecedes($1.bytes)
        }
        self.needles = needles
        var table = [[Int]](repeating: [], count: 256)
        for (index, needle) in needles.enumerated() { table[Int(needle.bytes[0])].append(index) }
        byFirstByte = table
    }

    /// The length in bytes of the longest form (0 for an empty set).
    public var longestForm: Int { needles.first?.bytes.count ?? 0 }

    /// Whether there is nothing to mask.
    public var isEmpty: Bool { needles.isEmpty }

    /// The forms `secret` takes on the way out: as written; percent-encoded as a query value,
    /// a path segment and fully (upper- and lower-case hex); form-encoded (`+` for a space);
    /// escaped for a JSON string (with and without `\/`); and in base64 and base64url, on its
    /// own and at each of the three alignments it can have inside longer base64 text.
    public static func forms(of secret: String) -> [String] {
        var forms = [secret]
        let full = PercentEncoding.encode(secret, keeping: "")
        forms += [
            PercentEncoding.queryComponent(secret), PercentEncoding.pathSegment(secret),
            PercentEncoding.formComponent(secret), full, lowercaseEscapes(full),
            PercentEncoding.encode(secret, keeping: "-._~").replacingText("%20", with: "+"),
        ]
        let json = String(JSONString.encode(secret).dropFirst().dropLast())
        forms += [json, json.replacingText("/", with: "\\/")]
        let bytes = Array(secret.utf8)
        for alignment in 0..<3 {
            guard let inner = alignedBase64(bytes, alignment: alignment) else { continue }
            forms += [inner, base64URL(inner)]
        }
        return forms
    }

    /// The characters of base64 text that encode `bytes` after `alignment` other bytes, without
    /// the ones shared with what comes before or after; nil when fewer than four remain.
    static func alignedBase64(_ bytes: [UInt8], alignment: Int) -> String? {
        let encoded = Array(Base64.encode([UInt8](repeating: 0, count: alignment) + bytes).utf8)
        let start = (alignment * 8 + 5) / 6
        // Whole characters of the secret's bits: a last partial one depends on what follows,
        // unless the secret ends the text (then padding follows and it is the same).
        let end = (alignment + bytes.count) * 8 / 6
        // Fewer characters than six would be found by chance in long base64 text.
        guard end - start >= (alignment == 0 ? 4 : 6) else { return nil }
        return String(decoding: encoded[start..<end], as: UTF8.self)
    }

    private static func base64URL(_ text: String) -> String {
        let url = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "+"): return UInt8(ascii: "-")
            case UInt8(ascii: "/"): return UInt8(ascii: "_")
            default: return byte
            }
        }
        return String(decoding: url, as: UTF8.self)
    }

    private static func lowercaseEscapes(_ text: String) -> String {
        var out: [UInt8] = []
        var pending = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%") {
                pending = 2
                out.append(byte)
            } else if pending > 0 {
                pending -= 1
                out.append(byte >= 0x41 && byte <= 0x46 ? byte + 0x20 : byte)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with every form of every secret replaced by `SecretMask.mask`.
    public func mask(_ text: String) -> String {
        guard !needles.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let masked = mask(bytes)
        return masked == bytes ? text : String(decoding: masked, as: UTF8.self)
    }

    /// `bytes` with every form of every secret replaced by the mask's UTF-8.
    public func mask(_ bytes: [UInt8]) -> [UInt8] {
        guard !needles.isEmpty else { return bytes }
        let replacement = Array(SecretMask.mask.utf8)
        var out: [UInt8] = []
        var changed = false
        var index = 0
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            while index < count {
                if let length = match(buffer, at: index) {
                    if !changed {
                        out.reserveCapacity(count)
                        out.append(contentsOf: buffer[..<index])
                        changed = true
                    }
                    out.append(contentsOf: replacement)
                    index += length
                } else {
                    if changed { out.append(buffer[index]) }
                    index += 1
                }
            }
        }
        return changed ? out : bytes
    }

    /// Whether any form of any secret occurs in `text`.
    public func occurs(in text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            (0..<buffer.count).contains { match(buffer, at: $0) != nil }
        }
    }

    /// The length of the longest needle at `index`, if one is there.
    private func match(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let candidates = byFirstByte[Int(buffer[index])]
        guard !candidates.isEmpty else { return nil }
        for candidate in candidates {
            let needle = needles[candidate]
            let length = needle.bytes.count
            guard index + length <= buffer.count else { continue }
            var equal = true
            for offset in 1..<max(1, length) where buffer[index + offset] != needle.bytes[offset] {
                equal = false
                break
            }
            guard equal else { continue }
            if needle.wholeToken {
                if index > 0 && Self.isWordByte(buffer[index - 1]) { continue }
                if index + length < buffer.count && Self.isWordByte(buffer[index + length]) { continue }
            }
            return length
        }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte >= 0x80
    }
}
