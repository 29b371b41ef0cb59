/// A `RegexNode` compiled to the instructions of a Thompson automaton: each consumes one
/// scalar, forks, jumps or asserts, and no instruction looks back at what matched before.
struct RegexProgram: Sendable {
    /// One step of the automaton.
    enum Instruction: Sendable {
        /// Consumes a scalar in the set.
        case set(ScalarSet)
        /// Consumes any scalar, or any but a line break.
        case any(newline: Bool)
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

    /// `node` compiled, or a refusal when it would be too large.
    init(_ node: RegexNode) throws(LinearRegex.SyntaxError) {
        try emit(node)
        append(.match)
    }

    private mutating func emit(_ node: RegexNode) throws(LinearRegex.SyntaxError) {
        switch node {
        case .empty: break
        case .set(let set): append(.set(set))
        case .any(let newline): append(.any(newline: newline))
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

    @discardableResult
    private mutating func append(_ instruction: Instruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }
}
