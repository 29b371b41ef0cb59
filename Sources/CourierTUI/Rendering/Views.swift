import CourierCore

/// Draws an `AppState` into a `ScreenBuffer`. Pure functions of the state: the same state
/// always gives the same cells, which is what the render tests compare.
public enum Views {
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
            buffer.put(
                line, x: x, y: max(0, state.height / 2 - 1) + index, style: index == 0 ? Theme.warning : Theme.hint)
        }
    }

    static func paneBorder(_ state: AppState, _ pane: Pane) -> Style {
        state.focus == pane && state.modal == nil ? Theme.focusedBorder : Theme.border
    }

    /// The first visible row so that `cursor` stays inside `rows` rows.
    static func scrollStart(cursor: Int, rows: Int) -> Int {
        max(0, cursor - rows + 1)
    }

    // MARK: Left column

    static func drawEnvironments(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: "Environments", style: paneBorder(state, .environments))
        let inner = rect.inner
        let cursor = state.environmentList.cursor.index
        let start = scrollStart(cursor: cursor, rows: inner.height)
        for (row, index) in (start..<state.workspace.environments.count).prefix(max(0, inner.height)).enumerated() {
            let environment = state.workspace.environments[index]
            let active = index == state.activeEnvironment
            var style: Style = environment.isProtected ? Theme.warning : (active ? Theme.strong : .plain)
            if state.focus == .environments && index == cursor { style = style.reversed }
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
        let list = state.routeList
        let filtering = state.mode == .filteringRoutes
        let title = list.filter.isEmpty ? "Routes" : "Routes (\(list.matches.count)/\(list.all.count))"
        buffer.box(rect, title: title, style: paneBorder(state, .routes))
        var inner = rect.inner
        if filtering || !list.filter.isEmpty {
            let filterY = inner.y + inner.height - 1
            buffer.put(
                "/" + list.filter + (filtering ? "▏" : ""), x: inner.x, y: filterY,
                style: filtering ? Theme.active : Theme.hint, clip: inner)
            inner.height -= 1
        }
        if list.matches.isEmpty {
            buffer.put("no route matches", x: inner.x, y: inner.y, style: Theme.hint, clip: inner)
            return
        }
        // The name comes first so routes that share a path stay apart at 80 columns; the
        // paths get their own column when it has room, shortened in the middle.
        let methodWidth = list.all.map { $0.method.rawValue.count }.max().map { $0 + 1 } ?? 4
        let nameWidth = list.all.map { CellWidth.of($0.name) }.max() ?? 0
        let pathX = inner.x + 2 + methodWidth + nameWidth + 2
        let pathRoom = inner.x + inner.width - pathX
        let start = scrollStart(cursor: list.cursor.index, rows: inner.height)
        for (row, index) in (start..<list.matches.count).prefix(max(0, inner.height)).enumerated() {
            let route = list.all[list.matches[index]]
            let y = inner.y + row
            let selected = index == list.cursor.index
            let highlighted = selected && state.focus == .routes
            let base: Style = highlighted ? Style.plain.reversed : .plain
            buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base)
            var x = buffer.put(selected ? "▸ " : "  ", x: inner.x, y: y, style: base, clip: inner)
            var verb = Theme.method(route.method)
            verb.reverse = highlighted
            x = buffer.put(route.method.rawValue.padded(to: methodWidth), x: x, y: y, style: verb, clip: inner)
            buffer.put(route.name, x: x, y: y, style: base, clip: inner)
            if pathRoom >= 6 {
                var dim = Theme.hint
                dim.reverse = highlighted
                buffer.put(route.path.truncatedInMiddle(to: pathRoom), x: pathX, y: y, style: dim, clip: inner)
            }
        }
    }

    // MARK: Right column

    static func drawRequest(_ state: AppState, _ rect: Rect, into buffer: inout ScreenBuffer) {
        var title = "Request"
        if let route = state.openForm?.route {
            title += " · \(route.name)" + (route.summary.map { " — \($0)" } ?? "")
        }
        buffer.box(rect, title: title, style: paneBorder(state, .request))
        let inner = rect.inner
        guard let (route, form) = state.openForm else {
            buffer.put("Pick a route and press Enter", x: inner.x + 1, y: inner.y, style: Theme.hint, clip: inner)
            return
        }
        var x = buffer.put(
            " " + route.method.rawValue.padded(to: 7), x: inner.x, y: inner.y,
            style: Theme.method(route.method), clip: inner)
        switch state.resolvedURL {
        case .success(let url)?:
            buffer.put(SecretMask.apply(url, hiding: state.secretValues), x: x, y: inner.y, style: .plain, clip: inner)
        case .failure(let error)?:
            x = buffer.put("⚠ ", x: x, y: inner.y, style: error.isUnresolved ? Theme.warning : Theme.error, clip: inner)
            buffer.put(error.description, x: x, y: inner.y, style: Theme.error, clip: inner)
        case nil:
            break
        }

        let context = state.builder.context(environment: state.environment, input: RequestInput())
        var rows: [(label: String, field: FormField?, index: Int, note: String)] = []
        for (index, field) in form.fields.enumerated() { rows.append((field.section.rawValue, field, index, "")) }
        let bodies: [FormField.Section] = [.form, .multipart, .text, .body]
        var insertAt = rows.firstIndex { $0.field.map { bodies.contains($0.section) } ?? false } ?? rows.count
        if !form.fields.contains(where: { $0.section == .header }) {
            rows.insert(("header", nil, -1, "(none) · Ctrl-N adds one"), at: insertAt)
            insertAt += 1
        }
        if let auth = state.openRouteAuth {
            rows.insert(("auth", nil, -1, auth), at: insertAt)
        }
        let available = inner.height - 1
        let focusRow = rows.firstIndex { $0.index == form.focus } ?? 0
        let start = scrollStart(cursor: focusRow, rows: available)
        let nameWidth = min(16, (form.fields.map { CellWidth.of($0.name) }.max() ?? 4) + 1)
        for (offset, row) in rows.dropFirst(start).prefix(max(0, available)).enumerated() {
            let y = inner.y + 1 + offset
            var x = buffer.put(" " + row.label.padded(to: 7), x: inner.x, y: y, style: Theme.hint, clip: inner)
            guard let field = row.field else {
                buffer.put(row.note, x: x, y: y, style: Theme.hint, clip: inner)
                continue
            }
            let focused = state.focus == .request && row.index == form.focus
            let label = field.section == .header ? "" : field.name
            x = buffer.put(
                label.padded(to: nameWidth), x: x, y: y,
                style: focused ? Theme.strong : .plain, clip: inner)
            var valueStyle: Style = needsAttention(field, context: context) ? Theme.unresolved : .plain
            if field.kind == .bool { valueStyle.foreground = Theme.booleanValue }
            if focused { valueStyle.reverse = true }
            x = buffer.put("[", x: x, y: y, style: Theme.hint, clip: inner)
            // A file field ends with the file's size (or why it cannot be sent) after its box.
            let note = fileNote(state, field)
            let fieldWidth = max(1, inner.x + inner.width - x - 2 - (note.map { CellWidth.of($0.text) + 1 } ?? 0))
            // One line per field: a line break in a text body shows as ↵ (one cell, so the
            // cursor arithmetic holds).
            let text = Array(field.value).map { $0 == "\n" || $0 == "\r\n" ? "↵" : $0 }
            let cursor = focused ? form.cursor : 0
            let first = max(0, cursor - fieldWidth + 1)
            let visible = String(text.dropFirst(first).prefix(fieldWidth))
            let end = buffer.put(visible, x: x + 1, y: y, style: valueStyle, clip: inner)
            if focused {
                let cursorX = x + 1 + CellWidth.of(String(text.dropFirst(first).prefix(cursor - first)))
                let under = cursor < text.count ? String(text[cursor]) : " "
                buffer.put(under, x: cursorX, y: y, style: Theme.textCursor, clip: inner)
            }
            let close = buffer.put("]", x: max(end, x + 1) + 1, y: y, style: Theme.hint, clip: inner)
            if let note { buffer.put(" " + note.text, x: close, y: y, style: note.style, clip: inner) }
        }
    }

    /// `12.0 KB` for a file field whose file was measured, `not found` when it cannot be read.
    static func fileNote(_ state: AppState, _ field: FormField) -> (text: String, style: Style)? {
        guard field.kind == .file, let path = state.uploadPath(of: field) else { return nil }
        switch state.uploadSizes[path] {
        case .bytes(let size)?: return (ByteCount.format(size), Theme.hint)
        case .unreadable?: return ("cannot be read", Theme.error)
        case .measuring?, nil: return nil
        }
    }

    /// An empty path parameter, or a `{{variable}}` no scope defines.
    static func needsAttention(_ field: FormField, context: TemplateContext) -> Bool {
        if field.section == .path && field.value.isEmpty { return true }
        return Template.variableNames(in: field.value).contains { context.rawValue(of: $0) == nil }
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
