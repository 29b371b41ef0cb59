import CourierCore

/// Draws an `AppState` into a `ScreenBuffer`. Pure functions of the state: the same state
/// always gives the same cells, which is what the render tests compare.
public enum Views {
    static let focusedBorder = Style(.cyan, bold: true)
    static let border = Style(dim: true)
    static let warning = Style(.yellow, bold: true)
    static let error = Style(.red, bold: true)
    static let hint = Style(dim: true)
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The whole screen for `state`.
    public static func render(_ state: AppState) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: state.width, height: state.height)
        guard state.width >= AppState.minimumWidth, state.height >= AppState.minimumHeight else {
            drawTooSmall(state, into: &buffer)
            return buffer
        }
        let layout = Layout(width: state.width, height: state.height, state: state)
        drawEnvironments(state, layout.environments, into: &buffer)
        drawRoutes(state, layout.routes, into: &buffer)
        drawRequest(state, layout.request, into: &buffer)
        drawResponse(state, layout.response, into: &buffer)
        drawStatusBar(state, layout.statusBar, into: &buffer)
        if let modal = state.modal { drawModal(modal, state, into: &buffer) }
        return buffer
    }

    static func drawTooSmall(_ state: AppState, into buffer: inout ScreenBuffer) {
        let lines = [
            "terminal too small",
            "min \(AppState.minimumWidth)×\(AppState.minimumHeight), now \(state.width)×\(state.height)",
        ]
        for (index, line) in lines.enumerated() {
            let x = max(0, (state.width - CellWidth.of(line)) / 2)
            buffer.put(line, x: x, y: max(0, state.height / 2 - 1) + index, style: index == 0 ? warning : hint)
        }
    }

    static func paneBorder(_ state: AppState, _ pane: Pane) -> Style {
        state.focus == pane && state.modal == nil ? focusedBorder : border
    }

    /// Colour of an HTTP method.
    public static func methodStyle(_ method: HTTPMethod) -> Style {
        switch method {
        case .get: return Style(.green, bold: true)
        case .post: return Style(.yellow, bold: true)
        case .put: return Style(.blue, bold: true)
        case .patch: return Style(.cyan, bold: true)
        case .delete: return Style(.red, bold: true)
        default: return Style(.magenta, bold: true)
        }
    }

    /// The first visible row so that `cursor` stays inside `rows` rows.
    static func scrollStart(cursor: Int, rows: Int) -> Int {
        max(0, cursor - rows + 1)
    }

    // MARK: Left column

    static func drawEnvironments(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: "Environments", style: paneBorder(state, .environments))
        let inner = rect.inner
        let start = scrollStart(cursor: state.environmentCursor, rows: inner.height)
        for (row, index) in (start..<state.workspace.environments.count).prefix(max(0, inner.height)).enumerated() {
            let environment = state.workspace.environments[index]
            let active = index == state.activeEnvironment
            var style: Style = environment.isProtected ? warning : (active ? Style(bold: true) : .plain)
            if state.focus == .environments && index == state.environmentCursor { style = style.reversed }
            let y = inner.y + row
            buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style)
            let marker = active ? "▸ " : "  "
            buffer.put(marker + environment.name, x: inner.x, y: y, style: style, clip: inner)
            if environment.isProtected {
                buffer.put("⚠", x: inner.x + inner.width - 2, y: y, style: style, clip: inner)
            }
        }
    }

    static func drawRoutes(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        let routes = state.filteredRoutes
        let title = state.routeFilter.isEmpty ? "Routes" : "Routes (\(routes.count)/\(state.workspace.routes.count))"
        buffer.box(rect, title: title, style: paneBorder(state, .routes))
        var inner = rect.inner
        if state.isFiltering || !state.routeFilter.isEmpty {
            let filterY = inner.y + inner.height - 1
            buffer.put(
                "/" + state.routeFilter + (state.isFiltering ? "▏" : ""), x: inner.x, y: filterY,
                style: state.isFiltering ? Style(.cyan) : hint, clip: inner)
            inner.height -= 1
        }
        if routes.isEmpty {
            buffer.put("no route matches", x: inner.x, y: inner.y, style: hint, clip: inner)
            return
        }
        let start = scrollStart(cursor: state.routeCursor, rows: inner.height)
        for (row, index) in (start..<routes.count).prefix(max(0, inner.height)).enumerated() {
            let route = routes[index]
            let y = inner.y + row
            let selected = index == state.routeCursor
            let highlighted = selected && state.focus == .routes
            let base: Style = highlighted ? Style.plain.reversed : .plain
            buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base)
            var x = buffer.put(selected ? "▸ " : "  ", x: inner.x, y: y, style: base, clip: inner)
            var verb = methodStyle(route.method)
            verb.reverse = highlighted
            x = buffer.put(route.method.rawValue.padded(to: 7), x: x, y: y, style: verb, clip: inner)
            x = buffer.put(route.path, x: x, y: y, style: base, clip: inner)
            var dim = hint
            dim.reverse = highlighted
            buffer.put("  " + route.name, x: x, y: y, style: dim, clip: inner)
        }
    }

    // MARK: Right column

    static func drawRequest(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        let title = state.openRoute.map { "Request · \($0)" } ?? "Request"
        buffer.box(rect, title: title, style: paneBorder(state, .request))
        let inner = rect.inner
        guard let (route, form) = state.openForm else {
            buffer.put("Pick a route and press Enter", x: inner.x + 1, y: inner.y, style: hint, clip: inner)
            return
        }
        var x = buffer.put(
            " " + route.method.rawValue.padded(to: 7), x: inner.x, y: inner.y,
            style: methodStyle(route.method), clip: inner)
        switch state.resolvedURL {
        case .success(let url)?:
            buffer.put(SecretMask.apply(url, hiding: state.secretValues), x: x, y: inner.y, style: .plain, clip: inner)
        case .failure(let error)?:
            x = buffer.put("⚠ ", x: x, y: inner.y, style: error.isUnresolved ? warning : Self.error, clip: inner)
            buffer.put(error.description, x: x, y: inner.y, style: Self.error, clip: inner)
        case nil:
            break
        }

        var rows: [(label: String, field: FormField?, index: Int)] = []
        for (index, field) in form.fields.enumerated() { rows.append((field.section.rawValue, field, index)) }
        if !form.fields.contains(where: { $0.section == .header }) {
            let insertAt = rows.firstIndex { $0.field?.section == .body } ?? rows.count
            rows.insert(("header", nil, -1), at: insertAt)
        }
        let available = inner.height - 1
        let focusRow = rows.firstIndex { $0.index == form.focus } ?? 0
        let start = scrollStart(cursor: focusRow, rows: available)
        let context = state.builder.context(environment: state.environment, input: RequestInput())
        let nameWidth = min(16, (form.fields.map { CellWidth.of($0.name) }.max() ?? 4) + 1)
        for (offset, row) in rows.dropFirst(start).prefix(max(0, available)).enumerated() {
            let y = inner.y + 1 + offset
            var x = buffer.put(" " + row.label.padded(to: 7), x: inner.x, y: y, style: hint, clip: inner)
            guard let field = row.field else {
                buffer.put("(none) · Ctrl-N adds one", x: x, y: y, style: hint, clip: inner)
                continue
            }
            let focused = state.focus == .request && row.index == form.focus
            let label = field.section == .header ? "" : field.name
            x = buffer.put(
                label.padded(to: nameWidth), x: x, y: y,
                style: focused ? Style(bold: true) : .plain, clip: inner)
            var valueStyle: Style = needsAttention(field, context: context) ? Style(.red, underline: true) : .plain
            if field.kind == .bool { valueStyle.foreground = .magenta }
            if focused { valueStyle.reverse = true }
            x = buffer.put("[", x: x, y: y, style: hint, clip: inner)
            let fieldWidth = max(1, inner.x + inner.width - x - 2)
            let text = Array(field.value)
            let cursor = focused ? form.cursor : 0
            let first = max(0, cursor - fieldWidth + 1)
            let visible = String(text.dropFirst(first).prefix(fieldWidth))
            let end = buffer.put(visible, x: x + 1, y: y, style: valueStyle, clip: inner)
            if focused {
                let cursorX = x + 1 + CellWidth.of(String(text.dropFirst(first).prefix(cursor - first)))
                let under = cursor < text.count ? String(text[cursor]) : " "
                buffer.put(
                    under, x: cursorX, y: y, style: Style(.cyan, bold: true, reverse: false, underline: true),
                    clip: inner)
            }
            buffer.put("]", x: max(end, x + 1) + 1, y: y, style: hint, clip: inner)
        }
    }

    /// An empty path parameter, or a `{{variable}}` no scope defines.
    static func needsAttention(_ field: FormField, context: TemplateContext) -> Bool {
        if field.section == .path && field.value.isEmpty { return true }
        return Template.variableNames(in: field.value).contains { context.rawValue(of: $0) == nil }
    }

    static func drawResponse(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        let style = paneBorder(state, .response)
        guard let response = state.response else {
            buffer.box(rect, title: "Response", style: style)
            buffer.put(
                "Enter sends the request · Esc cancels it", x: rect.inner.x + 1, y: rect.inner.y, style: hint,
                clip: rect.inner)
            return
        }
        buffer.box(rect, style: style)
        var x = buffer.put(" Response ── ", x: rect.x + 1, y: rect.y, style: style, clip: rect)
        let statusStyle: Style =
            switch response.status {
            case 200..<300: Style(.green, bold: true)
            case 300..<400: Style(.cyan, bold: true)
            case 400..<500: Style(.yellow, bold: true)
            default: Style(.red, bold: true)
            }
        x = buffer.put(
            "\(response.status) \(response.reason)", x: x, y: rect.y, style: statusStyle,
            clip: rect.inner.expandedVertically)
        let milliseconds = Int((response.totalTime * 1000).rounded())
        var details = ""
        if let search = response.search {
            details +=
                search.lines.isEmpty
                ? " · /\(search.query) no match" : " · /\(search.query) \(search.current + 1)/\(search.lines.count)"
        }
        details +=
            " · \(milliseconds) ms · \(ByteCount.format(response.size)) · \(response.routeName) @ \(response.environmentName)"
        if let path = response.jsonPath, !path.isEmpty, response.selection != nil {
            details += response.showWholeBody ? " · whole body (v: \(path))" : " · \(path) (v: whole body)"
        }
        buffer.put(
            details + " ", x: x, y: rect.y, style: style,
            clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1))

        let inner = rect.inner
        let count = response.lineCount
        let gutter = response.isText ? String(count).count + 3 : 0
        let query = response.search?.query.lowercased()
        // Only the rows on screen are decoded, masked and coloured.
        for row in 0..<inner.height {
            let index = response.scroll + row
            guard index < count else { break }
            let y = inner.y + row
            let text = response.line(index)
            let start: Int
            if response.isHeader(index) || !response.isJSON {
                var x = inner.x + 1
                if gutter > 0 && !response.isHeader(index) {
                    let number = String(index - (response.showHeaders ? response.headerLines.count + 1 : 0) + 1)
                    x = buffer.put(
                        String(repeating: " ", count: gutter - 3 - number.count) + number + " │ ", x: x, y: y,
                        style: hint, clip: inner)
                }
                start = x
                buffer.put(text, x: x, y: y, style: response.isHeader(index) ? Style(.cyan) : .plain, clip: inner)
            } else {
                start = inner.x + 1
                var column = start
                for span in JSONLineHighlighter.spans(text) {
                    column = buffer.put(span.text, x: column, y: y, style: span.style, clip: inner)
                }
            }
            if let query, !query.isEmpty { highlight(query, in: text, x: start, y: y, clip: inner, into: &buffer) }
            if index == response.cursor && state.focus == .response {
                buffer.put("▸", x: inner.x, y: y, style: focusedBorder, clip: inner)
            }
        }
        if count > inner.height {
            let position = " \(response.scroll + 1)-\(min(count, response.scroll + inner.height))/\(count) "
            buffer.put(
                position, x: rect.x + rect.width - 1 - CellWidth.of(position), y: rect.y + rect.height - 1, style: hint)
        }
    }

    /// Redraws every occurrence of `query` (case-insensitive) in `text` as a highlight.
    static func highlight(_ query: String, in text: String, x: Int, y: Int, clip: Rect, into buffer: inout ScreenBuffer)
    {
        let characters = Array(text)
        let lowered = characters.map { $0.lowercased() }
        let needle = Array(query).map { $0.lowercased() }
        guard !needle.isEmpty, needle.count <= characters.count else { return }
        var index = 0
        while index <= characters.count - needle.count {
            if Array(lowered[index..<(index + needle.count)]) == needle {
                let prefix = CellWidth.of(String(characters[0..<index]))
                buffer.put(
                    String(characters[index..<(index + needle.count)]), x: x + prefix, y: y,
                    style: Style(.yellow, bold: true, reverse: true), clip: clip)
                index += needle.count
            } else {
                index += 1
            }
        }
    }

    static func drawStatusBar(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        let environment = state.environment
        var x = buffer.put(
            " \(environment.name)\(environment.isProtected ? " ⚠" : "") ", x: 0, y: rect.y,
            style: environment.isProtected
                ? Style(.yellow, bold: true, reverse: true) : Style(bold: true, reverse: true))
        if let language = state.language { x = buffer.put(" \(language) ", x: x, y: rect.y, style: hint) }
        x = buffer.put(" ", x: x, y: rect.y)
        if let first = state.inFlight.keys.min(), let sending = state.inFlight[first] {
            let frame = spinner[state.spinnerFrame % spinner.count]
            let more = state.inFlight.count > 1 ? " (+\(state.inFlight.count - 1))" : ""
            var progress = ""
            if sending.received > 0 {
                progress = " · ↓ \(ByteCount.format(sending.received))"
                if sending.elapsed > 0 {
                    progress += " · \(ByteCount.format(Int(Double(sending.received) / sending.elapsed)))/s"
                }
            }
            x = buffer.put(
                "\(frame) \(sending.request.request.method) \(sending.request.origin.routeName) → \(sending.request.origin.environmentName)\(more)\(progress) · Esc cancels  ",
                x: x, y: rect.y, style: Style(.cyan))
        }
        if let filter = state.pathFilter {
            buffer.put(
                "json path: \(filter.typed)▏  applied as you type · Enter keeps · Esc restores", x: x, y: rect.y,
                style: Style(.cyan))
        } else if let query = state.responseQuery {
            buffer.put("search: /\(query)▏  Enter finds · Esc cancels", x: x, y: rect.y, style: Style(.cyan))
        } else if let status = state.status {
            buffer.put(status.text, x: x, y: rect.y, style: status.isError ? error : Style(.green))
        } else if state.inFlight.isEmpty {
            let hints =
                state.focus == .request && state.openRoute != nil
                ? "Enter send · ↑↓ field · Ctrl-N header · Ctrl-E editor · Esc back · F1 help"
                : "Enter send · Tab pane · e env · / search · L lang · h headers · ? help · q quit"
            buffer.put(hints, x: x, y: rect.y, style: hint)
        }
    }
}

extension RequestError {
    /// Whether the problem is a value still to fill in (drawn as a warning, not an error).
    var isUnresolved: Bool {
        switch self {
        case .unknownVariable, .missingPathParameter, .unsetProcessVariable: return true
        default: return false
        }
    }
}

extension Rect {
    /// This rectangle grown by one row up and down (to clip titles drawn on a border).
    var expandedVertically: Rect { Rect(x: x, y: y - 1, width: width, height: height + 2) }
}
