/// Decoding and encoding of JSON string literals.
public enum JSONString {
    /// Decodes the quoted literal at `range` (already validated by `JSONReader`).
    /// A lone surrogate escape becomes U+FFFD, since Swift strings hold only scalars.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
        // Fast path: no escapes means the bytes are the string.
        if !bytes[inner].contains(UInt8(ascii: "\\")) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[inner]), as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        func flush() {
            if !utf8.isEmpty {
                // One scalar at a time: the generic `append(contentsOf:)` is resolved at run time.
                for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars { scalars.append(scalar) }
                utf8.removeAll(keepingCapacity: true)
            }
        }
        var i = inner.lowerBound
        while i < inner.upperBound {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                i += 1
                continue
            }
            flush()
            let kind = bytes[i + 1]
            i += 2
            switch kind {
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = hexValue(bytes, i)
                i += 4
                if (0xD800...0xDBFF).contains(code), i + 5 < inner.upperBound,
                    bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                {
                    let low = hexValue(bytes, i + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                scalars.append(UnicodeScalar(code) ?? "\u{FFFD}")
            default:
                scalars.append(UnicodeScalar(kind))
            }
        }
        flush()
        return String(scalars)
    }

    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[start + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: digit = byte - UInt8(ascii: "A") + 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The JSON literal for `text`, quotes included, escaping what RFC 8259 requires.
    public static func encode(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }
}
