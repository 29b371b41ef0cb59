/// Where a key binding applies. `AppState.activeScopes` says which scopes are live, most
/// specific first; the first binding found in that order wins.
public enum KeyScope: Sendable, Equatable, Hashable {
    /// Every mode, dialogs included (only Ctrl-C).
    case anywhere
    /// The four panes, whatever is focused, when no dialog or text entry is open.
    case panes
    /// The panes, except while the Request form is being edited (letters type there).
    case outsideForm
    /// The Environments and Routes lists.
    case lists
    /// The Request pane (with or without an open route).
    case request
    /// The Request pane with a route's form open.
    case form
    /// The Response pane with a response shown.
    case response
    /// Typing the route filter.
    case filter
    /// Typing a search in the Response pane.
    case search
    /// Typing a `json_path` in the Response pane.
    case path
    /// Typing a message to a live WebSocket conversation.
    case message
    /// The open dialog's own keys, by its type (`Dialog.scope`).
    case dialog(ObjectIdentifier)
}
