import CourierCore

/// A dialog drawn over the panes; it takes every key until closed.
public enum Modal: Sendable, Equatable {
    /// The key list, scrolled down by `scroll` rows.
    case help(scroll: Int)
    /// Pick the active environment.
    case environmentSwitcher(cursor: ListCursor)
    /// Confirm a mutating request to a protected environment, or one that a redirect would
    /// carry into one (`redirect`); only `y` sends.
    case confirm(id: Int, request: PreparedRequest, redirect: ProtectedRedirect? = nil)
    /// Pick what to run: the default selection (row 0) or one of the workspace's runs.
    case runPicker(cursor: ListCursor)
    /// A run would send mutating routes to a protected environment: `y` sends them, `n` runs
    /// the rest, Esc runs nothing.
    case runConfirm(title: String, routes: [Route], mutating: [String])
    /// The check run's rows (the run itself is `AppState.run`).
    case runView
    /// The open route's recorded exchanges.
    case history(HistoryBrowser)
    /// Pick the environment to compare the shown response with.
    case diffPicker(cursor: ListCursor)
    /// Two responses compared.
    case diff(DiffDisplay)
    /// A curl command being pasted or typed, with why the last attempt failed.
    case pasteCurl(text: String, error: String?)
    /// The name to save the form under, with why the last attempt failed.
    case saveRoute(name: String, error: String?)
    /// The cookies of an environment, scrolled down by `scroll` rows.
    case cookies(environment: String, cookies: [StoredCookie], scroll: Int)
}
