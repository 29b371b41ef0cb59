import CourierCore

/// A YAML syntax error: where, and what.
struct YAMLError: Error, Equatable, CustomStringConvertible {
    /// 1-based line and column.
    let line: Int
    let column: Int
    let message: String

    /// `line L, column C: message`.
    var description: String { "line \(line), column \(column): \(message)" }
}

/// Flow collections (`[a, b]`, `{a: 1}`), the core schema's types, and moving through the text.
extension YAMLReader {
    /// A node in flow context: a collection, an alias, a quoted or plain scalar.
    mutating func flowNode() throws(YAMLError) -> JSONValue {
        guard depth < Self.depthLimit else { throw error("the YAML nests deeper than \(Self.depthLimit) levels") }
        depth += 1
        defer { depth -= 1 }
        let (anchor, tag) = try properties()
        try skipFlowSpace()
        if (anchor != nil || tag != nil) && peek() == UInt8(ascii: "*") {
            throw error("an alias cannot have an anchor or a tag")
        }
        if peek() == UInt8(ascii: "-"), isBlank(at: index + 1) || isFlowIndicator(at: index + 1) {
            throw error("a plain scalar cannot be '-' alone in a flow collection")
        }
        let before = nodes
        let value: JSONValue
        switch peek() {
        case UInt8(ascii: "["): value = try flowCollection(closing: UInt8(ascii: "]"))
        case UInt8(ascii: "{"): value = try flowCollection(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "*"): value = try alias()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): value = try counted(Self.typed(try quoted(), tag: tag ?? "!"))
        case nil: throw error("the flow collection never ends")
        default:
            var text = plainLine(flow: true)
            // A plain scalar in flow context may go on over the next lines.
            while peek() == 10 {
                // A comment line ends the scalar: what follows needs a comma first.
                let comments = commentsSkipped
                try skipFlowSpace()
                guard let byte = peek(), !isFlowIndicator(at: index), byte != UInt8(ascii: ":"),
                    commentsSkipped == comments
                else { break }
                text += " " + plainLine(flow: true)
            }
            value = try counted(Self.typed(text, tag: tag))
        }
        return finish(value, anchor: anchor, size: nodes - before)
    }

    /// `[a, b]` or `{a: 1, b}`; in a sequence, `a: 1` is a one-pair mapping.
    private mutating func flowCollection(closing: UInt8) throws(YAMLError) -> JSONValue {
        advance(1)
        var items: [JSONValue] = []
        var members: [JSONMember] = []
        while true {
            try skipFlowSpace()
            if peek() == closing {
                advance(1)
                break
            }
            if peek() == UInt8(ascii: "?"), isBlank(at: index + 1) || isFlowIndicator(at: index + 1) {
                throw error("explicit mapping keys (? ) are not supported")
            }
            if peek() == UInt8(ascii: ",") { throw error("an empty entry in a flow collection") }
            let key = try flowNode()
            let keyLine = line
            try skipFlowSpace()
            if closing == UInt8(ascii: "]"), peek() == UInt8(ascii: ":"), line != keyLine {
                throw error("a key in a flow sequence must have its ':' on its line")
            }
            var value: JSONValue?
            if peek() == UInt8(ascii: ":") {
                advance(1)
                try skipFlowSpace()
                value = peek() == UInt8(ascii: ",") || peek() == closing ? try counted(.null) : try flowNode()
                try skipFlowSpace()
            }
            if closing == UInt8(ascii: "]") {
                if let value {
                    items.append(.object([JSONMember(try keyText(key), value)]))
                } else {
                    items.append(key)
                }
            } else {
                let name = try keyText(key)
                members.removeAll { $0.key == name }
                let member: JSONValue
                if let value { member = value } else { member = try counted(.null) }
                members.append(JSONMember(name, member))
            }
            switch peek() {
            case UInt8(ascii: ","): advance(1)
            case closing:
                advance(1)
                return try counted(closing == UInt8(ascii: "]") ? .array(items) : .object(members))
            case nil: throw error("the flow collection never ends")
            default: throw error("expected ',' or '\(String(UnicodeScalar(closing)))' in a flow collection")
            }
        }
        return try counted(closing == UInt8(ascii: "]") ? .array(items) : .object(members))
    }

    /// A scalar key's text (`200:` is the text "200", as OpenAPI's status codes are).
    private func keyText(_ key: JSONValue) throws(YAMLError) -> String {
        guard let text = key.scalarText else { throw error("a collection as a mapping key is not supported") }
        if case .null = key { return "" }
        return text
    }

    /// A scalar's value: quoted (tag `!`) a string; plain typed as the core schema says
    /// (null, booleans, integers, floats), unless a `!!` tag says otherwise. A number keeps
    /// its literal where it is JSON's; others (`0x1F`, `+5`, `.5`) are written as JSON's.
    static func typed(_ text: String, tag: String?) -> JSONValue {
        switch tag {
        case "!", "!!str", "!!binary", "!!timestamp": return .string(text)
        case "!!null": return .null
        case "!!bool": return .bool(["true", "True", "TRUE"].contains(text))
        case nil, "!!int", "!!float": break
        default: break
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return tag == nil ? .null : .string(text)
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        return number(text).map(JSONValue.number) ?? .string(text)
    }

    /// A core-schema integer or float as a JSON number literal; nil when it is neither (or is
    /// infinite or not a number, which JSON cannot write).
    static func number(_ text: String) -> String? {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39)
        else { return nil }
        if (try? JSONValue.parse(text)).map({ if case .number = $0 { true } else { false } }) == true { return text }
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return String(value) }
        if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return String(value) }
        let body = text.hasPrefix("+") ? String(text.dropFirst()) : text
        if body.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == UInt8(ascii: "-") }), let value = Int(body) {
            return String(value)
        }
        let allowed = Set("0123456789.eE+-".utf8)
        guard body.utf8.allSatisfy(allowed.contains), body.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
            let value = Double(body), value.isFinite
        else { return nil }
        return "\(value)"
    }

    // MARK: Moving through the text

    var atEnd: Bool { index >= bytes.count }
    var column: Int { index - lineStart }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func isBlank(at offset: Int) -> Bool {
        offset >= bytes.count || bytes[offset] == 32 || bytes[offset] == 9 || bytes[offset] == 10
    }

    func isFlowIndicator(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        return [UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}")]
            .contains(bytes[offset])
    }

    /// `- ` (or `-` at the end of a line): a block sequence entry.
    var atSequenceEntry: Bool { peek() == UInt8(ascii: "-") && isBlank(at: index + 1) }

    /// Only spaces and perhaps a comment before the end of the line.
    var atLineEnd: Bool {
        var at = index
        while at < bytes.count, bytes[at] == 32 || bytes[at] == 9 { at += 1 }
        return at >= bytes.count || bytes[at] == 10 || bytes[at] == UInt8(ascii: "#")
    }

    /// `---` or `...` at the start of a line, followed by a blank.
    func atMarker(_ marker: String) -> Bool {
        column == 0 && index + 3 <= bytes.count && bytes[index..<index + 3].elementsEqual(marker.utf8)
            && isBlank(at: index + 3)
    }

    mutating func advance(_ count: Int) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == 10 {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    mutating func skipInlineSpace() {
        while let byte = peek(), byte == 32 || byte == 9 { advance(1) }
    }

    /// Past the end of this line.
    mutating func skipLine() {
        while let byte = peek(), byte != 10 { advance(1) }
        advance(1)
    }

    /// To the next content in block context, past spaces, comments and line breaks. A tab in
    /// a line's indentation is an error, as YAML says.
    mutating func skipToContent() throws(YAMLError) {
        while let byte = peek() {
            switch byte {
            case 32: advance(1)
            case 9:
                if bytes[lineStart..<index].allSatisfy({ $0 == 32 }) && !atLineEnd {
                    throw error("a tab in the indentation (YAML indents with spaces)")
                }
                advance(1)
            case 10: advance(1)
            case UInt8(ascii: "#"): skipLine()
            default: return
            }
        }
    }

    /// To the next content in flow context, where line breaks and tabs are only separators.
    mutating func skipFlowSpace() throws(YAMLError) {
        var newLine = false
        while let byte = peek() {
            switch byte {
            case 32, 9:
                if byte == 9 && newLine && minimumColumn > 0 && column < minimumColumn {
                    throw error("a tab in the indentation (YAML indents with spaces)")
                }
                advance(1)
            case 10:
                advance(1)
                newLine = true
                if atMarker("---") || atMarker("...") { throw error("a document marker inside a flow collection") }
            case UInt8(ascii: "#"):
                if index > 0, bytes[index - 1] != 32, bytes[index - 1] != 9, bytes[index - 1] != 10 {
                    throw error("a comment needs a space before its #")
                }
                commentsSkipped += 1
                skipLine()
                newLine = true
            default:
                let closing = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                if newLine && column < minimumColumn && !closing {
                    throw error("a flow collection's next line must be indented more than its parent")
                }
                return
            }
        }
    }

    /// An anchor's or tag's name: up to a blank or a flow indicator.
    mutating func word() -> String {
        let start = index
        while !isBlank(at: index) && !isFlowIndicator(at: index) { advance(1) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    func error(_ message: String) -> YAMLError {
        YAMLError(line: line, column: column + 1, message: message)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 }),
            let last = bytes.lastIndex(where: { $0 != 32 && $0 != 9 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
