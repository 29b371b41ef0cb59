import CourierCore

/// A GraphQL route's operations (`O`), from the schema its endpoint gave: found as the user
/// types (as in the palette), Enter puts the one under the cursor in the form, Ctrl-R asks the
/// endpoint again.
public struct OperationPicker: Dialog {
    /// The route the operations are for.
    public let route: String
    /// The schema they come from.
    public let schema: GraphQLSchema
    /// Typed so far.
    public private(set) var query = ""
    /// Indices into `schema.pickable` of the matches, best first.
    public private(set) var matches: [Int]
    /// The row under the cursor, among the matches.
    public var cursor = ListCursor()
    /// Each operation's text, lower-cased, matched against.
    private let haystacks: [[UInt8]]

    /// A picker over `schema`'s queries and mutations, nothing typed.
    public init(route: String, schema: GraphQLSchema) {
        self.route = route
        self.schema = schema
        haystacks = schema.pickable.map { CommandPalette.folded($0.description) }
        matches = Array(haystacks.indices)
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
            guard let index = matches[safe: cursor.index], let operation = schema.pickable[safe: index] else {
                return .stay()
            }
            return .close(.pickOperation(operation, schema: schema, route: route))
        case .rerun: return .close(.fetchSchema(route: route))
        case .deleteBackward: setQuery(String(query.dropLast()))
        case .clear: setQuery("")
        default: _ = cursor.apply(action, count: matches.count)
        }
        return .stay()
    }

    /// Typing narrows the list (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome {
        if case .char(let character) = key { setQuery(query + String(character)) }
        return .stay()
    }

    /// Replaces the query and ranks the operations against it, the cursor on the best.
    mutating func setQuery(_ text: String) {
        query = text
        let typed = CommandPalette.folded(text).filter { $0 != 32 }
        if typed.isEmpty {
            matches = Array(haystacks.indices)
        } else {
            let scored = haystacks.indices.compactMap { index in
                CommandPalette.score(typed, in: haystacks[index]).map { ($0, index) }
            }
            matches = scored.sorted { ($0.0, -$0.1) > ($1.0, -$1.1) }.map(\.1)
        }
        cursor = ListCursor()
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(20, min(buffer.width - 6, 100))
        let visible = max(1, buffer.height - 9)
        let first = min(max(0, cursor.index - visible + 1), max(0, matches.count - visible))
        var lines: [(String, Style)] = [("> " + query + "▏", Theme.strong), ("", .plain)]
        let operations = schema.pickable
        for (row, index) in matches.enumerated().dropFirst(first).prefix(visible) {
            let operation = operations[index]
            // Names, types and descriptions are the server's: one line, controls shown.
            var text = TerminalText.visibleLine(operation.description)
            if let summary = operation.summary {
                text += "  # " + TerminalText.visibleLine(String(summary.prefix { $0 != "\n" }))
            }
            lines.append((text, row == cursor.index ? Style.plain.reversed : .plain))
        }
        if matches.isEmpty { lines.append(("nothing matches", Theme.hint)) }
        lines.append(("", .plain))
        lines.append(
            (
                "Enter puts it in the form · Ctrl-R asks again · Esc closes · \(matches.count)/\(operations.count)",
                Theme.hint
            ))
        Views.dialog(
            title: "Operations · \(route) @ \(state.environment.name)", lines: lines, style: Theme.focusedBorder,
            width: width, into: &buffer)
    }
}
