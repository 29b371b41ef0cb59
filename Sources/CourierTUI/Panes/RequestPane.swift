import CourierCore

/// The Request pane: the route shown, the forms of every route opened so far (typed values
/// survive switching routes) and the remembered values of routes not opened yet.
public struct RequestPane: PaneComponent {
    /// Forms of routes opened so far, by route name.
    public var forms: [String: RequestForm] = [:]
    /// Remembered values of routes not opened yet in this run.
    public var savedFields: [String: [String: String]]
    /// The route shown, by name.
    public internal(set) var openRoute: String?

    /// A pane with nothing open; `saved` values fill forms as their routes are opened.
    public init(saved: [String: [String: String]]) { savedFields = saved }

    /// Shows `route`, creating its form from defaults and saved values the first time.
    public mutating func open(_ route: Route) {
        if forms[route.name] == nil {
            forms[route.name] = RequestForm(route: route, saved: savedFields[route.name] ?? [:])
        }
        openRoute = route.name
    }

    /// Shows no route (the open one left the workspace).
    public mutating func close() { openRoute = nil }

    /// The open route's form.
    public var openForm: RequestForm? { openRoute.flatMap { forms[$0] } }

    /// Every form's values, over the remembered ones.
    public var savedValues: [String: [String: String]] {
        var fields = savedFields
        for (name, form) in forms { fields[name] = form.savedValues }
        return fields
    }

    /// Which pane it is (`PaneComponent.pane`).
    public static let pane = Pane.request

    /// Its keys: Enter sends, the rest edit the form.
    public static let keys = [
        KeymapRow(
            "Enter", "Request", "send (from any field)", hints: [.request: "Enter send"],
            Keymap.bind([.enter], .request, .send)),
        KeymapRow(
            "↑ ↓", "Request", "previous / next field", hints: [.form: "↑↓ field"],
            Keymap.bind([.up], .form, .up) + Keymap.bind([.down], .form, .down)),
        KeymapRow(
            "typing, ← → Home End, Backspace Delete, Ctrl-U", "Request", "edit the focused field",
            Keymap.bind([.left], .form, .left) + Keymap.bind([.right], .form, .right)
                + Keymap.bind([.home, .ctrl("a")], .form, .lineStart)
                + Keymap.bind([.end], .form, .lineEnd) + Keymap.bind([.backspace], .form, .deleteBackward)
                + Keymap.bind([.delete], .form, .deleteForward) + Keymap.bind([.ctrl("u")], .form, .clear)),
        KeymapRow("Space", "Request, boolean field", "toggle", []),
        KeymapRow(
            "Ctrl-R", "Request",
            "the focused field back to the route's value (typed values are bold); again, every field",
            Keymap.bind([.ctrl("r")], .form, .resetField)),
        KeymapRow(
            "Ctrl-N / Ctrl-D", "Request", "add / remove a header field", hints: [.form: "Ctrl-N header"],
            Keymap.bind([.ctrl("n")], .form, .addHeader) + Keymap.bind([.ctrl("d")], .form, .removeHeader)),
        KeymapRow(
            "Ctrl-E / E", "Request / outside the form", "edit the body as JSON in `$EDITOR`",
            hints: [.form: "Ctrl-E editor"],
            Keymap.bind([.ctrl("e")], .form, .editBody) + Keymap.bind([.char("E")], .outsideForm, .editBody)),
    ]

    /// Edits the open form: moves between fields and inside one, deletes, adds and removes
    /// headers; Enter sends and Ctrl-E asks for the editor.
    public mutating func update(_ action: Action, in state: AppState) -> PaneOutcome {
        guard let name = openRoute, var form = forms[name] else { return .ignored }
        switch action {
        case .send: return .send
        case .editBody: return .editBody
        case .up: form.moveFocus(-1)
        case .down: form.moveFocus(1)
        case .left: form.moveCursor(-1)
        case .right: form.moveCursor(1)
        case .lineStart: form.moveCursorToStart(true)
        case .lineEnd: form.moveCursorToStart(false)
        case .deleteBackward: form.backspace()
        case .deleteForward: form.deleteForward()
        case .clear: form.clearToStart()
        case .addHeader: form.addHeader()
        case .removeHeader: form.removeFocusedHeader()
        case .resetField:
            guard let route = state.workspace.routes.first(where: { $0.name == name }) else { return .handled }
            form.reset(to: route)
        default: return .ignored
        }
        forms[name] = form
        return Self.edits.contains(action) ? .edited : .handled
    }

    /// Actions that change a value (the session is saved after them).
    private static let edits: Set<Action> = [
        .deleteBackward, .deleteForward, .clear, .addHeader, .removeHeader, .resetField,
    ]

    /// Types `character` into the focused field (Space toggles a boolean).
    public mutating func type(_ character: Character) -> PaneOutcome {
        guard let name = openRoute, var form = forms[name] else { return .ignored }
        form.insert(character)
        forms[name] = form
        return .edited
    }

    /// Replaces the open form's body with `text` from the editor.
    public mutating func replaceBody(with text: String) throws(FormError) {
        guard let name = openRoute, var form = forms[name] else { return }
        try form.replaceBody(with: text)
        forms[name] = form
    }
}
