import CourierCore
import Testing

@testable import CourierTUI

@Suite("The mouse")
struct MouseTests {
    @Test("a click focuses the pane under it and puts its cursor on the row clicked")
    func clicks() throws {
        var state = Fixtures.state(width: 100, height: 30)
        let layout = Layout(width: 100, height: 30, state: state)
        // The third route.
        _ = state.update(.mouse(MouseEvent(x: layout.routes.x + 3, y: layout.routes.inner.y + 2, .press)))
        #expect(state.focus == .routes && state.routeList.selected?.name == "users.create")
        // The second environment: selected, not made active (Enter does that).
        _ = state.update(.mouse(MouseEvent(x: 2, y: layout.environments.inner.y + 1, .press)))
        #expect(state.focus == .environments && state.environmentList.cursor.index == 1)
        #expect(state.environment.name == "development")
        // Below the last row: focus, nothing selected anew.
        _ = state.update(.mouse(MouseEvent(x: 3, y: layout.routes.inner.y + 10, .press)))
        #expect(state.focus == .routes && state.routeList.selected?.name == "users.create")
        // A field of the open form.
        state.press(.enter)
        let form = Layout(width: 100, height: 30, state: state).request
        let rows = RequestPane.rows(state, form: try #require(state.openForm?.form))
        let name = try #require(rows.firstIndex { $0.field?.name == "age" })
        _ = state.update(.mouse(MouseEvent(x: form.x + 10, y: form.inner.y + 1 + name, .press)))
        #expect(state.focus == .request && state.openForm?.form.focusedField?.name == "age")
        // A header row is not a field: the focus stays.
        let header = try #require(rows.firstIndex { $0.field == nil })
        _ = state.update(.mouse(MouseEvent(x: form.x + 10, y: form.inner.y + 1 + header, .press)))
        #expect(state.openForm?.form.focusedField?.name == "age")
    }

    @Test("the wheel moves lists and scrolls the body; a click on a fold marker folds and unfolds there")
    func wheelAndFolds() throws {
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.down, .enter)
        let items = (1...40).map { "{\"n\": \($0)}" }.joined(separator: ",")
        try state.sendAndAnswer(Fixtures.response("{\"address\": {\"city\": \"Madrid\"}, \"list\": [\(items)]}"))
        state.press(.tab, .char("v"))
        let pane = Layout(width: 100, height: 20, state: state).response
        _ = state.update(.mouse(MouseEvent(x: pane.x + 5, y: pane.y + 3, .wheelDown)))
        #expect(state.focus == .response && state.response?.cursor == 3)
        _ = state.update(.mouse(MouseEvent(x: pane.x + 5, y: pane.y + 3, .wheelUp)))
        #expect(state.response?.cursor == 0)
        // Fold everything to depth 1, then click the folded "list" line: it opens.
        state.press(.char("1"))
        let folded = try #require(state.response?.allLines.firstIndex { $0.contains("\"list\": [ … 40 items … ]") })
        _ = state.update(.mouse(MouseEvent(x: pane.x + 5, y: pane.inner.y + folded, .press)))
        #expect(state.response?.allLines[folded] == "  \"list\": [")
        // The wheel over the Routes pane moves its cursor, three rows a notch.
        let routes = Layout(width: 100, height: 20, state: state).routes
        _ = state.update(.mouse(MouseEvent(x: routes.x + 2, y: routes.y + 2, .wheelDown)))
        #expect(state.focus == .routes && state.routeList.cursor.index == 2)
    }

    @Test("a dialog or text entry takes no mouse")
    func dialogs() {
        var state = Fixtures.state()
        state.press(.char("?"))
        _ = state.update(.mouse(MouseEvent(x: 2, y: 2, .press)))
        #expect(state.modal == Modal(HelpDialog()) && state.focus == .routes)
    }
}

