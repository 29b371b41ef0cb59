import CourierCore

/// A dialog drawn over the panes; it takes every key until closed.
public enum Modal: Sendable, Equatable {
    /// The key list, scrolled down by `scroll` rows.
    case help(scroll: Int)
    /// Pick the active environment.
    case environmentSwitcher(cursor: ListCursor)
    /// Confirm a mutating request to a protected environment; only `y` sends.
    case confirm(id: Int, request: PreparedRequest)
}
