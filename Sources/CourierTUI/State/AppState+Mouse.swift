import CourierCore

/// The mouse: a click focuses the pane under it and puts its cursor on the row clicked (a
/// fold marker in the Response pane folds or unfolds there); the wheel moves lists and
/// scrolls the body. Dialogs and text entry take no mouse: their keys say what they do.
extension AppState {
    /// Rows the wheel moves per notch.
    static let wheelRows = 3

    mutating func mouse(_ event: MouseEvent) -> [Effect] {
        guard case .normal = mode else { return [] }
        let layout = Layout(width: width, height: height, state: self)
        let panes: [(Pane, Rect)] = [
            (.environments, layout.environments), (.routes, layout.routes), (.request, layout.request),
            (.response, layout.response),
        ]
        guard let (pane, rect) = panes.first(where: { $0.1.contains(x: event.x, y: event.y) }) else { return [] }
        switch event.kind {
        case .wheelUp, .wheelDown:
            focus = pane
            let action: Action = event.kind == .wheelUp ? .up : .down
            var effects: [Effect] = []
            for _ in 0..<Self.wheelRows { effects += apply(paneAction(action)) }
            return effects
        case .press:
            focus = pane
            let row = event.y - rect.inner.y
            guard row >= 0, row < rect.inner.height else { return [] }
            switch pane {
            case .environments:
                let start = Views.scrollStart(cursor: environmentList.cursor.index, rows: rect.inner.height)
                let index = start + row
                if workspace.environments.indices.contains(index) {
                    environmentList.cursor.set(index, count: workspace.environments.count)
                }
            case .routes:
                let start = Views.scrollStart(cursor: routeList.cursor.index, rows: rect.inner.height)
                let index = start + row
                if routeList.matches.indices.contains(index) { routeList.cursor = ListCursor(index) }
            case .request:
                // The URL line is row 0; the field rows follow as the pane draws them.
                if row > 0, let index = requestPane.fieldIndex(atRow: row - 1, in: self, rows: rect.inner.height - 1) {
                    requestPane.focus(field: index)
                }
            case .response:
                guard var shown = response,
                    let line = shown.line(atRow: row, height: rect.inner.height, width: rect.inner.width)
                else { return [] }
                shown.cursor = line
                response = shown
                if shown.line(line).contains(" … ") && shown.isJSON { return apply(paneAction(.foldHere)) }
            }
            return []
        }
    }
}
