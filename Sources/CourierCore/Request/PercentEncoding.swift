/// Percent-encoding for the parts of a URL that hold user values.
public enum PercentEncoding {
    /// Encodes `text` as one path segment: RFC 3986 `pchar` stays, everything else
    /// (including `/`, `?`, `#`, `%` and spaces) is escaped, so a value never changes the
    /// shape of the path.
    public static func pathSegment(_ text: String) -> String {
        encode(text, keeping: "-._~!$&'()*+,;=:@")
    }

    /// Encodes a query name or value: unreserved characters stay, everything else is escaped.
    public static func queryComponent(_ text: String) -> String {
        encode(text, keeping: "-._~")
    }

    /// Encodes a form field name or value as `application/x-www-form-urlencoded` does
    /// (WHATWG URL): alphanumerics and `*-._` stay, a space becomes `+`, the rest is escaped.
    public static func formComponent(_ text: String) -> String {
        encode(text, keeping: "*-._ ").replacingText(" ", with: "+")
    }

    /// `a=1&b=x+y` as items, decoded as web frameworks decode a query or a form body: `+` is a
    /// space, `%XX` a byte; an invalid escape stays as written; a name without `=` is bare.
    public static func formItems(_ text: String?) -> [QueryItem] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(
                formDecoded(String(parts[0])), parts.count > 1 ? formDecoded(String(parts[1])) : "",
                bare: parts.count == 1)
        }
    }

    /// `+` as a space, then percent-decoding; text with an invalid escape stays as written.
    public static func formDecoded(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return text }
        let spaced = text.replacingText("+", with: " ")
        return decoded(spaced) ?? spaced
    }

    /// `%XX` escapes as bytes; nil when an escape is not two hex digits or the bytes are not
    /// UTF-8 (as Foundation's `removingPercentEncoding`).
    public static func decoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `text` with every byte but ASCII letters, digits and `extra` escaped.
    public static func encode(_ text: String, keeping extra: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let isAlnum =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isAlnum || extra.utf8.contains(byte) {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
