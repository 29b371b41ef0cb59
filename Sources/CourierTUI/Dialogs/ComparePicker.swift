import CourierCore

/// Picks the environment a run is compared with (`c` in the run picker or the run view): the
/// active environment is the left side, the one picked the right.
public struct ComparePicker: Dialog {
    /// The run to compare (nil: the default selection).
    public var selection: String?
    /// The row under the cursor.
    public var cursor = ListCursor()

    /// A picker for `selection`.
    public init(selection: String?) { self.selection = selection }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        EnvironmentChoice.keys(
            scope, name: "compare run with", what: "move, run on both and compare, jump to N, close", extraCancel: [])
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        let selection = selection
        return EnvironmentChoice.outcome(action, cursor: &cursor, count: state.workspace.environments.count) {
            .startComparison(name: selection, environment: $0)
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        var lines = EnvironmentChoice.lines(state, cursor: cursor.index) { _, environment in
            (" ", environment.name == state.environment.name ? "  (active: the left side)" : "")
        }
        lines.append(("", .plain))
        lines.append(("Enter runs on \(state.environment.name) and there, and compares · Esc closes", Theme.hint))
        let title = "Compare \(selection ?? "default selection") on \(state.environment.name) with"
        Views.dialog(title: title, lines: lines, style: Theme.focusedBorder, into: &buffer)
    }
}
