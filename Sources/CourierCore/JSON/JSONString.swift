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
    ///
    /// Byte by byte over the UTF-8: only ASCII bytes are ever escaped, and a text with none
    /// to escape (nearly every one) is copied whole; a request body or a check's value of a
    /// megabyte costs a scan, not a million appends.
    public static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        encode(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as a JSON string literal, appended to `out`: the runs between escapes are
    /// copied whole.
    public static func encode(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            out.append(0x22)
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0x08: out += [0x5C, UInt8(ascii: "b")]
                case 0x0C: out += [0x5C, UInt8(ascii: "f")]
                default:
                    out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            out.append(0x22)
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : UInt8(ascii: "a") + value - 10
    }
}
