import CourierCore

/// Picks the environment to send the shown response's route to, and compare (`d`).
public struct DiffPicker: Dialog {
    /// The row under the cursor.
    public var cursor: ListCursor

    /// A picker with its cursor on row `cursor`.
    public init(cursor: ListCursor) { self.cursor = cursor }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        EnvironmentChoice.keys(
            scope, name: "compare with", what: "move, send there and compare, jump to N, close", extraCancel: [])
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        EnvironmentChoice.outcome(action, cursor: &cursor, count: state.workspace.environments.count) {
            .compare(environment: $0)
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        var lines = EnvironmentChoice.lines(state, cursor: cursor.index) { _, environment in
            (" ", environment.name == state.shownExchange?.origin.environmentName ? "  (shown)" : "")
        }
        lines.append(("", .plain))
        lines.append(("Enter sends there and compares · Esc closes", Theme.hint))
        let route = state.shownExchange?.origin.routeName ?? ""
        Views.dialog(title: "Compare \(route) with", lines: lines, style: Theme.focusedBorder, into: &buffer)
    }
}
