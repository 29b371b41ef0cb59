import CourierCore

/// Scalars: plain (typed by the core schema), single- and double-quoted, literal and folded.
extension YAMLReader {
    /// A plain or quoted scalar in block context; a plain one may go on over more-indented lines.
    mutating func scalar(parent: Int, tag: String?) throws(YAMLError) -> JSONValue {
        if let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let saved = minimumColumn
            minimumColumn = parent + 1
            defer { minimumColumn = saved }
            let text = try quoted()
            skipInlineSpace()
            guard atLineEnd else { throw error("unexpected text after a quoted string") }
            return try counted(Self.typed(text, tag: tag ?? "!"))
        }
        var text = plainLine(flow: false)
        // Continuation lines: more indented than the parent, not a comment; each line break is
        // a space, each empty line between a newline.
        while true {
            var at = index
            var breaks = 0
            var indent = 0
            while at < bytes.count {
                if bytes[at] == 10 {
                    breaks += 1
                    indent = 0
                } else if bytes[at] == 32 || bytes[at] == 9 {
                    indent += 1
                } else {
                    break
                }
                at += 1
            }
            let lineHead = at - indent
            guard breaks > 0, at < bytes.count, indent > parent, bytes[at] != UInt8(ascii: "#") else { break }
            if lineHead + 3 <= bytes.count && indent == 0
                && (bytes[lineHead..<lineHead + 3].elementsEqual("---".utf8)
                    || bytes[lineHead..<lineHead + 3].elementsEqual("...".utf8))
            {
                break
            }
            while index < at { advance(1) }
            let more = plainLine(flow: false)
            text += breaks == 1 ? " " : String(repeating: "\n", count: breaks - 1)
            text += more
            guard atLineEnd else {
                throw error("': ' in a value that goes on from the line above (check the indentation, or quote it)")
            }
        }
        return try counted(Self.typed(text, tag: tag))
    }

    /// A plain scalar's text on this line: up to a line break, `: `, ` #`, or (in flow
    /// context) a flow indicator; trailing spaces dropped.
    mutating func plainLine(flow: Bool) -> String {
        let start = index
        while let byte = peek(), byte != 10 {
            if byte == UInt8(ascii: ":") && (isBlank(at: index + 1) || (flow && isFlowIndicator(at: index + 1))) {
                break
            }
            if byte == UInt8(ascii: "#") && index > start && (bytes[index - 1] == 32 || bytes[index - 1] == 9) { break }
            if flow && isFlowIndicator(at: index) { break }
            advance(1)
        }
        return String(decoding: bytes[start..<index], as: UTF8.self).trimmingSpaces
    }

    /// A single- or double-quoted scalar's text; line breaks inside fold as in plain scalars.
    mutating func quoted() throws(YAMLError) -> String {
        let (openLine, openColumn) = (line, column)
        guard let quote = peek() else { throw error("expected a quoted string") }
        advance(1)
        var out: [UInt8] = []
        // What an escape wrote (`\t` before a line break) is content, not trailing space.
        var escaped = 0
        while true {
            guard let byte = peek() else {
                throw YAMLError(line: openLine, column: openColumn + 1, message: "the quoted string never ends")
            }
            switch byte {
            case quote:
                advance(1)
                guard quote == UInt8(ascii: "'"), peek() == quote else {
                    if peek() == UInt8(ascii: "#") { throw error("a comment needs a space before its #") }
                    return String(decoding: out, as: UTF8.self)
                }
                out.append(quote)
                advance(1)
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
                advance(1)
                if peek() == 10 {
                    // An escaped line break joins the lines without a space.
                    advance(1)
                    skipInlineSpace()
                } else {
                    try escape(into: &out)
                    escaped = out.count
                }
            case 10:
                while out.count > escaped, let last = out.last, last == 32 || last == 9 { out.removeLast() }
                var breaks = 0
                while let next = peek(), next == 10 || next == 32 || next == 9 {
                    if next == 10 { breaks += 1 }
                    advance(1)
                }
                out += breaks == 1 ? [32] : Array(repeating: 10, count: breaks - 1)
                if column == 0, atMarker("---") || atMarker("...") {
                    throw error("a document marker inside a quoted string")
                }
                if column < minimumColumn, peek() != quote || column == 0 {
                    guard bytes[index...].contains(quote) else {
                        throw YAMLError(line: openLine, column: openColumn + 1, message: "the quoted string never ends")
                    }
                    throw error("a quoted string's next line must be indented more than its parent")
                }
            default:
                out.append(byte)
                advance(1)
            }
        }
    }

    /// One escape after `\` in a double-quoted string.
    private mutating func escape(into out: inout [UInt8]) throws(YAMLError) {
        guard let code = peek() else { throw error("the quoted string never ends") }
        advance(1)
        let simple: [UInt8: String] = [
            UInt8(ascii: "0"): "\0", UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}",
            UInt8(ascii: "t"): "\t", 9: "\t", UInt8(ascii: "n"): "\n", UInt8(ascii: "v"): "\u{0B}",
            UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "r"): "\r", UInt8(ascii: "e"): "\u{1B}", 32: " ",
            UInt8(ascii: "\""): "\"", UInt8(ascii: "/"): "/", UInt8(ascii: "\\"): "\\", UInt8(ascii: "N"): "\u{85}",
            UInt8(ascii: "_"): "\u{A0}", UInt8(ascii: "L"): "\u{2028}", UInt8(ascii: "P"): "\u{2029}",
        ]
        if let text = simple[code] {
            out += Array(text.utf8)
            return
        }
        let digits: Int
        switch code {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: throw error("unknown escape \\\(String(UnicodeScalar(code)))")
        }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else {
                throw error("an escape \\\(String(UnicodeScalar(code))) needs \(digits) hex digits")
            }
            value = value << 4 | UInt32(digit)
            advance(1)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("the escape is not a Unicode character") }
        out += Array(String(Character(scalar)).utf8)
    }

    /// A literal (`|`) or folded (`>`) block scalar under a parent indented by `parent`.
    mutating func blockScalar(parent: Int) throws(YAMLError) -> String {
        let folded = peek() == UInt8(ascii: ">")
        advance(1)
        var chomp: UInt8?
        var explicit: Int?
        while let byte = peek(), !isBlank(at: index) {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"), chomp == nil {
                chomp = byte
            } else if let digit = Self.hexDigit(byte), digit >= 1 && digit <= 9, explicit == nil {
                explicit = Int(digit)
            } else {
                throw error("a block scalar's header takes only a chomping indicator (- or +) and an indentation digit")
            }
            advance(1)
        }
        skipInlineSpace()
        guard atLineEnd else { throw error("unexpected text after a block scalar's header") }
        skipLine()
        // The lines: each one's indentation and text; empty lines kept for the folding.
        var indent = explicit.map { max(parent, 0) + $0 }
        var lines: [[UInt8]] = []
        // The most spaces of an empty line before the indentation is known (no more than it).
        var leading = 0
        while index < bytes.count {
            var at = index
            while at < bytes.count, bytes[at] == 32 { at += 1 }
            let spaces = at - index
            let blank = at >= bytes.count || bytes[at] == 10
            if blank {
                // Spaces past the indentation are content (`   ` under an indent of 2 is ` `).
                if let indent, spaces > indent {
                    lines.append(Array(repeating: 32, count: spaces - indent))
                } else {
                    if indent == nil { leading = max(leading, spaces) }
                    lines.append([])
                }
            } else {
                if indent == nil {
                    guard bytes[at] != 9 || spaces > parent else {
                        throw error("a tab in a block scalar's indentation")
                    }
                    guard leading <= spaces else {
                        throw error("an empty line before a block scalar's text is indented more than the text")
                    }
                    indent = spaces
                }
                guard let indent, spaces >= indent, indent > parent,
                    !(spaces == 0 && (atMarker("---") || atMarker("...")))
                else { break }
                var end = at
                while end < bytes.count, bytes[end] != 10 { end += 1 }
                lines.append(Array(bytes[(index + indent)..<end]))
            }
            skipLine()
        }
        // Trailing empty lines belong to the chomping, not the text.
        var trailing = 0
        while let last = lines.last, last.isEmpty {
            trailing += 1
            lines.removeLast()
        }
        var out: [UInt8] = []
        var seen = false
        var previousFolds = false
        var pendingBreaks = 0
        for text in lines {
            if text.isEmpty {
                pendingBreaks += 1
                continue
            }
            let moreIndented = text.first == 32 || text.first == 9
            if !seen {
                out += Array(repeating: 10, count: pendingBreaks)
            } else if previousFolds && !moreIndented {
                out += pendingBreaks == 0 ? [32] : Array(repeating: 10, count: pendingBreaks)
            } else {
                out += Array(repeating: 10, count: pendingBreaks + 1)
            }
            out += text
            seen = true
            previousFolds = folded && !moreIndented
            pendingBreaks = 0
        }
        switch chomp {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"): out += Array(repeating: 10, count: (lines.isEmpty ? 0 : 1) + trailing)
        default: if !lines.isEmpty { out.append(10) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
