/// One of the four panes as a component: its state, what keys do to it (`update`), how it
/// looks (`draw`) and its rows of the key table (`keys`). `AppState` keeps one of each, hands
/// the focused one the actions the app does not take itself, and applies the `PaneOutcome`
/// it returns: a pane changes only itself.
public protocol PaneComponent: Sendable, Equatable {
    /// Which pane it is.
    static var pane: Pane { get }
    /// Its rows of the key table.
    static var keys: [KeymapRow] { get }
    /// An action while it is focused.
    mutating func update(_ action: Action, in state: AppState) -> PaneOutcome
    /// Draws the pane (as `state` holds it) into `rect`.
    static func draw(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer)
}

extension PaneComponent {
    /// The border: highlighted while the pane has the focus and no dialog is open.
    static func border(_ state: AppState) -> Style {
        state.focus == pane && state.modal == nil ? Theme.focusedBorder : Theme.border
    }
}
