import CourierCore

/// Picks what to run (`R` before any run): the default selection (row 0) or one of the
/// workspace's runs.
public struct RunPicker: Dialog {
    /// The row under the cursor.
    public var cursor: ListCursor

    /// A picker with its cursor on row `cursor`.
    public init(cursor: ListCursor = ListCursor()) { self.cursor = cursor }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "↑ ↓ j k, Enter, c, Esc", "run picker", "move, start the run, compare it on two environments, close",
            Keymap.bind([.down, .char("j")], scope, .down) + Keymap.bind([.up, .char("k")], scope, .up)
                + Keymap.bind([.enter], scope, .pick) + Keymap.bind([.char("c")], scope, .compareRun)
                + Keymap.bind([.escape, .char("q")], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .pick: return .close(.startRun(name: selection(in: state)))
        case .compareRun: return .close(.pickComparison(name: selection(in: state)))
        default:
            _ = cursor.apply(action, count: state.workspace.runs.count + 1)
            return .stay()
        }
    }

    /// The run under the cursor; nil for the default selection.
    private func selection(in state: AppState) -> String? {
        cursor.index == 0 ? nil : state.workspace.runs[safe: cursor.index - 1]?.name
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let selector = RunSelector(workspace: state.workspace)
        let choices = [("default selection", [String]())] + state.workspace.runs.map { ($0.name, [$0.name]) }
        var lines: [(String, Style)] = []
        for (index, choice) in choices.enumerated() {
            let count = (try? selector.select(choice.1).count).map { "\($0) route\($0 == 1 ? "" : "s")" } ?? "?"
            let text = "\(index == cursor.index ? "▸" : " ") \(choice.0) · \(count)"
            lines.append((text, index == cursor.index ? Style.plain.reversed : .plain))
        }
        lines += [
            ("", .plain),
            ("Enter runs on \(state.environment.name) · c compares with another · Esc closes", Theme.hint),
        ]
        Views.dialog(title: "Run checks", lines: lines, style: Theme.focusedBorder, into: &buffer)
    }
}
