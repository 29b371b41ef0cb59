/// A parsed `LinearRegex`: what `RegexParser` makes and `RegexProgram` compiles. No node
/// refers back to an earlier match (no back-references, no lookaround), which is what lets
/// the whole pattern run as one automaton over the text.
indirect enum RegexNode: Sendable, Equatable {
    /// A place in the text, matched without consuming it.
    enum Assertion: Sendable, Equatable {
        /// `^` (and `\A`): the start of the text.
        case textStart
        /// `$` (and `\z`): the end of the text.
        case textEnd
        /// `\Z`: the end of the text, or before a line break that ends it.
        case textEndOrFinalNewline
        /// `^` under `(?m)`: the start of the text or of a line.
        case lineStart
        /// `$` under `(?m)`: the end of the text or of a line.
        case lineEnd
        /// `\b`: between a word character and another character (or an end).
        case wordBoundary
        /// `\B`: anywhere `\b` is not.
        case notWordBoundary

        /// Whether the assertion holds between `before` and `after` (nil at an end).
        func holds(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
            let newline: Unicode.Scalar = "\n"
            switch self {
            case .textStart: return before == nil
            case .textEnd: return after == nil
            case .textEndOrFinalNewline: return after == nil || after == newline
            case .lineStart: return before == nil || before == newline
            case .lineEnd: return after == nil || after == newline
            case .wordBoundary, .notWordBoundary:
                let left = before.map(ScalarSet.isWord) ?? false
                let right = after.map(ScalarSet.isWord) ?? false
                return (left != right) == (self == .wordBoundary)
            }
        }
    }

    /// Matches the empty string.
    case empty
    /// One scalar from a set (a literal is a set of one).
    case set(ScalarSet)
    /// `.`: any scalar; a line break only under `(?s)`.
    case any(newline: Bool)
    /// A zero-width assertion.
    case assertion(Assertion)
    /// Each in turn.
    case concatenation([RegexNode])
    /// Any one of them.
    case alternation([RegexNode])
    /// `min` to `max` (nil: no limit) times in a row.
    case repetition(RegexNode, min: Int, max: Int?)

    /// Whether every match must start at the start of the text, so the search can stop
    /// trying later starts.
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(.textStart): return true
        case .concatenation(let nodes): return nodes.first?.isAnchoredAtStart ?? false
        case .alternation(let nodes): return !nodes.isEmpty && nodes.allSatisfy(\.isAnchoredAtStart)
        case .repetition(let node, let min, _): return min > 0 && node.isAnchoredAtStart
        default: return false
        }
    }
}
