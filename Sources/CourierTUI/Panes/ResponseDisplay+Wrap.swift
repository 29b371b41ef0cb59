import CourierCore

/// Long lines in the Response pane: wrapped (`W`, on for text, off for JSON where folds serve),
/// or cut at the edge with `›` and scrolled sideways with ← →, `‹` marking what is left of the
/// view. Widths are the pane's inner width, the cursor column included.
extension ResponseDisplay {
    /// The gutter of line numbers a text body has (`  12 │ `).
    var gutterWidth: Int { isText ? String(lineCount).count + 3 : 0 }

    /// The cells pane line `index` may use beside the cursor column and the gutter.
    func room(of index: Int, width: Int) -> Int {
        max(1, width - 1 - (isHeader(index) ? 0 : gutterWidth))
    }

    /// The rows pane line `index` takes at `width`: one, unless it wraps.
    func rows(of index: Int, width: Int) -> Int {
        guard wrap, width > 0 else { return 1 }
        return Self.rowCount(line(index), width: room(of: index, width: width))
    }

    /// The first line drawn in `height` rows at `width`: `scroll`, or a later one when the
    /// lines down to the cursor's wrap into more rows than there are.
    func firstShown(height: Int, width: Int) -> Int {
        var first = min(scroll, cursor)
        guard wrap, width > 0, cursor < lineCount else { return first }
        var used = (first...cursor).reduce(0) { $0 + rows(of: $1, width: width) }
        while first < cursor && used > height {
            used -= rows(of: first, width: width)
            first += 1
        }
        return first
    }

    /// The pane line drawn on `row` (from the top of the body area), if any.
    public func line(atRow row: Int, height: Int, width: Int) -> Int? {
        var index = firstShown(height: height, width: width)
        var top = 0
        while index < lineCount {
            let taken = rows(of: index, width: width)
            if row < top + taken { return index }
            top += taken
            index += 1
        }
        return nil
    }

    /// W: wrapping on or off (the view starts at the left edge again).
    mutating func toggleWrap(height: Int, width: Int) -> PaneOutcome {
        wrap.toggle()
        column = 0
        scroll = firstShown(height: height, width: width)
        return .notice(
            wrap ? "long lines wrap (W cuts them)" : "long lines cut at › · ← → scroll sideways", isError: false)
    }

    /// ← →: half a view sideways, not past the widest line on screen.
    mutating func scrollSideways(_ direction: Int, height: Int, width: Int) -> PaneOutcome {
        guard !wrap else { return .notice("long lines wrap; W cuts them to scroll sideways", isError: false) }
        let step = max(4, (width - 1 - gutterWidth) / 2)
        let shown = scroll..<min(lineCount, scroll + max(1, height))
        let widest = shown.map { CellWidth.of(line($0)) - room(of: $0, width: width) }.max() ?? 0
        column = max(0, min(column + direction * step, max(0, widest)))
        return .handled
    }

    /// Lines longer than this wrap at any character (counted, not laid out word by word): a
    /// 10 MB line on one row would cost every keystroke a walk through it.
    static let wordWrapLimit = 65_536

    /// Where each row of `characters` starts when wrapped into `width` cells: after the last
    /// space that fits, else at the character that does not.
    static func rowStarts(_ characters: [Character], width: Int) -> [Int] {
        var starts = [0]
        var used = 0
        var lastSpace: Int?
        for (index, character) in characters.enumerated() {
            let cells = max(0, CellWidth.of(character))
            if used + cells > width && used > 0 {
                if character == " " {
                    // A space at the edge hangs there: the next row starts after it.
                    starts.append(index + 1)
                    used = 0
                    lastSpace = nil
                    continue
                }
                let start = index - (starts.last ?? 0)
                if let space = lastSpace, space + 1 < index, start > 0 {
                    starts.append(space + 1)
                    used = characters[(space + 1)..<index].reduce(0) { $0 + max(0, CellWidth.of($1)) }
                } else {
                    starts.append(index)
                    used = 0
                }
                lastSpace = nil
            }
            if character == " " { lastSpace = index }
            used += cells
        }
        return starts
    }

    /// The rows `text` takes wrapped into `width` cells.
    static func rowCount(_ text: String, width: Int) -> Int {
        guard text.utf8.count <= wordWrapLimit else {
            return max(1, (CellWidth.of(text) + width - 1) / max(1, width))
        }
        return rowStarts(Array(text), width: width).count
    }

    /// `spans` cut into rows of `width` cells, at most `limit` of them: at spaces (a word
    /// longer than a row is cut), or anywhere for a line past `wordWrapLimit`.
    static func wrapped(_ spans: [(String, Style)], width: Int, limit: Int) -> [[(String, Style)]] {
        let length = spans.reduce(0) { $0 + $1.0.utf8.count }
        guard length <= wordWrapLimit else { return cut(spans, width: width, limit: limit) }
        var characters: [Character] = []
        var styles: [Int] = []
        for (index, span) in spans.enumerated() {
            for character in span.0 {
                characters.append(character)
                styles.append(index)
            }
        }
        let starts = rowStarts(characters, width: width)
        return starts.prefix(limit).enumerated().map { row, start in
            let end = row + 1 < starts.count ? starts[row + 1] : characters.count
            var pieces: [(String, Style)] = []
            for index in start..<end {
                if let last = pieces.last, styles[index] == styles[index - 1], index > start {
                    pieces[pieces.count - 1] = (last.0 + String(characters[index]), last.1)
                } else {
                    pieces.append((String(characters[index]), spans[styles[index]].1))
                }
            }
            return pieces
        }
    }

    /// `spans` cut into rows of `width` cells at any character; a wide character that would
    /// straddle the edge starts the next row.
    private static func cut(_ spans: [(String, Style)], width: Int, limit: Int) -> [[(String, Style)]] {
        var rows: [[(String, Style)]] = [[]]
        var used = 0
        for (text, style) in spans {
            var piece = ""
            for character in text {
                let cells = max(0, CellWidth.of(character))
                if used + cells > width && used > 0 {
                    if !piece.isEmpty { rows[rows.count - 1].append((piece, style)) }
                    guard rows.count < limit else { return rows }
                    rows.append([])
                    piece = ""
                    used = 0
                }
                piece.append(character)
                used += cells
            }
            if !piece.isEmpty { rows[rows.count - 1].append((piece, style)) }
        }
        return rows
    }
}
