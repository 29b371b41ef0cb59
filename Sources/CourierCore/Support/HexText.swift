/// Bytes as lowercase hexadecimal (`String(format: "%02x")` is full Foundation's).
public enum HexText {
    /// Two lowercase digits a byte.
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` in lowercase hexadecimal without leading zeros, as `String(value, radix: 16)`
    /// writes it. That initialiser is generic, and a generic call the compiler did not
    /// specialise is resolved at run time, by searching every protocol conformance in the
    /// binary: in a call's start-up, that search costs more than the formatting.
    public static func number(_ value: UInt64) -> String {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            let digit = UInt8(truncatingIfNeeded: rest & 0x0F)
            digits.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            rest >>= 4
        } while rest != 0
        digits.reverse()
        return String(decoding: digits, as: UTF8.self)
    }
}
