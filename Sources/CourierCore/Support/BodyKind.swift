/// How a response body should be shown: JSON is pretty-printed (the printer decides if it
/// really is JSON), binary is described instead of dumped, anything else is text.
public enum BodyKind {
    /// Worth trying as JSON: declared as JSON, or starting with `{` or `[`.
    public static func looksLikeJSON(_ body: [UInt8], contentType: String?) -> Bool {
        // A byte search (TextSearch): the standard library's `contains` on text is slow.
        if contentType?.lowercased().firstRange(ofText: "json") != nil { return true }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Not text: holds NUL bytes, more than 1 in 100 bytes are control characters, or more
    /// than 1 in 10 (and more than 4) are broken UTF-8. Text in another encoding (Latin-1's
    /// `é`) breaks here and there and stays text, its bad bytes marked where shown; random
    /// bytes break everywhere.
    public static func isBinary(_ body: [UInt8]) -> Bool {
        if body.contains(0) { return true }
        if suspicious(controlsIn: body) * 100 > body.count { return true }
        if String(validating: body, as: UTF8.self) != nil { return false }
        var bad = 0
        var iterator = body.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: bad += 1
            }
        }
        return bad > 4 && bad * 10 > body.count
    }

    private static func suspicious(controlsIn body: [UInt8]) -> Int {
        body.reduce(0) { count, byte in
            count + (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C ? 1 : 0)
        }
    }

    /// A classic hex dump (`00000000  89 50 4e 47 …  |.PNG…|`) of the first `limit` bytes.
    public static func hexDump(_ body: [UInt8], limit: Int = 4096) -> [String] {
        let digits = Array("0123456789abcdef")
        var lines: [String] = []
        var offset = 0
        let end = min(body.count, limit)
        while offset < end {
            let row = body[offset..<min(offset + 16, end)]
            var line = String(offset, radix: 16)
            line = String(repeating: "0", count: max(0, 8 - line.count)) + line + "  "
            for (index, byte) in row.enumerated() {
                line.append(digits[Int(byte >> 4)])
                line.append(digits[Int(byte & 0x0F)])
                line += index == 7 ? "  " : " "
            }
            line += String(repeating: " ", count: (16 - row.count) * 3 + (row.count <= 8 ? 1 : 0))
            line += " |" + String(row.map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." }) + "|"
            lines.append(line)
            offset += 16
        }
        if body.count > limit { lines.append("… \(body.count - limit) more bytes (courier call --raw saves them all)") }
        return lines
    }

    /// `binary body: 1.2 KB, image/png`.
    public static func binaryNote(size: Int, contentType: String?) -> String {
        "binary body: \(ByteCount.format(size)), \(contentType ?? "unknown type")"
    }
}
