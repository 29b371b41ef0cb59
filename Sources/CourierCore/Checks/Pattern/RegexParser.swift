/// Reads a `LinearRegex` pattern: the syntax of Swift's `Regex` and Rust's `regex` that an
/// automaton can run (DECISIONS, "`matches` runs in linear time"). Back-references,
/// lookaround, atomic groups and possessive quantifiers are refused by name: each needs a
/// backtracking engine, whose time a server's answer could make exponential.
struct RegexParser {
    /// The largest count `{n,m}` takes, as Rust's `regex` limits it.
    static let maxCount = 1000
    /// The deepest groups nest: the parser, the compiler and the tree's release each go one
    /// call deeper per level, and a pattern of a thousand `(` overflowed the stack (fuzzing).
    static let maxDepth = 100

    private struct Flags {
        var caseless = false
        var multiline = false
        var dotAll = false
        var extended = false
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var flags = Flags()
    private var depth = 0

    /// A parser of `pattern`.
    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// The whole pattern as a tree.
    mutating func parse() throws(LinearRegex.SyntaxError) -> RegexNode {
        let node = try alternation()
        if index < scalars.count { throw fail("an unopened group closes here") }
        return node
    }

    // MARK: Structure

    private mutating func alternation() throws(LinearRegex.SyntaxError) -> RegexNode {
        var branches = [try concatenation()]
        while peek == "|" {
            index += 1
            branches.append(try concatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func concatenation() throws(LinearRegex.SyntaxError) -> RegexNode {
        var nodes: [RegexNode] = []
        while true {
            skipExtended()
            guard let next = peek, next != "|", next != ")" else { break }
            guard let atom = try atom() else { continue }
            nodes.append(try quantified(atom))
        }
        return nodes.isEmpty ? .empty : nodes.count == 1 ? nodes[0] : .concatenation(nodes)
    }

    /// `atom` followed by its quantifiers, if any.
    private mutating func quantified(_ atom: RegexNode) throws(LinearRegex.SyntaxError) -> RegexNode {
        skipExtended()
        let bounds: (min: Int, max: Int?)
        switch peek {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let counted = try counted() else { return atom }
            bounds = counted
        default: return atom
        }
        index += 1
        // A lazy `?` finds a match exactly when the greedy form does; a possessive `+` may not.
        if peek == "?" {
            index += 1
        } else if peek == "+" {
            throw fail("possessive quantifiers need backtracking, which Courier's patterns do without", at: index)
        }
        skipExtended()
        if let next = peek, "*+?".unicodeScalars.contains(next) || (next == "{" && isCountedAhead) {
            throw fail("a quantifier repeats nothing here; put the repeated part in a group")
        }
        return .repetition(atom, min: bounds.min, max: bounds.max)
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the index, left on its `}`; nil when the brace is a
    /// literal one (`a{`, `{x}`).
    private mutating func counted() throws(LinearRegex.SyntaxError) -> (min: Int, max: Int?)? {
        guard isCountedAhead else { return nil }
        let start = index
        index += 1
        let low = number()
        var high = low
        if peek == "," {
            index += 1
            high = number()
        } else if low == nil {
            index = start
            return nil
        }
        let min = low ?? 0
        if let high, high < min { throw fail("the count {\(min),\(high)} runs backwards", at: start) }
        if min > Self.maxCount || (high ?? 0) > Self.maxCount {
            throw fail("a count above \(Self.maxCount) is not taken", at: start)
        }
        return (min, high)
    }

    /// Whether a well-formed count starts at the index.
    private var isCountedAhead: Bool {
        var cursor = index + 1
        var digits = 0
        var commas = 0
        while cursor < scalars.count, scalars[cursor] != "}" {
            let scalar = scalars[cursor]
            if scalar == "," {
                commas += 1
            } else if ("0"..."9").contains(scalar) {
                digits += 1
            } else {
                return false
            }
            cursor += 1
        }
        return cursor < scalars.count && digits > 0 && commas <= 1
    }

    private mutating func number() -> Int? {
        var value: Int?
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), Self.maxCount + 1)
            index += 1
        }
        return value
    }

    /// One atom, or nil for what matches nothing and changes only the flags (`(?i)`).
    private mutating func atom() throws(LinearRegex.SyntaxError) -> RegexNode? {
        guard let scalar = next() else { throw fail("the pattern ends early") }
        switch scalar {
        case "(": return try group()
        case "[": return .set(try RegexClassParser.parse(scalars, at: &index, caseless: flags.caseless))
        case ".": return .any(newline: flags.dotAll)
        case "^": return .assertion(flags.multiline ? .lineStart : .textStart)
        case "$": return .assertion(flags.multiline ? .lineEnd : .textEnd)
        case "*", "+", "?": throw fail("a quantifier repeats nothing here", at: index - 1)
        case "\\": return try escape()
        default: return .set(ScalarSet(scalar, caseless: flags.caseless))
        }
    }

    /// After `(`: a group, its flags, or a refusal.
    private mutating func group() throws(LinearRegex.SyntaxError) -> RegexNode? {
        let open = index - 1
        guard depth < Self.maxDepth else { throw fail("groups nest deeper than \(Self.maxDepth) levels", at: open) }
        depth += 1
        defer { depth -= 1 }
        let saved = flags
        if peek == "?" {
            index += 1
            guard let kind = next() else { throw fail("the group opened here is never closed", at: open) }
            switch kind {
            case ":": break
            case "=", "!": throw fail("lookahead needs backtracking, which Courier's patterns do without", at: open)
            case ">": throw fail("atomic groups need backtracking, which Courier's patterns do without", at: open)
            case "#":
                while let scalar = next(), scalar != ")" {}
                return nil
            case "<" where peek == "=" || peek == "!":
                throw fail("lookbehind needs backtracking, which Courier's patterns do without", at: open)
            case "<", "'", "P":
                if kind == "P" && next() != "<" { throw fail("expected (?P<name>…)", at: open) }
                let close: Unicode.Scalar = kind == "'" ? "'" : ">"
                while let scalar = next(), scalar != close {}
            default:
                index -= 1
                if try flagGroup() { return nil }
            }
        }
        let node = try alternation()
        guard next() == ")" else { throw fail("the group opened here is never closed", at: open) }
        flags = saved
        return node
    }

    /// `(?imsx-imsx)` (true: it sets the flags for the rest of the group) or the flags of
    /// `(?imsx-imsx:…)` (false: they are set and the group's content follows).
    private mutating func flagGroup() throws(LinearRegex.SyntaxError) -> Bool {
        var on = true
        while let scalar = next() {
            switch scalar {
            case "i": flags.caseless = on
            case "m": flags.multiline = on
            case "s": flags.dotAll = on
            case "x": flags.extended = on
            case "U", "u": break
            case "-": on = false
            case ")": return true
            case ":": return false
            default: throw fail("unknown group flag '\(scalar)'", at: index - 1)
            }
        }
        throw fail("the group's flags never close")
    }

    // MARK: Escapes

    private mutating func escape() throws(LinearRegex.SyntaxError) -> RegexNode {
        let start = index - 1
        guard let scalar = peek else { throw fail("the pattern ends in a lone backslash", at: start) }
        let assertions: [Unicode.Scalar: RegexNode.Assertion] = [
            "b": .wordBoundary, "B": .notWordBoundary, "A": .textStart, "z": .textEnd, "Z": .textEndOrFinalNewline,
        ]
        if let assertion = assertions[scalar] {
            index += 1
            return .assertion(assertion)
        }
        switch scalar {
        case "1"..."9", "k", "g":
            throw fail("back-references need backtracking, which Courier's patterns do without", at: start)
        case "Q":
            index += 1
            var nodes: [RegexNode] = []
            while let literal = next() {
                if literal == "\\" && peek == "E" {
                    index += 1
                    break
                }
                nodes.append(.set(ScalarSet(literal, caseless: flags.caseless)))
            }
            return .concatenation(nodes)
        default:
            var set = try RegexClassParser.escape(scalars, at: &index, inClass: false)
            if set.named.isEmpty { set.caseless = flags.caseless }
            return .set(set)
        }
    }

    // MARK: Scanning

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func next() -> Unicode.Scalar? {
        guard index < scalars.count else { return nil }
        index += 1
        return scalars[index - 1]
    }

    /// Under `(?x)`, white space and `#` comments between atoms are not part of the pattern.
    private mutating func skipExtended() {
        guard flags.extended else { return }
        while let scalar = peek {
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "#" {
                while let skipped = next(), skipped != "\n" {}
            } else {
                return
            }
        }
    }

    private func fail(_ message: String, at offset: Int? = nil) -> LinearRegex.SyntaxError {
        LinearRegex.SyntaxError(message: message, offset: offset ?? index)
    }
}
