import CourierCore

/// The history dialog, the environment picker of a comparison, and the diff view.
extension Views {
    /// Rows of differences visible in the diff view on a screen `height` rows high (a box
    /// above the status bar, its title row and its footer take five).
    public static func diffRows(height: Int) -> Int { max(1, height - 5) }

    static func drawHistoryModal(_ modal: Modal, _ state: AppState, into buffer: inout ScreenBuffer) {
        switch modal {
        case .history(let browser):
            let visible = max(1, buffer.height - 8)
            let count = browser.entries.count
            let first = max(0, min(browser.cursor.index - visible / 2, count - visible))
            let environmentWidth = min(16, browser.entries.map { CellWidth.of($0.environment) }.max() ?? 0)
            var lines: [(String, Style)] = []
            for (index, entry) in browser.entries.enumerated().dropFirst(first).prefix(visible) {
                var style = entry.status >= 400 ? Theme.error : Style.plain
                if index == browser.cursor.index { style = style.reversed }
                lines.append((HistoryBrowser.row(entry, environmentWidth: environmentWidth), style))
            }
            lines.append(("", .plain))
            lines.append(("Enter shows it · Esc closes · \(browser.cursor.index + 1)/\(count)", Theme.hint))
            dialog(title: "History · \(browser.route)", lines: lines, style: Theme.focusedBorder, into: &buffer)
        case .diffPicker(let cursor):
            var lines = environmentLines(state, cursor: cursor.index) { _, environment in
                (" ", environment.name == state.shownExchange?.origin.environmentName ? "  (shown)" : "")
            }
            lines.append(("", .plain))
            lines.append(("Enter sends there and compares · Esc closes", Theme.hint))
            let route = state.shownExchange?.origin.routeName ?? ""
            dialog(title: "Compare \(route) with", lines: lines, style: Theme.focusedBorder, into: &buffer)
        case .diff(let display):
            drawDiff(display, into: &buffer)
        default:
            break
        }
    }

    /// The diff view over the whole screen but the status bar: the two sides' titles, then the
    /// differences, side by side from `DiffDisplay.sideBySideWidth` columns, stacked below it.
    static func drawDiff(_ display: DiffDisplay, into buffer: inout ScreenBuffer) {
        let rect = Rect(x: 0, y: 0, width: buffer.width, height: max(3, buffer.height - 1))
        buffer.fill(rect)
        buffer.box(rect, title: "Diff · \(display.route)", style: Theme.focusedBorder)
        let inner = rect.inner
        let rows = display.rows(width: buffer.width)
        let sideBySide = buffer.width >= DiffDisplay.sideBySideWidth
        let column = max(1, (inner.width - 3) / 2)
        let right = inner.x + 1 + column + 2
        if sideBySide {
            buffer.put(display.leftTitle, x: inner.x + 1, y: inner.y, style: Theme.error, clip: inner)
            buffer.put("│ " + display.rightTitle, x: right - 2, y: inner.y, style: Theme.notice, clip: inner)
        } else {
            let x = buffer.put("- " + display.leftTitle, x: inner.x + 1, y: inner.y, style: Theme.error, clip: inner)
            buffer.put("  + " + display.rightTitle, x: x, y: inner.y, style: Theme.notice, clip: inner)
        }
        let height = diffRows(height: buffer.height)
        let anchors = DiffDisplay.anchors(in: rows)
        let currentRow = anchors.isEmpty ? -1 : anchors[min(display.current, anchors.count - 1)]
        for offset in 0..<height {
            let index = display.scroll + offset
            guard index < rows.count else { break }
            let y = inner.y + 1 + offset
            let marker = index == currentRow ? "▸" : " "
            switch rows[index] {
            case .place(let place):
                buffer.put(marker + place, x: inner.x, y: y, style: Theme.strong, clip: inner)
            case .pair(let left, let value):
                let clipLeft = Rect(x: inner.x, y: inner.y, width: column + 2, height: inner.height)
                buffer.put("  " + left, x: inner.x, y: y, style: Theme.error, clip: clipLeft)
                buffer.put("│ ", x: right - 2, y: y, style: Theme.hint, clip: inner)
                buffer.put(value, x: right, y: y, style: Theme.notice, clip: inner)
            case .left(let value):
                buffer.put("   - " + value, x: inner.x, y: y, style: Theme.error, clip: inner)
            case .right(let value):
                buffer.put("   + " + value, x: inner.x, y: y, style: Theme.notice, clip: inner)
            case .text(let line):
                let style: Style =
                    line.hasPrefix("@@")
                    ? Theme.header : line.hasPrefix("+") ? Theme.notice : line.hasPrefix("-") ? Theme.error : .plain
                buffer.put(marker + line, x: inner.x, y: y, style: style, clip: inner)
            }
        }
        let count = anchors.count
        let position = count == 0 ? "" : " · \(min(display.current, count - 1) + 1)/\(count)"
        buffer.put(
            "n N next / previous difference · j k scroll · Esc closes\(position)", x: inner.x + 1,
            y: inner.y + inner.height - 1, style: Theme.hint, clip: inner)
    }
}
