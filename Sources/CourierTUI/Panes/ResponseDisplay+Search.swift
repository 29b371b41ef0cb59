/// Searching the shown body: `/` finds, `n` and `N` move between matches.
extension ResponseDisplay {
    /// Finds every line of the shown body containing `query` (ASCII letters match either case,
    /// as in `columns(matching:in:)`, so what is found is what is highlighted)
    /// and moves to the first match at or after the top of the screen.
    public mutating func find(_ query: String, height: Int) {
        guard !query.isEmpty else {
            search = nil
            return
        }
        let needle = Array(query.utf8).map(Self.fold)
        let document = shownBody
        let headerCount = headerRowCount
        var lines: [Int] = []
        document.bytes.withUnsafeBufferPointer { haystack in
            guard let base = haystack.baseAddress, needle.count <= haystack.count else { return }
            let first = needle[0]
            let upperFirst = first >= 0x61 && first <= 0x7A ? first - 0x20 : first
            var offset = 0
            var lastLine = -1
            while offset <= haystack.count - needle.count {
                // Jump to the next byte that can start a match, then compare the rest.
                let byte = base[offset]
                if byte != first && byte != upperFirst {
                    offset += 1
                    continue
                }
                var matched = true
                for index in 1..<needle.count {
                    if Self.fold(base[offset + index]) != needle[index] {
                        matched = false
                        break
                    }
                }
                if matched {
                    let line = Self.lineIndex(of: offset, in: document.lineStarts)
                    if line != lastLine {
                        lines.append(line + headerCount)
                        lastLine = line
                    }
                    // The rest of this line is already counted: skip to the next line.
                    offset = line + 1 < document.lineStarts.count ? Int(document.lineStarts[line + 1]) : haystack.count
                } else {
                    offset += 1
                }
            }
        }
        let current = lines.firstIndex { $0 >= scroll } ?? 0
        search = Search(query: query, lines: lines, current: current)
        reveal(height: height)
    }

    /// Moves to the next (`forward`) or previous match, wrapping around.
    public mutating func nextMatch(forward: Bool, height: Int) {
        guard var search, !search.lines.isEmpty else { return }
        search.current = (search.current + (forward ? 1 : search.lines.count - 1)) % search.lines.count
        self.search = search
        reveal(height: height)
    }

    private mutating func reveal(height: Int) {
        guard let search, search.lines.indices.contains(search.current) else { return }
        let line = search.lines[search.current]
        cursor = line
        if line < scroll || line >= scroll + height {
            scroll = max(0, min(line - height / 3, max(0, lineCount - height)))
        }
    }

    /// The line containing byte `offset`, by binary search over line starts.
    static func lineIndex(of offset: Int, in starts: [UInt32]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// An ASCII letter in lower case; every other byte as it is. The one case rule of search.
    static func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// Character ranges of `text` where `query` occurs, by the same case rule as `find`.
    public static func columns(matching query: String, in text: String) -> [Range<Int>] {
        let characters = Array(text)
        let needle = Array(query)
        guard !needle.isEmpty, needle.count <= characters.count else { return [] }
        func same(_ a: Character, _ b: Character) -> Bool {
            guard a.isASCII, b.isASCII, let x = a.asciiValue, let y = b.asciiValue else { return a == b }
            return fold(x) == fold(y)
        }
        var ranges: [Range<Int>] = []
        var index = 0
        while index <= characters.count - needle.count {
            if (0..<needle.count).allSatisfy({ same(characters[index + $0], needle[$0]) }) {
                ranges.append(index..<(index + needle.count))
                index += needle.count
            } else {
                index += 1
            }
        }
        return ranges
    }
}
