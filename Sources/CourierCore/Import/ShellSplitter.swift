/// Splits a command line into words as bash reads them, for `courier import curl`: blanks
/// separate words; `'…'` is literal; `"…"` keeps `\` only before `$`, `` ` ``, `"`, `\` and a
/// line break; `$'…'` takes ANSI-C escapes; a backslash outside quotes escapes the next
/// character; a backslash before a line break joins the lines (a `\r\n` break too, as copied
/// from Windows). Nothing is expanded: a shell variable outside single quotes (`$TOKEN`,
/// `${TOKEN}`) becomes the template variable `{{TOKEN}}`, which the user gives a value where
/// bash would have read the shell's; `$(…)` and `$1` stay as written. The command ends at the first
/// unquoted `|`, `;`, `&`, `<` or `>` (a pipe into `jq`, a redirection), and what follows is
/// returned apart.
public enum ShellSplitter {
    /// Why a command line cannot be split.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A quote opened at this 1-based column of this line was never closed.
        case unclosedQuote(Character, line: Int, column: Int)

        /// One line for the user.
        public var description: String {
            switch self {
            case .unclosedQuote(let quote, let line, let column):
                return
                    "line \(line), column \(column): the \(quote == "'" ? "single" : "double") quote opened here is never closed"
            }
        }
    }

    /// The words of the first command of `text`, the rest of the line from the operator that
    /// ended it (nil when nothing follows), and the shell variables made template variables.
    public static func split(_ text: String) throws(Failure) -> (
        words: [String], rest: String?, variables: [String]
    ) {
        var reader = Reader(Array(text.unicodeScalars))
        var words: [String] = []
        var word = ""
        var inWord = false
        while let scalar = reader.next() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            case "\\":
                // A continuation joins lines; it neither ends nor starts a word by itself.
                if reader.skipLineBreak() { continue }
                inWord = true
                if let next = reader.next() { word.unicodeScalars.append(next) }
            case "'":
                inWord = true
                word += try reader.singleQuoted()
            case "\"":
                inWord = true
                word += try reader.doubleQuoted()
            case "$" where reader.peek() == "'":
                inWord = true
                _ = reader.next()
                word += try reader.ansiQuoted()
            case "$" where reader.variable() != nil:
                inWord = true
                word += reader.takeVariable()
            case "#" where !inWord:
                reader.skipLine()
            case "|", ";", "&", "<", ">":
                if inWord { words.append(word) }
                var rest = String(scalar)
                rest.unicodeScalars += reader.scalars[reader.index...]
                return (words, rest, reader.variables)
            default:
                inWord = true
                word.unicodeScalars.append(scalar)
            }
        }
        if inWord { words.append(word) }
        return (words, nil, reader.variables)
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// The shell variables met, in order, once each.
        var variables: [String] = []

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func next() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            defer { index += 1 }
            return scalars[index]
        }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        /// Consumes `\n` or `\r\n` right here.
        mutating func skipLineBreak() -> Bool {
            if peek() == "\n" {
                index += 1
                return true
            }
            if peek() == "\r" && peek(1) == "\n" {
                index += 2
                return true
            }
            return false
        }

        /// The name and length of a variable at the cursor (after its `$`): `NAME` or
        /// `{NAME}` (`{NAME:-default}` reads as `NAME`, the default dropped).
        func variable() -> (name: String, length: Int)? {
            func isName(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
                scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || (!first && ("0"..."9").contains(scalar))
            }
            let braced = peek() == "{"
            var offset = braced ? 1 : 0
            var name = ""
            while let scalar = peek(offset), isName(scalar, first: name.isEmpty) {
                name.unicodeScalars.append(scalar)
                offset += 1
            }
            guard !name.isEmpty else { return nil }
            guard braced else { return (name, offset) }
            while let scalar = peek(offset), scalar != "}" { offset += 1 }
            return peek(offset) == "}" ? (name, offset + 1) : nil
        }

        /// `{{NAME}}` for the variable at the cursor, consumed and recorded.
        mutating func takeVariable() -> String {
            guard let (name, length) = variable() else { return "$" }
            index += length
            if !variables.contains(name) { variables.append(name) }
            return "{{\(name)}}"
        }

        mutating func skipLine() {
            while let scalar = peek(), scalar != "\n" { index += 1 }
        }

        /// Line and column (1-based) of the scalar at `position`.
        func place(_ position: Int) -> (line: Int, column: Int) {
            var line = 1
            var column = 1
            for scalar in scalars[..<position] {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return (line, column)
        }

        func unclosed(_ quote: Character, at position: Int) -> Failure {
            let (line, column) = place(position)
            return .unclosedQuote(quote, line: line, column: column)
        }

        mutating func singleQuoted() throws(Failure) -> String {
            let start = index - 1
            var out = ""
            while let scalar = next() {
                if scalar == "'" { return out }
                out.unicodeScalars.append(scalar)
            }
            throw unclosed("'", at: start)
        }

        mutating func doubleQuoted() throws(Failure) -> String {
            let start = index - 1
            var out = ""
            while let scalar = next() {
                switch scalar {
                case "\"": return out
                case "\\":
                    if skipLineBreak() { continue }
                    guard let escaped = next() else { throw unclosed("\"", at: start) }
                    if !"$`\"\\".unicodeScalars.contains(escaped) { out.unicodeScalars.append("\\") }
                    out.unicodeScalars.append(escaped)
                case "$" where variable() != nil: out += takeVariable()
                default: out.unicodeScalars.append(scalar)
                }
            }
            throw unclosed("\"", at: start)
        }

        /// `$'…'` after its `$'`: `\n \t \r \a \b \e \E \f \v \\ \' \" \?`, `\xHH`, `\uHHHH`,
        /// `\UHHHHHHHH`, `\NNN` (octal) and `\cX`; an unknown escape stays as written.
        mutating func ansiQuoted() throws(Failure) -> String {
            let start = index - 2
            var bytes: [UInt8] = []
            func append(_ scalar: Unicode.Scalar) { bytes += Array(String(scalar).utf8) }
            while let scalar = next() {
                if scalar == "'" { return String(decoding: bytes, as: UTF8.self) }
                guard scalar == "\\", let escape = next() else {
                    append(scalar)
                    continue
                }
                switch escape {
                case "n": bytes.append(0x0A)
                case "t": bytes.append(0x09)
                case "r": bytes.append(0x0D)
                case "a": bytes.append(0x07)
                case "b": bytes.append(0x08)
                case "e", "E": bytes.append(0x1B)
                case "f": bytes.append(0x0C)
                case "v": bytes.append(0x0B)
                case "\\", "'", "\"", "?": append(escape)
                case "x": bytes.append(UInt8(truncatingIfNeeded: number(radix: 16, maxDigits: 2) ?? 0))
                case "u", "U":
                    let value = number(radix: 16, maxDigits: escape == "u" ? 4 : 8) ?? 0
                    append(Unicode.Scalar(value) ?? "\u{FFFD}")
                case "0"..."7":
                    index -= 1
                    bytes.append(UInt8(truncatingIfNeeded: number(radix: 8, maxDigits: 3) ?? 0))
                case "c":
                    if let control = next() { bytes.append(UInt8(truncatingIfNeeded: control.value & 0x1F)) }
                default:
                    append("\\")
                    append(escape)
                }
            }
            throw unclosed("'", at: start)
        }

        /// Up to `maxDigits` digits in `radix` at the cursor, consumed.
        mutating func number(radix: Int, maxDigits: Int) -> UInt32? {
            var value: UInt32 = 0
            var digits = 0
            while digits < maxDigits, let scalar = peek(), let digit = Int(String(scalar), radix: radix) {
                value = value &* UInt32(radix) &+ UInt32(digit)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
    }
}
