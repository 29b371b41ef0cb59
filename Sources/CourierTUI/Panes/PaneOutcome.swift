import CourierCore

/// What a pane asks of the app after handling an action: panes change only themselves, and
/// anything wider (the active environment, the status bar, the runtime) goes through here.
public enum PaneOutcome: Sendable, Equatable {
    /// The action was not the pane's.
    case ignored
    /// The pane changed only itself.
    case handled
    /// A typed value changed: remember the session.
    case edited
    /// Make environment `index` the active one.
    case activate(environment: Int)
    /// Open `route` in the Request pane.
    case open(Route)
    /// Send the open request.
    case send
    /// Open `$EDITOR` on the body.
    case editBody
    /// Say something in the status bar.
    case notice(String, isError: Bool)
    /// Put `text` on the clipboard, saying `notice`.
    case copy(text: String, notice: String)
}
