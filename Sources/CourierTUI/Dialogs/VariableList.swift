import CourierCore

/// Every variable the active environment's requests can read (`V`): the workspace's, the
/// environment's and the values captured from responses, each with its value (a secret or a
/// captured value masked: a capture is usually a token) and where it comes from, the
/// environment's over the workspace's, a capture over both. `c` copies the value under the cursor.
public struct VariableList: Dialog {
    /// The environment the values are for.
    public var environment: String
    /// One variable.
    public struct Variable: Sendable, Equatable {
        /// The variable's name.
        public var name: String
        /// What it holds, as templates resolve it (`${TOKEN}` read from the process).
        public var value: String
        /// Where it comes from: `workspace`, `env`, `captured ← users.create`.
        public var source: String
        /// Shown as `•••• 15 chars`.
        public var masked: Bool
    }

    /// The variables, by name.
    public var variables: [Variable]
    /// For each name no response has set yet, the routes whose `capture` would.
    public var notYetCaptured: [String: [String]]
    /// The row under the cursor.
    public var cursor = ListCursor()

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "V", "outside the form",
            "every variable of the active environment, where it comes from (secrets masked); c copies one",
            Keymap.bind([.char("V")], .outsideForm, opening)),
        KeymapRow(
            "↑ ↓ j k, Enter, x, c, Esc", "variables",
            "move, set the value for this session (never written), back to the workspace's value, copy it (OSC 52), close",
            Keymap.bind([.down, .char("j")], scope, .down) + Keymap.bind([.up, .char("k")], scope, .up)
                + Keymap.bind([.enter], scope, .pick) + Keymap.bind([.char("x")], scope, .clear)
                + Keymap.bind([.char("c")], scope, .copyValue)
                + Keymap.bind([.escape, .char("q"), .char("V")], scope, .cancel)),
    ]

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> VariableList {
        let environment = state.environment
        let captured = state.captured[environment.name] ?? [:]
        let context = state.builder.context(environment: environment, input: RequestInput(), captured: captured)
        func resolved(_ value: String) -> String { (try? Template.render(value, in: context)) ?? value }
        // A value that is a secret wherever it came from (a `${TOKEN}` the environment lists).
        let secretValues = Set(state.secretValues)
        var byName: [String: Variable] = [:]
        for (name, value) in state.workspace.variables {
            let shown = resolved(value)
            byName[name] = Variable(name: name, value: shown, source: "workspace", masked: secretValues.contains(shown))
        }
        for (name, value) in environment.variables {
            let shown = resolved(value)
            byName[name] = Variable(
                name: name, value: shown, source: "env",
                masked: environment.secrets.contains(name) || secretValues.contains(shown))
        }
        for (name, value) in state.sessionVariables[environment.name] ?? [:] {
            byName[name] = Variable(
                name: name, value: value, source: "set here (x undoes)",
                masked: environment.secrets.contains(name) || secretValues.contains(value))
        }
        for (name, value) in captured {
            let routes = state.workspace.routesCapturing(name)
            let source = routes.isEmpty ? "captured" : "captured ← " + routes.joined(separator: ", ")
            byName[name] = Variable(name: name, value: value, source: source, masked: true)
        }
        let capturing = Set(state.workspace.routes.flatMap { $0.captures.map(\.name) }).subtracting(captured.keys)
        let notYet = Dictionary(uniqueKeysWithValues: capturing.map { ($0, state.workspace.routesCapturing($0)) })
        guard !byName.isEmpty || !notYet.isEmpty else {
            throw DialogRefusal("\(environment.name) has no variables and no route captures one")
        }
        return VariableList(
            environment: environment.name, variables: byName.values.sorted { $0.name < $1.name }, notYetCaptured: notYet
        )
    }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .pick:
            // A secret starts empty: its value is never put on screen.
            guard let variable = variables[safe: cursor.index] else { return .stay() }
            return .close(
                .editVariable(
                    name: variable.name, environment: environment, current: variable.masked ? "" : variable.value))
        case .clear:
            guard let variable = variables[safe: cursor.index],
                state.sessionVariables[environment]?[variable.name] != nil
            else { return .stay() }
            return .close(.setVariable(name: variable.name, environment: environment, value: nil))
        case .copyValue:
            guard variables.indices.contains(cursor.index) else { return .stay() }
            let name = variables[cursor.index].name
            let notice = AppState.StatusLine(text: "copied the value of \(name)", isError: false)
            return .stay(.run([.copy(text: variables[cursor.index].value)], notice: notice))
        default:
            _ = cursor.apply(action, count: variables.count)
            return .stay()
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(10, min(buffer.width - 6, 100))
        var lines: [(String, Style)] = []
        let nameWidth = max(4, min(24, (variables.map(\.name) + notYetCaptured.keys).map(CellWidth.of).max() ?? 4))
        let valueWidth = max(8, min(36, width - nameWidth - 24))
        let visible = max(1, buffer.height - 9 - notYetCaptured.count)
        let first = min(max(0, cursor.index - visible + 1), max(0, variables.count - visible))
        for (index, variable) in variables.enumerated().dropFirst(first).prefix(visible) {
            let length = variable.value.count
            let value =
                variable.masked
                ? "•••• \(length) char\(length == 1 ? "" : "s")" : variable.value.truncatedInMiddle(to: valueWidth)
            let text = "\(variable.name.padded(to: nameWidth))  \(value.padded(to: valueWidth))  \(variable.source)"
            lines.append((text, index == cursor.index ? Style.plain.reversed : .plain))
        }
        if !notYetCaptured.isEmpty {
            if !variables.isEmpty { lines.append(("", .plain)) }
            lines.append(("not captured yet for \(environment); send a route that captures:", Theme.hint))
            for (name, routes) in notYetCaptured.sorted(by: { $0.key < $1.key }) {
                lines.append(("  \(name) ← \(routes.joined(separator: ", "))", .plain))
            }
        }
        lines.append(("", .plain))
        lines.append(("Enter sets one for this session · x undoes · c copies · Esc closes", Theme.hint))
        Views.dialog(
            title: "Variables · \(environment) (\(variables.count))", lines: lines, style: Theme.focusedBorder,
            width: width, into: &buffer)
    }
}
