import CourierCore

extension Views {
    /// Width of the help dialog's text on a screen `width` cells wide.
    static func helpTextWidth(_ width: Int) -> Int { max(10, min(width - 2, 80) - 4) }

    /// The key list as the help dialog shows it on a screen `width` cells wide: for each
    /// keymap row, the keys and where they work, then what they do, wrapped.
    public static func helpLines(width: Int) -> [(text: String, style: Style)] {
        let textWidth = helpTextWidth(width)
        var lines: [(String, Style)] = []
        for row in Keymap.standard.rows {
            let scope = row.scope.isEmpty ? "" : "  (\(row.scope))"
            lines += wrap(row.keys + scope, width: textWidth).map { ($0, Theme.strong) }
            lines += wrap(row.what.filter { $0 != "`" }, width: textWidth - 4).map { ("    " + $0, .plain) }
        }
        return lines
    }

    /// Rows of the key list visible at once on a screen `height` rows high.
    static func helpRows(height: Int) -> Int { max(1, height - 6) }

    /// The furthest the key list scrolls on a `width` × `height` screen.
    static func helpScrollLimit(width: Int, height: Int) -> Int {
        max(0, helpLines(width: width).count - helpRows(height: height))
    }

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

    static func drawModal(_ modal: Modal, _ state: AppState, into buffer: inout ScreenBuffer) {
        switch modal {
        case .help(let scroll):
            let lines = helpLines(width: buffer.width)
            let rows = helpRows(height: buffer.height)
            let first = min(scroll, max(0, lines.count - rows))
            let more = lines.count > rows ? "↑ ↓ scroll · " : ""
            let footer = "\(more)Esc closes · \(first + 1)-\(min(lines.count, first + rows))/\(lines.count)"
            dialog(
                title: "Keys", lines: Array(lines[first...].prefix(rows)) + [("", .plain), (footer, Theme.hint)],
                style: Theme.focusedBorder, width: helpTextWidth(buffer.width), into: &buffer)
        case .environmentSwitcher(let switcher):
            var lines = environmentLines(state, cursor: switcher.index) { index, environment in
                (index == state.activeEnvironment ? "▸" : " ", environment.isProtected ? "  ⚠ protected" : "")
            }
            lines.append(("", .plain))
            lines.append(("Enter picks · 1-9 jumps · Esc closes", Theme.hint))
            dialog(title: "Environment", lines: lines, style: Theme.focusedBorder, into: &buffer)
        case .confirm(_, let prepared, let redirect):
            let request = prepared.request
            let origin = prepared.origin
            let target = redirect?.environment ?? origin.environmentName
            var lines: [(String, Style)] = [
                ("\(target) is a protected environment.", Theme.warning),
                ("", .plain),
                ("\(request.method) \(origin.masking(request.url))", Theme.method(request.method)),
            ]
            if let redirect {
                lines.append(("is redirected to \(origin.masking(redirect.url))", Theme.warning))
            }
            lines += [
                ("route \(origin.routeName)", Theme.hint),
                ("", .plain),
                ("y sends · any other key cancels", Theme.strong),
            ]
            dialog(title: "Send to \(target)?", lines: lines, style: Theme.warning, into: &buffer)
        case .runPicker, .runConfirm, .runView:
            drawRunModal(modal, state, into: &buffer)
        case .history, .diffPicker, .diff:
            drawHistoryModal(modal, state, into: &buffer)
        case .pasteCurl, .saveRoute:
            drawEntryModal(modal, state, into: &buffer)
        case .cookies(let environment, let cookies, let scroll):
            drawCookies(environment: environment, cookies: cookies, scroll: scroll, into: &buffer)
        }
    }

    /// One row per environment for a dialog that picks one: `marker number  name note`, the
    /// cursor's row reversed, protected ones in the warning colour.
    static func environmentLines(
        _ state: AppState, cursor: Int, decoration: (Int, Environment) -> (marker: String, note: String)
    ) -> [(String, Style)] {
        state.workspace.environments.enumerated().map { index, environment in
            var style: Style = environment.isProtected ? Theme.warning : .plain
            if index == cursor { style = style.reversed }
            let (marker, note) = decoration(index, environment)
            return ("\(marker) \(index + 1)  \(environment.name)\(note)", style)
        }
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
        buffer.fill(rect)
        buffer.box(rect, title: title, style: style)
        for (index, line) in lines.prefix(max(0, rect.inner.height)).enumerated() {
            buffer.put(" " + line.0, x: rect.inner.x, y: rect.inner.y + index, style: line.1, clip: rect.inner)
        }
    }
}
