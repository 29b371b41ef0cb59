/// Standard base64 (RFC 4648, with padding), written out here because Foundation's encoder
/// costs more on its first use in a process than the rest of recording an exchange.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64 `text`, or nil when it is not base64: only the alphabet, a length
    /// that is a multiple of four, padding (at most two `=`) only at the end, as Foundation's
    /// decoder without options reads it.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var chunk: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                let value: UInt32
                if byte == UInt8(ascii: "=") && index + 4 == input.count && offset >= 2 {
                    padding += 1
                    value = 0
                } else if let digit = digit(byte), padding == 0 {
                    value = digit
                } else {
                    return nil
                }
                chunk = chunk << 6 | value
            }
            out.append(UInt8(chunk >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(chunk >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(chunk & 0xFF)) }
            index += 4
        }
        return out
    }

    private static func digit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
