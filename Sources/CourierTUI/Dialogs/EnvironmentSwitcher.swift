import CourierCore

/// Picks the active environment (`e`).
public struct EnvironmentSwitcher: Dialog {
    /// The row under the cursor.
    public var cursor: ListCursor

    /// A switcher with its cursor on row `cursor`.
    public init(cursor: ListCursor) { self.cursor = cursor }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        EnvironmentChoice.keys(
            scope, name: "environment switcher", what: "move, make active, jump to N, close", extraCancel: [.char("e")])
    ]

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> EnvironmentSwitcher {
        EnvironmentSwitcher(cursor: ListCursor(state.activeEnvironment))
    }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        EnvironmentChoice.outcome(action, cursor: &cursor, count: state.workspace.environments.count) {
            .activate(environment: $0)
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        var lines = EnvironmentChoice.lines(state, cursor: cursor.index) { index, environment in
            (index == state.activeEnvironment ? "▸" : " ", environment.isProtected ? "  ⚠ protected" : "")
        }
        lines.append(("", .plain))
        lines.append(("Enter picks · 1-9 jumps · Esc closes", Theme.hint))
        Views.dialog(title: "Environment", lines: lines, style: Theme.focusedBorder, into: &buffer)
    }
}
