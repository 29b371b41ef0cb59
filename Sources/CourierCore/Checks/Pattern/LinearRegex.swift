/// The regular expressions of `matches` (checks and `--until`): the syntax of Swift's
/// `Regex` and Rust's `regex` (classes, `\d\w\s\p{…}`, anchors, `\b`, groups, counts,
/// `(?imsx)`), run as an automaton in time linear in the text, whatever the pattern.
///
/// Swift's `Regex` backtracks: `^/(a+)+$` against 32 characters from a server did not finish
/// in a minute. Here every scalar of the text is read once, with at most one thread per
/// instruction, and a search that would still pass `LinearRegex.maxSteps` stops and says so
/// (DECISIONS, "`matches` runs in linear time"). What an automaton cannot do (back-references,
/// lookaround, atomic groups, possessive quantifiers) is refused when the check is read.
/// Matching is by Unicode scalar: `.` is one scalar, where Swift's `Regex` takes a character.
public struct LinearRegex: Sendable {
    /// Why a pattern was refused: the message and the scalar offset it points at.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, as one clause.
        public var message: String
        /// The offset in the pattern's Unicode scalars.
        public var offset: Int

        /// `message`, at `offset`.
        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }

        /// The message and its place.
        public var description: String { "\(message) (at \(offset))" }
    }

    /// A search that would take more steps than `LinearRegex.maxSteps`.
    public struct TooExpensive: Error, Equatable, Sendable, CustomStringConvertible {
        /// The scalars of the text the search had read when it stopped.
        public var scalarsRead: Int

        /// The message.
        public var description: String {
            "the pattern costs more than \(LinearRegex.maxSteps / 1_000_000) million steps on this value "
                + "(stopped after \(scalarsRead) characters); match a shorter part or a simpler pattern"
        }
    }

    /// The most automaton steps one search takes: a second or so of work, many times what a
    /// pattern of a few dozen instructions needs for a megabyte.
    public static let maxSteps = 200_000_000

    private let program: RegexProgram
    private let anchored: Bool

    /// The pattern compiled, or why it cannot be.
    public init(_ pattern: String) throws(SyntaxError) {
        var parser = RegexParser(pattern)
        let node = try parser.parse()
        program = try RegexProgram(node)
        anchored = node.isAnchoredAtStart
    }

    /// Whether the pattern matches anywhere in `text`, or a refusal past `maxSteps`.
    public func isMatch(in text: String, maxSteps: Int = LinearRegex.maxSteps) -> Result<Bool, TooExpensive> {
        let instructions = program.instructions
        var current = ThreadSet(capacity: instructions.count)
        var next = ThreadSet(capacity: instructions.count)
        var stack: [Int] = []
        var steps = 0
        var read = 0
        var before: Unicode.Scalar? = nil
        var scalars = text.unicodeScalars.makeIterator()
        var scalar = scalars.next()

        /// Adds `start` and every instruction reachable from it without consuming to `set`,
        /// between `before` and `after`; true when that reaches `match`.
        func close(_ start: Int, into set: inout ThreadSet, before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
            stack.append(start)
            while let pc = stack.popLast() {
                guard set.insert(pc) else { continue }
                steps += 1
                switch instructions[pc] {
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                case .jump(let target): stack.append(target)
                case .fork(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assert(let assertion):
                    if assertion.holds(before: before, after: after) { stack.append(pc + 1) }
                case .set, .any: break
                }
            }
            return false
        }

        while true {
            if !anchored || read == 0 {
                if close(0, into: &current, before: before, after: scalar) { return .success(true) }
            }
            guard let consumed = scalar, !current.isEmpty else { break }
            let following = scalars.next()
            for pc in current.members {
                steps += 1
                let advances: Bool
                switch instructions[pc] {
                case .set(let set): advances = set.contains(consumed)
                case .any(let newline): advances = newline || consumed != "\n"
                default: advances = false
                }
                if advances && close(pc + 1, into: &next, before: consumed, after: following) {
                    return .success(true)
                }
            }
            if steps > maxSteps { return .failure(TooExpensive(scalarsRead: read)) }
            swap(&current, &next)
            next.removeAll()
            before = consumed
            scalar = following
            read += 1
            if anchored && current.isEmpty { break }
        }
        return .success(false)
    }
}

/// The automaton's threads at one place in the text: a sparse set of instruction numbers,
/// cleared in constant time and listed in the order they were added.
private struct ThreadSet {
    private var dense: [Int]
    private var sparse: [Int]
    private var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    var isEmpty: Bool { count == 0 }

    var members: ArraySlice<Int> { dense[0..<count] }

    /// Adds `value`; false when it was there.
    mutating func insert(_ value: Int) -> Bool {
        let slot = sparse[value]
        if slot < count && dense[slot] == value { return false }
        sparse[value] = count
        dense[count] = value
        count += 1
        return true
    }

    mutating func removeAll() { count = 0 }
}
