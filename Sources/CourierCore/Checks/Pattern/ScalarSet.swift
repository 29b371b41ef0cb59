/// A bracketed class of `LinearRegex` (`[a-z\d]`, `[^,]`), or one of its shorthands (`\w`,
/// `\p{Lu}`): ranges of Unicode scalars and named classes, possibly negated, possibly
/// matched without regard to case.
struct ScalarSet: Sendable, Equatable {
    /// A class defined by a property rather than by ranges.
    enum Named: Sendable, Equatable {
        /// `\d`: a decimal digit in any script, as Swift's `Regex` reads it.
        case digit
        /// `\w`: a letter, digit, mark or connector (`_`).
        case word
        /// `\s`: white space, line breaks included.
        case space
        /// `\p{L}`, `\p{Lu}`…: scalars of these general categories.
        case categories([Unicode.GeneralCategory])
        /// `[[:alpha:]]` and its kin: ASCII only, as POSIX and Rust's `regex` define them.
        case posix(String)

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .digit: return scalar.properties.numericType == .decimal
            case .word: return ScalarSet.isWord(scalar)
            case .space: return scalar.properties.isWhitespace
            case .categories(let list): return list.contains(scalar.properties.generalCategory)
            case .posix(let name): return Self.posix(name, scalar.value)
            }
        }

        /// The POSIX class names `[[:name:]]` accepts.
        static let posixNames: Set<String> = [
            "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
            "upper", "word", "xdigit",
        ]

        private static func posix(_ name: String, _ value: UInt32) -> Bool {
            let upper = (0x41...0x5A).contains(value)
            let lower = (0x61...0x7A).contains(value)
            let digit = (0x30...0x39).contains(value)
            let graph = (0x21...0x7E).contains(value)
            switch name {
            case "alnum": return upper || lower || digit
            case "alpha": return upper || lower
            case "ascii": return value < 0x80
            case "blank": return value == 0x20 || value == 0x09
            case "cntrl": return value < 0x20 || value == 0x7F
            case "digit": return digit
            case "graph": return graph
            case "lower": return lower
            case "print": return graph || value == 0x20
            case "punct": return graph && !(upper || lower || digit)
            case "space": return value == 0x20 || (0x09...0x0D).contains(value)
            case "upper": return upper
            case "word": return upper || lower || digit || value == 0x5F
            default: return digit || (0x41...0x46).contains(value) || (0x61...0x66).contains(value)
            }
        }
    }

    /// Scalar ranges, by value.
    var ranges: [ClosedRange<UInt32>] = []
    /// Named classes, each possibly negated (`[\D]`, `[[:^alpha:]]`).
    var named: [(class: Named, negated: Bool)] = []
    /// The whole set is negated (`[^…]`, `\W`).
    var negated = false
    /// A scalar matches when it, its lower case or its upper case is in the set (`(?i)`).
    var caseless = false

    static func == (left: ScalarSet, right: ScalarSet) -> Bool {
        left.ranges == right.ranges && left.negated == right.negated && left.caseless == right.caseless
            && left.named.count == right.named.count
            && zip(left.named, right.named).allSatisfy { $0.class == $1.class && $0.negated == $1.negated }
    }

    /// The set of one named class.
    init(_ named: Named, negated: Bool = false) {
        self.named = [(named, false)]
        self.negated = negated
    }

    /// The set of `scalar` alone.
    init(_ scalar: Unicode.Scalar, caseless: Bool) {
        ranges = [scalar.value...scalar.value]
        self.caseless = caseless
    }

    /// An empty set, to be filled.
    init() {}

    /// Whether `scalar` is in the set.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = containsExactly(scalar)
        if !found && caseless {
            found = Self.otherCases(of: scalar).contains { containsExactly($0) }
        }
        return found != negated
    }

    private func containsExactly(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        for range in ranges where range.contains(value) { return true }
        for (named, negated) in named where named.contains(scalar) != negated { return true }
        return false
    }

    /// A scalar's simple lower and upper case (the ones of a single scalar).
    static func otherCases(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let properties = scalar.properties
        var cases: [Unicode.Scalar] = []
        for mapped in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
            let scalars = mapped.unicodeScalars
            if scalars.count == 1, let first = scalars.first, first != scalar { cases.append(first) }
        }
        return cases
    }

    /// A word character for `\w` and `\b`: letters, decimal digits, marks and `_`.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation, .decimalNumber: return true
        default: return properties.isAlphabetic
        }
    }
}
