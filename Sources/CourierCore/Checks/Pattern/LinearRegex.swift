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
        RegexSearch(program: program, anchored: anchored, maxSteps: maxSteps).run(text)
    }
}

/// One search of a `RegexProgram` over a text: the threads alive before and after each
/// scalar, and the steps taken. Its sets and stack are raw buffers sized by the program
/// (each instruction is in a set at most once, and the stack holds at most two entries per
/// instruction): the search allocates nothing per scalar and checks no array's uniqueness.
private final class RegexSearch {
    let program: RegexProgram
    let instructions: [RegexProgram.Instruction]
    let anchored: Bool
    let maxSteps: Int
    var current: ThreadSet
    var next: ThreadSet
    let stack: UnsafeMutablePointer<Int32>
    var steps = 0

    init(program: RegexProgram, anchored: Bool, maxSteps: Int) {
        self.program = program
        instructions = program.instructions
        self.anchored = anchored
        self.maxSteps = maxSteps
        current = ThreadSet(capacity: instructions.count)
        next = ThreadSet(capacity: instructions.count)
        stack = .allocate(capacity: 2 * instructions.count + 2)
    }

    deinit {
        current.deallocate()
        next.deallocate()
        stack.deallocate()
    }

    func run(_ text: String) -> Result<Bool, LinearRegex.TooExpensive> {
        var read = 0
        var before: Unicode.Scalar? = nil
        var scalars = text.unicodeScalars.makeIterator()
        var scalar = scalars.next()
        let first = anchored ? nil : program.firstScalars
        while true {
            if !anchored || read == 0 {
                // With no thread alive, a place whose scalar cannot start a match is passed by.
                if let first, current.isEmpty {
                    while let candidate = scalar, !Self.mayStart(candidate, first) {
                        before = candidate
                        scalar = scalars.next()
                        read += 1
                    }
                }
                if close(0, intoNext: false, before: before, after: scalar) { return .success(true) }
            }
            guard let consumed = scalar, !current.isEmpty else { break }
            let following = scalars.next()
            for slot in 0..<current.count {
                let pc = Int(current.dense[slot])
                guard case .set(let index) = instructions[pc], program.contains(index, consumed) else { continue }
                if close(pc + 1, intoNext: true, before: consumed, after: following) { return .success(true) }
            }
            steps += current.count
            if steps > maxSteps { return .failure(LinearRegex.TooExpensive(scalarsRead: read)) }
            swap(&current, &next)
            next.count = 0
            before = consumed
            scalar = following
            read += 1
        }
        return .success(false)
    }

    @inline(__always)
    private static func mayStart(_ scalar: Unicode.Scalar, _ first: (ascii: (low: UInt64, high: UInt64), other: Bool))
        -> Bool
    {
        let value = scalar.value
        if value < 64 { return first.ascii.low & (1 << UInt64(value)) != 0 }
        if value < 128 { return first.ascii.high & (1 << UInt64(value - 64)) != 0 }
        return first.other
    }

    /// Adds `start` and every instruction reachable from it without consuming to the threads
    /// of this place (or of the next), between `before` and `after`; true when that reaches `match`.
    private func close(_ start: Int, intoNext: Bool, before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        // The buffers are shared; only the count is held by value, and goes back at the end.
        var set = intoNext ? next : current
        defer { if intoNext { next.count = set.count } else { current.count = set.count } }
        var top = 1
        stack[0] = Int32(start)
        while top > 0 {
            top -= 1
            let pc = Int(stack[top])
            guard set.insert(pc) else { continue }
            steps += 1
            switch instructions[pc] {
            case .match: return true
            case .jump(let target):
                stack[top] = Int32(target)
                top += 1
            case .fork(let first, let second):
                stack[top] = Int32(second)
                stack[top + 1] = Int32(first)
                top += 2
            case .assert(let assertion):
                if assertion.holds(before: before, after: after) {
                    stack[top] = Int32(pc + 1)
                    top += 1
                }
            case .set: break
            }
        }
        return false
    }
}

/// The automaton's threads at one place in the text: a sparse set of instruction numbers in
/// raw buffers, cleared in constant time and listed in the order they were added.
private struct ThreadSet {
    let dense: UnsafeMutablePointer<Int32>
    let sparse: UnsafeMutablePointer<Int32>
    var count = 0

    init(capacity: Int) {
        dense = .allocate(capacity: max(1, capacity))
        sparse = .allocate(capacity: max(1, capacity))
        sparse.initialize(repeating: 0, count: max(1, capacity))
        dense.initialize(repeating: 0, count: max(1, capacity))
    }

    func deallocate() {
        dense.deallocate()
        sparse.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `value`; false when it was there.
    @inline(__always)
    mutating func insert(_ value: Int) -> Bool {
        let slot = Int(sparse[value])
        if slot < count && Int(dense[slot]) == value { return false }
        sparse[value] = Int32(count)
        dense[count] = Int32(value)
        count += 1
        return true
    }
}
