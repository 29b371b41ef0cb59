import CourierCore

/// The values captured from responses for the active environment (`V`), which later requests
/// to it use: each name, the routes that capture it and the value's length (values are
/// masked: a capture is usually a token). `c` copies the value under the cursor.
public struct CaptureList: Dialog {
    /// The environment the values are for.
    public var environment: String
    /// One captured value.
    public struct Value: Sendable, Equatable {
        /// The variable's name.
        public var name: String
        /// What it holds.
        public var value: String
    }

    /// The values, by name.
    public var values: [Value]
    /// For each name, the routes whose `capture` sets it.
    public var capturedBy: [String: [String]]
    /// The row under the cursor.
    public var cursor = ListCursor()

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "V", "outside the form", "the values captured for the active environment (masked); c copies one",
            Keymap.bind([.char("V")], .outsideForm, opening)),
        KeymapRow(
            "↑ ↓ j k, c, Esc", "captured values", "move, copy the value to the clipboard (OSC 52), close",
            Keymap.bind([.down, .char("j")], scope, .down) + Keymap.bind([.up, .char("k")], scope, .up)
                + Keymap.bind([.char("c")], scope, .copyValue)
                + Keymap.bind([.escape, .char("q"), .char("V"), .enter], scope, .cancel)),
    ]

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> CaptureList {
        let environment = state.environment.name
        let values = (state.captured[environment] ?? [:]).sorted { $0.key < $1.key }.map {
            Value(name: $0.key, value: $0.value)
        }
        let names = Set(state.workspace.routes.flatMap { $0.captures.map(\.name) })
        let capturedBy = Dictionary(uniqueKeysWithValues: names.map { ($0, state.workspace.routesCapturing($0)) })
        guard !values.isEmpty || !capturedBy.isEmpty else {
            throw DialogRefusal("no route captures a value (a route's \"capture\" sets one for later requests)")
        }
        return CaptureList(environment: environment, values: values, capturedBy: capturedBy)
    }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .copyValue:
            guard values.indices.contains(cursor.index) else { return .stay() }
            let name = values[cursor.index].name
            let notice = AppState.StatusLine(text: "copied the value of \(name)", isError: false)
            return .stay(.run([.copy(text: values[cursor.index].value)], notice: notice))
        default:
            _ = cursor.apply(action, count: values.count)
            return .stay()
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(10, min(buffer.width - 6, 90))
        var lines: [(String, Style)] = []
        if values.isEmpty {
            lines.append(("nothing captured yet for \(environment); send a route that captures:", Theme.hint))
            for (name, routes) in capturedBy.sorted(by: { $0.key < $1.key }) {
                lines.append(("  \(name) ← \(routes.joined(separator: ", "))", .plain))
            }
        } else {
            let nameWidth = min(24, values.map { CellWidth.of($0.name) }.max() ?? 4)
            let visible = max(1, buffer.height - 8)
            let first = min(max(0, cursor.index - visible + 1), max(0, values.count - visible))
            for (index, entry) in values.enumerated().dropFirst(first).prefix(visible) {
                let length = entry.value.count
                let routes = capturedBy[entry.name].map { "  ← " + $0.joined(separator: ", ") } ?? ""
                let text = "\(entry.name.padded(to: nameWidth))  •••• \(length) char\(length == 1 ? "" : "s")\(routes)"
                lines.append((text, index == cursor.index ? Style.plain.reversed : .plain))
            }
        }
        lines.append(("", .plain))
        lines.append(("values masked · c copies one · Esc closes", Theme.hint))
        Views.dialog(
            title: "Captured · \(environment) (\(values.count))", lines: lines, style: Theme.focusedBorder,
            width: width, into: &buffer)
    }
}
