import CourierCore

/// A GraphQL route's operations (`O`), from the schema its endpoint gave: found as the user
/// types (as in the palette), Enter puts the one under the cursor in the form, Ctrl-R asks the
/// endpoint again.
public struct OperationPicker: Dialog {
    /// The route the operations are for.
    public let route: String
    /// The schema they come from.
    public let schema: GraphQLSchema
    /// What is typed, the matches (indices into `schema.pickable`) and the cursor.
    public private(set) var finder: FuzzyFinder

    /// A picker over `schema`'s queries and mutations, nothing typed.
    public init(route: String, schema: GraphQLSchema) {
        self.route = route
        self.schema = schema
        finder = FuzzyFinder(haystacks: schema.pickable.map { FuzzyFinder.folded($0.description) })
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "typing, ↑ ↓, Enter, Ctrl-R, Esc", "GraphQL operations",
            "find, move, put the operation in the form (its variables as fields), ask the server again, close",
            Keymap.bind([.up], scope, .up) + Keymap.bind([.down], scope, .down) + Keymap.bind([.enter], scope, .accept)
                + Keymap.bind([.backspace], scope, .deleteBackward) + Keymap.bind([.ctrl("u")], scope, .clear)
                + Keymap.bind([.ctrl("r")], scope, .rerun) + Keymap.bind([.escape], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .accept:
            guard let index = finder.selected, let operation = schema.pickable[safe: index] else { return .stay() }
            return .close(.pickOperation(operation, schema: schema, route: route))
        case .rerun: return .close(.fetchSchema(route: route))
        default: finder.apply(action)
        }
        return .stay()
    }

    /// Typing narrows the list (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome {
        finder.type(key)
        return .stay()
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(20, min(buffer.width - 6, 100))
        let visible = max(1, buffer.height - 9)
        let first = min(max(0, finder.cursor.index - visible + 1), max(0, finder.matches.count - visible))
        var lines: [(String, Style)] = [("> " + finder.query + "▏", Theme.strong), ("", .plain)]
        let operations = schema.pickable
        for (row, index) in finder.matches.enumerated().dropFirst(first).prefix(visible) {
            let operation = operations[index]
            // Names, types and descriptions are the server's: one line, controls shown.
            var text = TerminalText.visibleLine(operation.description)
            if let summary = operation.summary {
                text += "  # " + TerminalText.visibleLine(String(summary.prefix { $0 != "\n" }))
            }
            lines.append((text, row == finder.cursor.index ? Style.plain.reversed : .plain))
        }
        if finder.matches.isEmpty { lines.append(("nothing matches", Theme.hint)) }
        lines.append(("", .plain))
        lines.append(
            (
                "Enter puts it in the form · Ctrl-R asks again · Esc closes · \(finder.matches.count)/\(operations.count)",
                Theme.hint
            ))
        Views.dialog(
            title: "Operations · \(route) @ \(state.environment.name)", lines: lines, style: Theme.focusedBorder,
            width: width, into: &buffer)
    }
}
