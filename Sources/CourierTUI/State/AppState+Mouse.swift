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
        switch event.kind {
        case .release:
            dragging = nil
            return []
        case .drag:
            // The border held follows the pointer, within what leaves the other panes room.
            switch dragging {
            case .leftColumn(let offset)?: return resize(left: event.x + offset - layout.request.x, request: 0)
            case .requestHeight(let offset)?: return resize(left: 0, request: event.y + offset - layout.response.y)
            case nil:
                // A press ncurses reports as a move: it thinks the button is still down (its
                // release was lost, or a terminal sent none). Taken as the press it is.
                return mouse(MouseEvent(x: event.x, y: event.y, .press))
            }
        case .press:
            if let edge = Self.edge(at: event, in: layout) {
                dragging = edge
                return []
            }
        case .wheelUp, .wheelDown: break
        }
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
        case .release, .drag: return []
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

    /// The border between panes under a press, if any: the one between the left column and
    /// the Request and Response panes, or the one between those two.
    static func edge(at event: MouseEvent, in layout: Layout) -> PaneEdge? {
        let left = layout.routes.x + layout.routes.width
        if event.x == left - 1 || event.x == left { return .leftColumn(offset: layout.request.x - event.x) }
        let between = layout.response.y
        if event.x > left, event.y == between || event.y == between - 1 {
            return .requestHeight(offset: between - event.y)
        }
        return nil
    }
}
