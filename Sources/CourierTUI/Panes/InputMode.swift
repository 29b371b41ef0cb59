/// Where keys go: the panes, one of the one-line text entries, or a dialog. One value
/// instead of flags checked in order, so two entries can never be open at once.
public enum InputMode: Sendable, Equatable {
    /// Keys go to the focused pane.
    case normal
    /// Typing the route filter after `/` in a list.
    case filteringRoutes
    /// Typing a search after `/` in the Response pane.
    case searchingBody(query: String)
    /// Typing a `json_path` after `p`, applied live; `before` is restored by Esc.
    case typingPath(typed: String, before: String?)
    /// Typing a message to WebSocket conversation `id`: Enter sends it, ↑ ↓ pick the route's
    /// saved messages (`pick` is the one shown), Esc closes the conversation.
    case typingMessage(id: Int, draft: String, pick: Int?)
    /// A dialog takes every key.
    case dialog(Modal)
}
