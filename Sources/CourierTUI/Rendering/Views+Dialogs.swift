import CourierCore

/// What every dialog draws with: the centred box, wrapping and cutting text.
extension Views {
    /// `text` broken at spaces into lines of at most `width` cells (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if CellWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = word
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` cut into pieces of at most `width` cells (at least one piece, maybe empty).
    static func chunks(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in text {
            if CellWidth.of(piece + String(character)) > max(1, width) {
                pieces.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        pieces.append(piece)
        return pieces
    }

    /// A centred box holding `lines` (`width` cells wide, else as wide as they are), clipped
    /// to the screen.
    static func dialog(
        title: String, lines: [(String, Style)], style: Style, width: Int? = nil, into buffer: inout ScreenBuffer
    ) {
        let contentWidth = width ?? max(CellWidth.of(title) + 4, lines.map { CellWidth.of($0.0) }.max() ?? 0)
        let width = min(buffer.width - 2, contentWidth + 4)
        let height = min(buffer.height - 2, lines.count + 2)
        let rect = Rect(x: (buffer.width - width) / 2, y: (buffer.height - height) / 2, width: width, height: height)
        // A blank column each side: a pane's corner cut by the box read as a broken one (`└│`).
        buffer.fill(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height))
        buffer.box(rect, title: title, style: style)
        for (index, line) in lines.prefix(max(0, rect.inner.height)).enumerated() {
            buffer.put(" " + line.0, x: rect.inner.x, y: rect.inner.y + index, style: line.1, clip: rect.inner)
        }
    }
}
