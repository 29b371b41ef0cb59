import CourierCore

/// How the Request pane looks: the resolved URL, then a row per field (headers and auth that
/// will go out included), the focused one with its cursor.
extension RequestPane {
    /// One row of the pane under the URL line: a field (`index` into the form's fields), or a
    /// header that goes out besides the typed ones, or the auth that applies (`index` -1).
    typealias Row = (label: String, field: FormField?, index: Int, note: String)

    /// The rows under the URL line, in order: path, query and typed header fields, the other
    /// headers that go out, the auth, then the body's fields.
    static func rows(_ state: AppState, form: RequestForm) -> [Row] {
        var rows: [Row] = []
        for (index, field) in form.fields.enumerated() { rows.append((field.section.rawValue, field, index, "")) }
        let bodies: [FormField.Section] = [.form, .multipart, .text, .body, .variables]
        var insertAt = rows.firstIndex { $0.field.map { bodies.contains($0.section) } ?? false } ?? rows.count
        // Every header that goes out besides the typed ones, with where it comes from.
        for outgoing in state.outgoingHeaders {
            rows.insert(
                ("header", nil, -1, "\(outgoing.field.name): \(outgoing.field.value)  (\(outgoing.source))"),
                at: insertAt)
            insertAt += 1
        }
        if let auth = state.openRouteAuth {
            rows.insert(("auth", nil, -1, auth), at: insertAt)
            insertAt += 1
        }
        // A query picked from the schema (`O`) is not the route's: say which it is.
        if let picked = form.pickedQuery {
            let signature = picked.prefix { $0 != "{" && $0 != "\n" }.trimmingWhitespace()
            rows.insert(
                ("picked", nil, -1, "\(signature)  (Ctrl-S keeps it, Ctrl-R twice drops it)"), at: insertAt)
        }
        return rows
    }

    /// The form field drawn `row` rows under the URL line when `available` rows show, if a
    /// field is there (a click on it focuses it).
    func fieldIndex(atRow row: Int, in state: AppState, rows available: Int) -> Int? {
        guard let form = openForm else { return nil }
        let rows = Self.rows(state, form: form)
        let start = Views.scrollStart(cursor: rows.firstIndex { $0.index == form.focus } ?? 0, rows: available)
        guard let entry = rows[safe: start + row], entry.index >= 0 else { return nil }
        return entry.index
    }

    /// Focuses field `index` of the open form, the cursor at its end.
    mutating func focus(field index: Int) {
        guard let name = openRoute, var form = forms[name] else { return }
        form.moveFocus(index - form.focus)
        forms[name] = form
    }

    /// Draws the pane (`PaneComponent.draw`).
    public static func draw(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        var title = "Request"
        if let route = state.openForm?.route {
            title += " · \(route.name)" + (route.summary.map { " — \($0)" } ?? "")
        }
        buffer.box(rect, title: title, style: border(state))
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
            x = buffer.put(
                SecretMask.apply(url, hiding: state.secretValues), x: x, y: inner.y, style: .plain, clip: inner)
            // The URL is what its fields say; a mistake elsewhere is named after it, not hidden.
            do throws(FormError) {
                _ = try form.input()
            } catch {
                buffer.put("  ⚠ \(error.description)", x: x, y: inner.y, style: Theme.error, clip: inner)
            }
        case .failure(.missingPathParameter(let name, _))?:
            // The URL as a template, the parameter still to fill named after it.
            let context = state.builder.context(environment: state.environment, input: RequestInput())
            let base = (try? Template.render(state.environment.baseURL, in: context)) ?? state.environment.baseURL
            let template = SecretMask.apply(
                RequestBuilder.join(base: base, path: route.path), hiding: state.secretValues)
            x = buffer.put(template, x: x, y: inner.y, style: .plain, clip: inner)
            buffer.put("  ← \(name)", x: x, y: inner.y, style: Theme.warning, clip: inner)
        case .failure(let error)?:
            x = buffer.put("⚠ ", x: x, y: inner.y, style: error.isUnresolved ? Theme.warning : Theme.error, clip: inner)
            buffer.put(error.screenDescription, x: x, y: inner.y, style: Theme.error, clip: inner)
        case nil:
            break
        }

        let context = state.builder.context(environment: state.environment, input: RequestInput())
        let typed = form.typedKeys(over: route)
        let rows = Self.rows(state, form: form)
        let available = inner.height - 1
        let focusRow = rows.firstIndex { $0.index == form.focus } ?? 0
        let start = Views.scrollStart(cursor: focusRow, rows: available)
        let nameWidth = min(16, (form.fields.map { CellWidth.of($0.name) }.max() ?? 4) + 1)
        for (offset, row) in rows.dropFirst(start).prefix(max(0, available)).enumerated() {
            let y = inner.y + 1 + offset
            var x = buffer.put(" " + row.label.padded(to: 7), x: inner.x, y: y, style: Theme.hint, clip: inner)
            guard let field = row.field else {
                buffer.put(row.note, x: x, y: y, style: Theme.hint, clip: inner)
                continue
            }
            let focused = state.focus == .request && row.index == form.focus
            // A header's name is in its value; a quick request's method and URL need no second label.
            let label = [.header, .method, .url].contains(field.section) ? "" : field.name
            x = buffer.put(
                label.padded(to: nameWidth), x: x, y: y,
                style: focused ? Theme.strong : .plain, clip: inner)
            var valueStyle: Style = needsAttention(field, context: context) ? Theme.unresolved : .plain
            // A value typed over the route's reads apart from a default (Ctrl-R puts it back).
            if typed.contains(field.key) { valueStyle.bold = true }
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
