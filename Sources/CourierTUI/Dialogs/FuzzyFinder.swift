import CourierCore

/// A list found as the user types, as the palette and the GraphQL operation picker find
/// theirs: a fuzzy match (the letters in order, a run of them and word starts scoring higher),
/// the matches best first, and a cursor among them.
public struct FuzzyFinder: Sendable, Equatable {
    /// Each entry's text lower-cased, as UTF-8, matched against (bytes: comparing `Character`s
    /// cost the 5,000-route palette its 16 ms budget).
    private var haystacks: [[UInt8]]
    /// Typed so far.
    public private(set) var query = ""
    /// Indices of the matching entries, best first.
    public private(set) var matches: [Int]
    /// The letters `matches` were found for: a letter typed after them can only narrow them.
    private var needle: [UInt8] = []
    /// The row under the cursor, among the matches.
    public var cursor = ListCursor()

    /// A finder over entries whose texts are `haystacks` (`folded`), nothing typed.
    init(haystacks: [[UInt8]]) {
        self.haystacks = haystacks
        matches = Array(haystacks.indices)
    }

    /// The entry under the cursor, if any matches.
    var selected: Int? { matches[safe: cursor.index] }

    /// Adds entries (after those there), found against what is typed.
    mutating func append(_ more: [[UInt8]]) {
        haystacks += more
        let typed = query
        needle = []
        setQuery(typed)
    }

    /// Backspace, Ctrl-U, or a move of the cursor.
    mutating func apply(_ action: Action) {
        switch action {
        case .deleteBackward: setQuery(String(query.dropLast()))
        case .clear: setQuery("")
        default: _ = cursor.apply(action, count: matches.count)
        }
    }

    /// A key typed: a character narrows the list.
    mutating func type(_ key: Key) {
        if case .char(let character) = key { setQuery(query + String(character)) }
    }

    /// `text` lower-cased as UTF-8 bytes; ASCII, which names and paths nearly always are,
    /// without going through `String.lowercased`.
    static func folded(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(text.lowercased().utf8) }
        for index in bytes.indices where bytes[index] &- 65 < 26 { bytes[index] |= 0x20 }
        return bytes
    }

    /// Replaces the query and ranks the entries against it, the cursor on the best.
    mutating func setQuery(_ text: String) {
        query = text
        let typed = Self.folded(text).filter { $0 != 32 }
        if typed.isEmpty {
            matches = Array(haystacks.indices)
        } else if typed != needle {
            // Letters added at the end can only drop entries: look among the matches alone.
            let candidates = !needle.isEmpty && typed.starts(with: needle) ? matches.sorted() : Array(haystacks.indices)
            let scored = candidates.compactMap { index in
                Self.score(typed, in: haystacks[index]).map { ($0, index) }
            }
            matches = scored.sorted { ($0.0, -$0.1) > ($1.0, -$1.1) }.map(\.1)
        }
        needle = typed
        cursor = ListCursor()
    }

    /// How well `needle` matches `haystack` (its letters in order), nil when it does not: each
    /// letter scores, more at a word's start and more right after the letter before it; the
    /// best way to place the letters counts (a row of them beats the first letters found).
    static func score(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        // Most entries fail here, before any scoring.
        var position = 0
        for letter in needle {
            while position < haystack.count && haystack[position] != letter { position += 1 }
            guard position < haystack.count else { return nil }
            position += 1
        }
        let count = haystack.count
        let none = Int.min / 2
        // previous[j]: the best score with the letters so far, the last one at j. Two rows on
        // the stack, swapped letter by letter: the first letter typed scores every entry.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { rows -> Int? in
            guard let base = rows.baseAddress else { return nil }
            var previous = UnsafeMutableBufferPointer(start: base, count: count)
            var current = UnsafeMutableBufferPointer(start: base + count, count: count)
            previous.initialize(repeating: none)
            current.initialize(repeating: none)
            for (index, letter) in needle.enumerated() {
                var bestBefore = none
                for j in 0..<count {
                    if j > 0 { bestBefore = max(bestBefore, previous[j - 1]) }
                    guard haystack[j] == letter else {
                        current[j] = none
                        continue
                    }
                    let start = 1 + (j == 0 || isSeparator(haystack[j - 1]) ? 3 : 0)
                    if index == 0 {
                        current[j] = start
                    } else {
                        let adjacent = j > 0 && previous[j - 1] > none ? previous[j - 1] + 4 : none
                        let best = max(adjacent, bestBefore)
                        current[j] = best > none ? best + start : none
                    }
                }
                swap(&previous, &current)
            }
            let best = previous.max() ?? none
            return best > none ? best : nil
        }
    }

    /// A byte after which a letter starts a word: space . / - _ :
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 46 || byte == 47 || byte == 45 || byte == 95 || byte == 58
    }
}
