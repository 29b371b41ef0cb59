/// The parts of a `LinearRegex` pattern that name scalars: bracketed classes (`[^a-z\d]`,
/// `[[:alpha:]]`) and escapes (`\d`, `\p{Lu}`, `\x{1F600}`, `\.`).
enum RegexClassParser {
    /// The class whose `[` is just before `index`; `index` ends after its `]`.
    static func parse(_ scalars: [Unicode.Scalar], at index: inout Int, caseless: Bool) throws(LinearRegex.SyntaxError)
        -> ScalarSet
    {
        let open = index - 1
        var set = ScalarSet()
        set.caseless = caseless
        if index < scalars.count, scalars[index] == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while true {
            guard index < scalars.count else {
                throw LinearRegex.SyntaxError(message: "the class opened here is never closed", offset: open)
            }
            let scalar = scalars[index]
            if scalar == "]" && !first {
                index += 1
                return set
            }
            first = false
            if scalar == "[", index + 1 < scalars.count, scalars[index + 1] == ":" {
                set.named.append(try posix(scalars, at: &index))
                continue
            }
            if scalar == "&", index + 1 < scalars.count, scalars[index + 1] == "&" {
                throw LinearRegex.SyntaxError(message: "class intersections (&&) are not taken", offset: index)
            }
            let low = try member(scalars, at: &index, into: &set)
            guard let low else { continue }
            // `a-z` is a range; a `-` first, last or after a range is itself.
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                let dash = index
                index += 1
                guard let high = try member(scalars, at: &index, into: &set), high.value >= low.value else {
                    throw LinearRegex.SyntaxError(message: "the range in this class runs backwards", offset: dash)
                }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }

    /// One member at `index`: a scalar (returned, it may start a range), or a named class
    /// (added to `set`, nil returned).
    private static func member(_ scalars: [Unicode.Scalar], at index: inout Int, into set: inout ScalarSet)
        throws(LinearRegex.SyntaxError) -> Unicode.Scalar?
    {
        let scalar = scalars[index]
        index += 1
        guard scalar == "\\" else { return scalar }
        let escaped = try escape(scalars, at: &index, inClass: true)
        if escaped.named.isEmpty && !escaped.negated, escaped.ranges.count == 1,
            let only = escaped.ranges.first, only.count == 1, let single = Unicode.Scalar(only.lowerBound)
        {
            return single
        }
        set.ranges += escaped.ranges
        set.named += escaped.named.map { ($0.class, $0.negated != escaped.negated) }
        return nil
    }

    /// `[:name:]` or `[:^name:]` at `index`.
    private static func posix(_ scalars: [Unicode.Scalar], at index: inout Int) throws(LinearRegex.SyntaxError)
        -> (class: ScalarSet.Named, negated: Bool)
    {
        let start = index
        index += 2
        var negated = false
        if index < scalars.count, scalars[index] == "^" {
            negated = true
            index += 1
        }
        var name = ""
        while index + 1 < scalars.count, scalars[index] != ":" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index + 1 < scalars.count, scalars[index + 1] == "]", ScalarSet.Named.posixNames.contains(name) else {
            throw LinearRegex.SyntaxError(message: "unknown class [:\(name):]", offset: start)
        }
        index += 2
        return (.posix(name), negated)
    }

    /// The escape whose `\` is just before `index`, as a set (a literal is a set of one).
    static func escape(_ scalars: [Unicode.Scalar], at index: inout Int, inClass: Bool) throws(LinearRegex.SyntaxError)
        -> ScalarSet
    {
        let start = index - 1
        guard index < scalars.count else {
            throw LinearRegex.SyntaxError(message: "the pattern ends in a lone backslash", offset: start)
        }
        let scalar = scalars[index]
        index += 1
        func literal(_ value: UInt32) throws(LinearRegex.SyntaxError) -> ScalarSet {
            guard let scalar = Unicode.Scalar(value) else {
                throw LinearRegex.SyntaxError(
                    message: "\\u{\(String(value, radix: 16))} is not a scalar", offset: start)
            }
            return ScalarSet(scalar, caseless: false)
        }
        switch scalar {
        case "d", "D": return ScalarSet(.digit, negated: scalar == "D")
        case "w", "W": return ScalarSet(.word, negated: scalar == "W")
        case "s", "S": return ScalarSet(.space, negated: scalar == "S")
        case "p", "P": return ScalarSet(try property(scalars, at: &index, start: start), negated: scalar == "P")
        case "t": return try literal(0x09)
        case "n": return try literal(0x0A)
        case "r": return try literal(0x0D)
        case "f": return try literal(0x0C)
        case "v": return try literal(0x0B)
        case "a": return try literal(0x07)
        case "e": return try literal(0x1B)
        case "0": return try literal(0)
        case "b" where inClass: return try literal(0x08)
        case "x", "u", "U": return try literal(try hex(scalars, at: &index, kind: scalar, start: start))
        default:
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                throw LinearRegex.SyntaxError(message: "unknown escape \\\(scalar)", offset: start)
            }
            return ScalarSet(scalar, caseless: false)
        }
    }

    /// The digits of `\xhh`, `\x{h…}`, `\uhhhh`, `\u{h…}` or `\Uhhhhhhhh`.
    private static func hex(_ scalars: [Unicode.Scalar], at index: inout Int, kind: Unicode.Scalar, start: Int)
        throws(LinearRegex.SyntaxError) -> UInt32
    {
        let count = kind == "x" ? 2 : kind == "u" ? 4 : 8
        let digits = operand(scalars, at: &index, bare: count)
        guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: 16) else {
            throw LinearRegex.SyntaxError(message: "\\\(kind) needs hexadecimal digits", offset: start)
        }
        return value
    }

    /// `\p{Lu}`, `\pL`, `\p{Letter}`…: the general categories a name stands for.
    private static func property(_ scalars: [Unicode.Scalar], at index: inout Int, start: Int)
        throws(LinearRegex.SyntaxError) -> ScalarSet.Named
    {
        let name = operand(scalars, at: &index, bare: 1)
        guard let categories = RegexCategories.named(name) else {
            throw LinearRegex.SyntaxError(message: "unknown property \\p{\(name)}", offset: start)
        }
        return .categories(categories)
    }

    /// What follows `\x`, `\u` or `\p`: the text in `{…}`, else the next `bare` scalars.
    private static func operand(_ scalars: [Unicode.Scalar], at index: inout Int, bare: Int) -> String {
        var text = ""
        let braced = index < scalars.count && scalars[index] == "{"
        if braced { index += 1 }
        while index < scalars.count, braced ? scalars[index] != "}" : text.unicodeScalars.count < bare {
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        if braced { index += 1 }
        return text
    }
}
