/// A grid of styled cells that views draw into; only the terminal turns it into output.
///
/// A wide character occupies its cell and leaves the next one as a continuation (empty
/// text), so every row always spans exactly `width` columns. Drawing is clipped: text that
/// would cross the right edge or a clip rectangle is cut at a character boundary.
public struct ScreenBuffer: Sendable, Equatable {
    /// One cell.
    public struct Cell: Sendable, Equatable {
        /// The character drawn here; empty for the right half of a wide character.
        public var text: String
        /// Its style.
        public var style: Style
    }

    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank buffer.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(text: " ", style: .plain), count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` from (`x`, `y`), clipped to `clip` (default: the whole buffer).
    /// Returns the column after the last cell written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip ?? Rect(x: 0, y: 0, width: width, height: height)
        guard y >= max(0, area.y), y < min(height, area.y + area.height) else { return x }
        let right = min(width, area.x + area.width)
        var column = x
        for character in text {
            var cell = String(character)
            var cellWidth = CellWidth.of(character)
            if character == "\t" {
                cell = " "
                cellWidth = 1
            } else if cellWidth == 0 {
                if character.isASCII
                    || character.unicodeScalars.allSatisfy({ $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
                {
                    // Control characters are drawn visibly, never sent to the terminal.
                    cell = "�"
                    cellWidth = 1
                } else {
                    continue
                }
            }
            if column + cellWidth > right { break }
            if column >= max(0, area.x) {
                cells[y * width + column] = Cell(text: cell, style: style)
                for extra in 1..<max(1, cellWidth) { cells[y * width + column + extra] = Cell(text: "", style: style) }
            }
            column += cellWidth
        }
        return column
    }

    /// Fills a rectangle with spaces in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let rows = max(0, rect.y)..<max(max(0, rect.y), min(height, rect.y + rect.height))
        let columns = max(0, rect.x)..<max(max(0, rect.x), min(width, rect.x + rect.width))
        for row in rows {
            for column in columns { cells[row * width + column] = Cell(text: " ", style: style) }
        }
    }

    /// Draws a box border with an optional title in the top edge.
    public mutating func box(_ rect: Rect, title: String = "", style: Style = .plain, titleStyle: Style? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.x + rect.width - 1
        let bottom = rect.y + rect.height - 1
        for column in rect.x...right {
            put("─", x: column, y: rect.y, style: style)
            put("─", x: column, y: bottom, style: style)
        }
        for row in rect.y...bottom {
            put("│", x: rect.x, y: row, style: style)
            put("│", x: right, y: row, style: style)
        }
        put("┌", x: rect.x, y: rect.y, style: style)
        put("┐", x: right, y: rect.y, style: style)
        put("└", x: rect.x, y: bottom, style: style)
        put("┘", x: right, y: bottom, style: style)
        if !title.isEmpty, rect.width > 4 {
            // A title too long ends in `…` a cell before the corner, never against it.
            let room = rect.width - 5
            let shown = CellWidth.of(title) <= room + 1 ? title : String(title.padded(to: max(0, room - 1))) + "…"
            put(
                " \(shown) ", x: rect.x + 1, y: rect.y, style: titleStyle ?? style,
                clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1))
        }
    }

    /// The rows as plain text (wide characters once, styles dropped), for tests.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line += cells[row * width + column].text }
            return line
        }
    }

    /// The rows as text with trailing spaces removed, for tests.
    public var trimmedLines: [String] {
        lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }
    }
}
