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
}