@Suite("Resizing the panes")
struct ResizeTests {
    @Test("] [ widen and narrow the left column, } { the Request pane, within limits; the session keeps it")
    func resize() {
        var state = Fixtures.state(width: 100, height: 30)
        let start = Layout(width: 100, height: 30, state: state)
        #expect(state.press(.char("]"), .char("]")).contains(.saveSession))
        var now = Layout(width: 100, height: 30, state: state)
        #expect(now.routes.width == start.routes.width + 4 && now.request.x == start.request.x + 4)
        state.press(.char("}"))
        now = Layout(width: 100, height: 30, state: state)
        #expect(now.request.height == start.request.height + 1)
        #expect(state.session.leftColumn == 4 && state.session.requestRows == 1)
        // Far past the limit: the change stops where the screen does, and is not counted past it.
        for _ in 0..<100 { state.press(.char("[")) }
        now = Layout(width: 100, height: 30, state: state)
        #expect(now.routes.width == 16)
        state.press(.char("]"))
        #expect(Layout(width: 100, height: 30, state: state).routes.width == 18)
        // Remembered: a new screen from the session lays out the same.
        let again = AppState(
            workspace: Fixtures.workspace, processEnvironment: [:], session: state.session, width: 100, height: 30)
        #expect(Layout(width: 100, height: 30, state: again) == Layout(width: 100, height: 30, state: state))
        // In the form the keys type.
        state.press(.enter)
        state.press(.char("]"))
        #expect(Layout(width: 100, height: 30, state: state).routes.width == 18)
    }

    @Test("a border dragged: the left column follows the pointer, then the Request pane's height; a release ends it")
    func drags() {
        var state = Fixtures.state(width: 100, height: 30)
        let before = Layout(width: 100, height: 30, state: state)
        let border = before.request.x
        _ = state.update(.mouse(MouseEvent(x: border, y: 10, .press)))
        #expect(
            state.dragging == .leftColumn(offset: 0) && state.focus == .routes, "a press on a border focuses nothing")
        let effects = state.update(.mouse(MouseEvent(x: border + 7, y: 11, .drag)))
        #expect(Layout(width: 100, height: 30, state: state).request.x == border + 7)
        #expect(effects.contains(.saveSession), "remembered as the keys' resize is")
        _ = state.update(.mouse(MouseEvent(x: 500, y: 11, .drag)))
        #expect(Layout(width: 100, height: 30, state: state).request.width >= 30, "the other panes keep room")
        _ = state.update(.mouse(MouseEvent(x: border, y: 11, .release)))
        #expect(state.dragging == nil)
        let settled = Layout(width: 100, height: 30, state: state)
        // A move with no drag under way is a press whose release ncurses missed: a click.
        _ = state.update(.mouse(MouseEvent(x: settled.routes.x + 3, y: settled.routes.inner.y + 2, .drag)))
        #expect(Layout(width: 100, height: 30, state: state) == settled, "a move after the release moves nothing")
        #expect(state.focus == .routes && state.routeList.selected?.name == "users.create")

        let divider = settled.response.y
        _ = state.update(.mouse(MouseEvent(x: settled.response.x + 10, y: divider, .press)))
        #expect(state.dragging == .requestHeight(offset: 0))
        _ = state.update(.mouse(MouseEvent(x: settled.response.x + 10, y: divider + 4, .drag)))
        #expect(Layout(width: 100, height: 30, state: state).response.y == divider + 4)
        _ = state.update(.mouse(MouseEvent(x: 0, y: 0, .release)))
        #expect(state.dragging == nil)
        // Held by the Request pane's bottom border, a row above: that row follows the pointer.
        let moved = Layout(width: 100, height: 30, state: state).response.y
        _ = state.update(.mouse(MouseEvent(x: settled.response.x + 10, y: moved - 1, .press)))
        _ = state.update(.mouse(MouseEvent(x: settled.response.x + 10, y: moved - 3, .drag)))
        #expect(Layout(width: 100, height: 30, state: state).response.y == moved - 2)
    }
}
