/// A `RegexNode` compiled to the instructions of a Thompson automaton: each consumes one
/// scalar, forks, jumps or asserts, and no instruction looks back at what matched before.
struct RegexProgram: Sendable {
    /// One step of the automaton.
    enum Instruction: Sendable {
        /// Consumes a scalar in `sets[index]`.
        case set(Int)
        /// Goes on at both places.
        case fork(Int, Int)
        /// Goes on at the place.
        case jump(Int)
        /// Goes on when the assertion holds here.
        case assert(RegexNode.Assertion)
        /// The pattern has matched.
        case match
    }

    /// The largest program a pattern may become once its counts are written out: `(a{1000}){1000}`
    /// would be a million instructions, each visited at every scalar.
    static let maxInstructions = 20_000

    /// The instructions; the automaton starts at the first.
    private(set) var instructions: [Instruction] = []
    /// The scalar sets the instructions consume.
    private(set) var sets: [ScalarSet] = []
    /// Each set's ASCII members as a bitmap (scalars 0–63, then 64–127): the test a search
    /// makes for nearly every scalar of a JSON value, without walking ranges and properties.
    private(set) var asciiBits: [(low: UInt64, high: UInt64)] = []
    /// The ASCII scalars a match can start with, and whether it can start with a non-ASCII
    /// one; nil when the pattern can match the empty text (then every place is a start).
    private(set) var firstScalars: (ascii: (low: UInt64, high: UInt64), other: Bool)?

    /// `node` compiled, or a refusal when it would be too large.
    init(_ node: RegexNode) throws(LinearRegex.SyntaxError) {
        try emit(node)
        append(.match)
        firstScalars = Self.first(of: instructions, bits: asciiBits, sets: sets)
    }

    /// Whether `scalar` is in set `index`.
    @inline(__always)
    func contains(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 64 { return asciiBits[index].low & (1 << UInt64(value)) != 0 }
        if value < 128 { return asciiBits[index].high & (1 << UInt64(value - 64)) != 0 }
        return sets[index].contains(scalar)
    }

    /// The union of what the instructions reachable from the start without consuming can
    /// consume; nil when `match` is among them.
    private static func first(of instructions: [Instruction], bits: [(low: UInt64, high: UInt64)], sets: [ScalarSet])
        -> (ascii: (low: UInt64, high: UInt64), other: Bool)?
    {
        var seen = Set<Int>()
        var stack = [0]
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        var other = false
        while let pc = stack.popLast() {
            guard seen.insert(pc).inserted else { continue }
            switch instructions[pc] {
            case .match: return nil
            case .jump(let target): stack.append(target)
            case .fork(let first, let second): stack += [first, second]
            case .assert: stack.append(pc + 1)
            case .set(let index):
                ascii.low |= bits[index].low
                ascii.high |= bits[index].high
                // Outside ASCII a set is asked, not mapped: any non-ASCII scalar may start a match.
                other = true
            }
        }
        return (ascii, other)
    }

    private mutating func emit(_ node: RegexNode) throws(LinearRegex.SyntaxError) {
        switch node {
        case .empty: break
        case .set(let set): append(.set(add(set)))
        case .any(let newline):
            var set = ScalarSet()
            set.ranges = [0...0x10_FFFF]
            if !newline {
                set.negated = true
                set.ranges = [0x0A...0x0A]
            }
            append(.set(add(set)))
        case .assertion(let assertion): append(.assert(assertion))
        case .concatenation(let nodes):
            for node in nodes { try emit(node) }
        case .alternation(let branches):
            // fork(first, next fork) … each branch jumps to the end.
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number < branches.count - 1 {
                    let fork = append(.fork(0, 0))
                    try emit(branch)
                    jumps.append(append(.jump(0)))
                    instructions[fork] = .fork(fork + 1, instructions.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .repetition(let node, let min, let max):
            for _ in 0..<min { try emit(node) }
            if let max {
                // Each optional copy may be skipped to the end.
                var forks: [Int] = []
                for _ in min..<max {
                    forks.append(append(.fork(0, 0)))
                    try emit(node)
                }
                for fork in forks { instructions[fork] = .fork(fork + 1, instructions.count) }
            } else {
                let fork = append(.fork(0, 0))
                try emit(node)
                append(.jump(fork))
                instructions[fork] = .fork(fork + 1, instructions.count)
            }
        }
        if instructions.count > Self.maxInstructions {
            throw LinearRegex.SyntaxError(
                message:
                    "the pattern is too large once its counts are written out (over \(Self.maxInstructions) steps)",
                offset: 0)
        }
    }

    /// `set` among the program's sets (an equal one is shared), with its ASCII bitmap.
    private mutating func add(_ set: ScalarSet) -> Int {
        if let index = sets.firstIndex(of: set) { return index }
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for value in 0..<128 {
            guard let scalar = Unicode.Scalar(UInt32(value)), set.contains(scalar) else { continue }
            if value < 64 { bits.low |= 1 << UInt64(value) } else { bits.high |= 1 << UInt64(value - 64) }
        }
        sets.append(set)
        asciiBits.append(bits)
        return sets.count - 1
    }

    @discardableResult
    private mutating func append(_ instruction: Instruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }
}
