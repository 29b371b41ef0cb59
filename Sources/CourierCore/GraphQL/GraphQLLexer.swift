/// The tokens of a GraphQL document (the October 2021 specification, §2.1): punctuators,
/// names, numbers and strings (block strings included), with their line and column. Commas,
/// white space, comments and a byte order mark are skipped, as the specification says.
struct GraphQLLexer {
    /// One token.
    struct Token: Equatable {
        enum Kind: Equatable {
            case punctuator(String)
            case name(String)
            case int(String)
            case float(String)
            case string(String)
            case end
        }
        var kind: Kind
        var line: Int
        var column: Int

        /// How a message names it: `"}"`, `name "user"`, `the end of the query`.
        var described: String {
            switch kind {
            case .punctuator(let text): return "\"\(text)\""
            case .name(let text): return "name \"\(text)\""
            case .int(let text), .float(let text): return "number \(text)"
            case .string: return "a string"
            case .end: return "the end of the query"
            }
        }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// A lexer of `text`.
    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The next token; at the end, `.end` again and again.
    mutating func next() throws(GraphQLSyntaxError) -> Token {
        skipIgnored()
        let column = index - lineStart + 1
        func token(_ kind: Token.Kind) -> Token { Token(kind: kind, line: line, column: column) }
        guard index < scalars.count else { return token(.end) }
        let scalar = scalars[index]
        switch scalar {
        case "!", "$", "&", "(", ")", ":", "=", "@", "[", "]", "{", "|", "}":
            index += 1
            return token(.punctuator(String(scalar)))
        case ".":
            guard index + 2 < scalars.count, scalars[index + 1] == ".", scalars[index + 2] == "." else {
                throw error("\".\" is not a token (a spread is \"...\")", column: column)
            }
            index += 3
            return token(.punctuator("..."))
        case "\"":
            if index + 2 < scalars.count, scalars[index + 1] == "\"", scalars[index + 2] == "\"" {
                return token(.string(try blockString(column: column)))
            }
            return token(.string(try string(column: column)))
        case "-", "0"..."9":
            return try number(column: column)
        default:
            guard Self.isNameStart(scalar) else {
                throw error("unexpected character \(Self.shown(scalar))", column: column)
            }
            let start = index
            while index < scalars.count, Self.isNameContinue(scalars[index]) { index += 1 }
            return token(.name(String(String.UnicodeScalarView(scalars[start..<index]))))
        }
    }

    private mutating func skipIgnored() {
        while index < scalars.count {
            switch scalars[index] {
            case "\u{FEFF}", " ", "\t", ",": index += 1
            case "\n": newLine(after: index)
            case "\r":
                newLine(after: index + 1 < scalars.count && scalars[index + 1] == "\n" ? index + 1 : index)
            case "#":
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
            default: return
            }
        }
    }

    private mutating func newLine(after end: Int) {
        index = end + 1
        line += 1
        lineStart = index
    }

