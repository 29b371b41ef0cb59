/// Text from a server or a workspace made safe to show on a terminal (DESIGN.md §11): no
/// byte of it can drive the terminal (set the clipboard with OSC 52, the title, a hyperlink,
/// clear the screen), because every control is shown visibly, as `less` shows them.
///
/// * C0 controls but tab and newline, and DEL: caret notation (`^[` for ESC, `^M`, `^?`).
/// * C1 controls (U+0080–U+009F, which a UTF-8 terminal obeys like ESC sequences) and bytes
///   that are not UTF-8: `<9B>`, the byte in hex.
/// * Colour codes that Courier itself writes (`ESC[…m` with the parameters it uses) are
///   kept when `keepingColor` is set; any other sequence is shown like the rest.
public enum TerminalText {
    /// SGR parameters Courier's own colours use: reset, bold, dim, and the foreground colours.
    static let ownColorParameters: Set<String> = ["0", "1", "2", "22", "31", "32", "33", "34", "35", "36", "39"]

    /// Whether `bytes` holds nothing to rewrite (the common case: no copy made).
    public static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A { return false }
                index += 1
            } else if byte < 0x7F {
                index += 1
            } else if byte == 0x7F || byte == 0xC2 {
                // DEL, or a lead byte that may start a C1 control: the careful path decides.
                return false
            } else {
                guard let length = UTF8Sequence.length(bytes, at: index) else { return false }
                index += length
            }
        }
        return true
    }

    /// `bytes` with every control shown visibly (see the type's summary).
    public static func visible(_ bytes: UnsafeBufferPointer<UInt8>, keepingColor: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        let hex = Array("0123456789ABCDEF".utf8)
        func byteInHex(_ byte: UInt8) {
            out += [UInt8(ascii: "<"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)], UInt8(ascii: ">")]
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, keepingColor, let length = ownColor(bytes, at: index) {
                out.append(contentsOf: bytes[index..<(index + length)])
                index += length
            } else if byte == 0x09 || byte == 0x0A || (byte >= 0x20 && byte < 0x7F) {
                out.append(byte)
                index += 1
            } else if byte < 0x20 || byte == 0x7F {
                out += [UInt8(ascii: "^"), byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40]
                index += 1
            } else if let length = UTF8Sequence.length(bytes, at: index) {
                if length == 2 && byte == 0xC2 && bytes[index + 1] < 0xA0 {
                    byteInHex(bytes[index + 1])  // a C1 control, shown by its code point
                } else {
                    out.append(contentsOf: bytes[index..<(index + length)])
                }
                index += length
            } else {
                byteInHex(byte)
                index += 1
            }
        }
        return out
    }

    /// `text` as one line: its line breaks as spaces, every other control shown visibly (a
    /// server's message inside a one-line report).
    public static func visibleLine(_ text: String) -> String {
        visible(String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) }))
    }

    /// `text` with every control shown visibly.
    public static func visible(_ text: String) -> String {
        var text = text
        return text.withUTF8 { buffer in
            isSafe(buffer) ? String(decoding: buffer, as: UTF8.self) : String(decoding: visible(buffer), as: UTF8.self)
        }
    }

    /// The length of a colour sequence of Courier's own at `index` (`ESC [ params m`), or nil.
    static func ownColor(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
        var end = index + 2
        while end < bytes.count, end - index < 16,
            bytes[end] == UInt8(ascii: ";") || (bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9"))
        {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "m") else { return nil }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(
            separator: ";", omittingEmptySubsequences: false)
        guard parameters.allSatisfy({ ownColorParameters.contains(String($0)) }) else { return nil }
        return end - index + 1
    }
}
