/// A validating, non-recursive JSON reader that turns a document into `JSONEvent`s.
///
/// It checks the whole RFC 8259 grammar (including UTF-8 inside strings, escapes and number
/// syntax) without building a tree, so the pretty printer, the `json_path` selector and the
/// tree parser share one definition of "valid JSON". Nesting is tracked on a heap stack, so
/// depth costs memory, not call stack; `maxDepth` bounds it as RFC 8259 §9 allows.
///
/// The reader borrows the bytes: use it inside `withUnsafeBufferPointer`.
public struct JSONReader {
    /// The deepest nesting accepted by default; deeper documents get a clear error.
    public static let defaultMaxDepth = 1_000

    private enum State { case value, firstValueOrEnd, firstKeyOrEnd, key, afterValue }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var state: State = .value
    /// `true` for an object, `false` for an array, innermost last.
    private var stack: [Bool] = []
    /// Byte offset where the next token will be looked for.
    public private(set) var position: Int
    /// Byte offset where the most recent event's token starts.
    public private(set) var tokenStart: Int = 0

    /// Reads `bytes`, skipping a leading UTF-8 byte order mark.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        } else {
            position = 0
        }
    }

    /// Current nesting depth (0 at top level).
    public var depth: Int { stack.count }

    /// The next event, or `nil` once the single top-level value and trailing whitespace are consumed.
    public mutating func next() throws(JSONSyntaxError) -> JSONEvent? {
        while true {
            skipWhitespace()
            switch state {
            case .firstKeyOrEnd:
                if peek() == UInt8(ascii: "}") {
                    return close(object: true)
                }
                return try readKey(expecting: "a string key or '}'")
            case .key:
                return try readKey(expecting: "a string key after ','")
            case .firstValueOrEnd:
                if peek() == UInt8(ascii: "]") {
                    return close(object: false)
                }
                return try readValue()
            case .value:
                return try readValue()
            case .afterValue:
                guard let isObject = stack.last else {
                    if position >= bytes.count { return nil }
                    throw error("unexpected \(describe(position)) after the JSON value")
                }
                guard position < bytes.count else {
                    throw error(
                        isObject
                            ? "unexpected end of input, expected ',' or '}'"
                            : "unexpected end of input, expected ',' or ']'")
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    state = isObject ? .key : .value
                    continue
                }
                if isObject && byte == UInt8(ascii: "}") { return close(object: true) }
                if !isObject && byte == UInt8(ascii: "]") { return close(object: false) }
                throw error(
                    isObject
                        ? "expected ',' or '}' after an object member, found \(describe(position))"
                        : "expected ',' or ']' after an array element, found \(describe(position))")
            }
        }
    }

    /// Consumes the rest of the value whose first event was just returned (a scalar needs
    /// nothing; a container is read to its matching end). Returns the offset just past it.
    public mutating func skipValue(startedBy event: JSONEvent) throws(JSONSyntaxError) -> Int {
        switch event {
        case .objectStart, .arrayStart:
            let target = depth - 1
            while let next = try self.next() {
                if case .objectEnd = next, depth == target { break }
                if case .arrayEnd = next, depth == target { break }
            }
            return position
        default:
            return position
        }
    }

    // MARK: Tokens

    @inline(__always)
    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    private mutating func close(object: Bool) -> JSONEvent {
        tokenStart = position
        position += 1
        stack.removeLast()
        state = .afterValue
        return object ? .objectEnd : .arrayEnd
    }

    private mutating func open(object: Bool) throws(JSONSyntaxError) -> JSONEvent {
        guard stack.count < maxDepth else {
            throw error("nesting deeper than \(maxDepth) levels")
        }
        tokenStart = position
        position += 1
        stack.append(object)
        state = object ? .firstKeyOrEnd : .firstValueOrEnd
        return object ? .objectStart : .arrayStart
    }

    private mutating func readKey(expecting: String) throws(JSONSyntaxError) -> JSONEvent {
        guard position < bytes.count else { throw error("unexpected end of input, expected \(expecting)") }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw error("expected \(expecting), found \(describe(position))")
        }
        let start = position
        try scanString()
        let range = start..<position
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected ':' after the key") }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key, found \(describe(position))")
        }
        position += 1
        tokenStart = start
        state = .value
        return .key(range)
    }

    private mutating func readValue() throws(JSONSyntaxError) -> JSONEvent {
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            return try open(object: true)
        case UInt8(ascii: "["):
            return try open(object: false)
        case UInt8(ascii: "\""):
            try scanString()
            tokenStart = start
            state = .afterValue
            return .string(start..<position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            tokenStart = start
            state = .afterValue
            return .number(start..<position)
        case UInt8(ascii: "t"):
            try scanLiteral("true")
        case UInt8(ascii: "f"):
            try scanLiteral("false")
        case UInt8(ascii: "n"):
            try scanLiteral("null")
        case UInt8(ascii: "]") where state == .value && stack.last == false:
            throw error("expected a value after ',', found ']'")
        default:
            throw error("expected a value, found \(describe(position))")
        }
        tokenStart = start
        state = .afterValue
        return .literal(start..<position)
    }

    private mutating func scanLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = word.utf8Start
        for i in 0..<count {
            guard position + i < bytes.count, bytes[position + i] == expected[i] else {
                throw error("expected a value, found \(describe(position)) (did you mean \(word)?)")
            }
        }
        position += count
    }

    private mutating func scanNumber() throws(JSONSyntaxError) {
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit after '-'")
            }
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("numbers cannot have leading zeros")
            }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent")
            }
            skipDigits()
        }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    /// Scans a string starting at its opening quote; leaves `position` after the closing quote.
    private mutating func scanString() throws(JSONSyntaxError) {
        let open = position
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                try scanEscape()
                continue
            }
            if byte < 0x20 {
                throw error("control character \(hex(byte)) in a string must be escaped")
            }
            if byte < 0x80 {
                position += 1
                continue
            }
            try scanUTF8()
        }
        throw JSONSyntaxError(reason: "unterminated string", offset: open, in: bytes)
    }

    private mutating func scanEscape() throws(JSONSyntaxError) {
        let start = position
        position += 1
        guard position < bytes.count else { throw error("unexpected end of input in an escape sequence") }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            for _ in 0..<4 {
                guard position < bytes.count, isHexDigit(bytes[position]) else {
                    throw JSONSyntaxError(reason: "expected four hex digits after \\u", offset: start, in: bytes)
                }
                position += 1
            }
        default:
            throw JSONSyntaxError(
                reason: "invalid escape sequence \\\(printable(bytes[position]))", offset: start, in: bytes)
        }
    }

    @inline(__always)
    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    private mutating func scanUTF8() throws(JSONSyntaxError) {
        guard let base = bytes.baseAddress else { throw error("invalid UTF-8 sequence") }
        let start = base + position
        switch UTF8Sequence.validate(start, base + bytes.count) {
        case .valid(let length): position += length
        case .invalidLead: throw error("invalid UTF-8 byte \(hex(bytes[position]))")
        case .truncated: throw error("truncated UTF-8 sequence")
        case .invalid: throw error("invalid UTF-8 sequence")
        }
    }

    // MARK: Messages

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: position, in: bytes)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : hex(byte)
    }

    /// `'x'` for a printable character, `end of input`, or the byte in hex.
    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "'\(UnicodeScalar(byte))'" }
        if byte == 0x0A { return "a newline" }
        return "byte \(hex(byte))"
    }
}