    private mutating func number(column: Int) throws(GraphQLSyntaxError) -> Token {
        let start = index
        if scalars[index] == "-" { index += 1 }
        func digits() throws(GraphQLSyntaxError) {
            guard index < scalars.count, ("0"..."9").contains(scalars[index]) else {
                throw error("a number needs a digit here", column: index - lineStart + 1)
            }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        }
        let leadingZero = index < scalars.count && scalars[index] == "0"
        try digits()
        let firstDigit = scalars[start] == "-" ? start + 1 : start
        if leadingZero && index - firstDigit > 1 {
            throw error("a number does not start with 0", column: firstDigit + 1 - lineStart + 1)
        }
        var float = false
        if index < scalars.count, scalars[index] == "." {
            index += 1
            float = true
            try digits()
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            float = true
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            try digits()
        }
        // `123abc` and `1.5.` are one mistake, not two tokens.
        if index < scalars.count, scalars[index] == "." || Self.isNameStart(scalars[index]) {
            throw error("a number cannot be followed by \(Self.shown(scalars[index]))", column: index - lineStart + 1)
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        return Token(kind: float ? .float(text) : .int(text), line: line, column: column)
    }

    private mutating func string(column: Int) throws(GraphQLSyntaxError) -> String {
        index += 1
        var value = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"": return String(value)
            case "\n", "\r": throw error("a string is not closed on its line", column: index - lineStart)
            case "\\":
                guard index < scalars.count else { break }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "\"", "\\", "/": value.append(escape)
                case "b": value.append("\u{8}")
                case "f": value.append("\u{C}")
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "u": value.append(try unicodeEscape())
                default:
                    let column = index - lineStart - 1
                    throw error("a backslash before \(Self.shown(escape)) is not an escape", column: column)
                }
            default:
                if scalar.value < 0x20 && scalar != "\t" {
                    throw error("a string holds the control character \(Self.codePoint(scalar))", column: column)
                }
                value.append(scalar)
            }
        }
        throw error("a string is not closed", column: index - lineStart + 1)
    }

    /// `\uXXXX` (a surrogate pair as two of them) or `\u{X…}`, after the `u`.
    private mutating func unicodeEscape() throws(GraphQLSyntaxError) -> Unicode.Scalar {
        let column = index - lineStart - 1
        func hex(_ count: Int) -> UInt32? {
            guard index + count <= scalars.count else { return nil }
            var value: UInt32 = 0
            for scalar in scalars[index..<index + count] {
                guard let digit = Self.hexDigit(scalar) else { return nil }
                value = value << 4 | digit
            }
            index += count
            return value
        }
        if index < scalars.count, scalars[index] == "{" {
            index += 1
            var value: UInt32 = 0
            var count = 0
            while index < scalars.count, let digit = Self.hexDigit(scalars[index]), count < 8 {
                value = value << 4 | digit
                count += 1
                index += 1
            }
            guard count > 0, index < scalars.count, scalars[index] == "}", let scalar = Unicode.Scalar(value) else {
                throw error("a bad \\u{…} escape", column: column)
            }
            index += 1
            return scalar
        }
        guard let high = hex(4) else { throw error("\\u needs four hex digits", column: column) }
        if (0xD800...0xDBFF).contains(high), index + 1 < scalars.count, scalars[index] == "\\",
            scalars[index + 1] == "u"
        {
            index += 2
            if let low = hex(4), (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
            {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("\\u escapes a lone surrogate", column: column) }
        return scalar
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 48
        case "a"..."f": return scalar.value - 87
        case "A"..."F": return scalar.value - 55
        default: return nil
        }
    }

    /// A block string's value: common indentation and blank first and last lines removed (§2.9.4).
    private mutating func blockString(column: Int) throws(GraphQLSyntaxError) -> String {
        let startLine = line
        index += 3
        var raw = String.UnicodeScalarView()
        while index < scalars.count {
            if scalars[index] == "\"", index + 2 < scalars.count, scalars[index + 1] == "\"",
                scalars[index + 2] == "\""
            {
                index += 3
                return Self.blockValue(String(raw))
            }
            if scalars[index] == "\\", index + 3 < scalars.count, scalars[index + 1] == "\"",
                scalars[index + 2] == "\"", scalars[index + 3] == "\""
            {
                raw.append(contentsOf: "\"\"\"".unicodeScalars)
                index += 4
                continue
            }
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                raw.append("\n")
                newLine(
                    after: scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? index + 1 : index
                )
                continue
            }
            raw.append(scalar)
            index += 1
        }
        // Where it ran out, as the reference implementation says.
        throw error("a block string (opened on line \(startLine)) is not closed", column: index - lineStart + 1)
    }

    static func blockValue(_ raw: String) -> String {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " || $0 == "\t" }.count }
        let common = lines.dropFirst().filter { indent($0) < $0.count }.map(indent).min() ?? 0
        for index in lines.indices.dropFirst() { lines[index] = String(lines[index].dropFirst(common)) }
        func blank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
        while let first = lines.first, blank(first) { lines.removeFirst() }
        while let last = lines.last, blank(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func error(_ message: String, column: Int) -> GraphQLSyntaxError {
        GraphQLSyntaxError(line: line, column: column, message: message)
    }

    /// `"x"`, or `U+000A` for a character that would not show (or would break the line).
    static func shown(_ scalar: Unicode.Scalar) -> String {
        let invisible =
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029 || scalar.properties.generalCategory == .format
        return invisible ? codePoint(scalar) : "\"\(scalar)\""
    }

    /// `U+000B`, as Unicode names a character that shows as nothing.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = HexText.number(UInt64(scalar.value)).uppercased()
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isNameContinue(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar)
    }
}
