/// What a key does. The keymap turns keys into actions; `update` performs them, so a key is
/// bound in exactly one place (`Keymap.standard`; the config file may move it, `Keymap.remapped`).
public enum Action: Sendable, Equatable, Hashable {
    /// Save and leave, from anywhere (Ctrl-C).
    case quitNow
    /// Save and leave (q, outside the form).
    case quit
    case nextPane, previousPane
    /// Open the dialog of this type (`Dialog.opening`, `DialogRegistry`).
    case open(dialog: ObjectIdentifier)
    /// Cancel requests in flight, else go back to Routes.
    case back
    case cycleLanguage, filterRoutes
    /// Edit the open route's body in `$EDITOR`.
    case editBody

    // Moving in lists, the form and the response.
    case down, up, pageDown, pageUp, top, bottom
    /// Enter in a list: make active / open.
    case pick
    /// Enter in the Request pane.
    case send

    // The form's field editing.
    case left, right, lineStart, lineEnd, deleteBackward, deleteForward, clear, addHeader, removeHeader
    /// Ctrl-R: the focused field back to the route's value (again: every field).
    case resetField

    // The Response pane.
    case toggleHeaders, toggleWholeBody, search, nextMatch, previousMatch, typePath
    case foldHere, cycleFoldDepth
    /// A digit: fold depth in the Response pane, an environment number in the switcher.
    case digit(Int)
    case copyValue, copyPath
    /// The left column `cells` wider (negative: narrower).
    case resizeLeft(cells: Int)
    /// The Request pane `rows` taller (negative: shorter).
    case resizeRequest(rows: Int)
    /// `w`: save the shown body to a file.
    case saveBody
    /// `W`: long lines in the Response pane wrap, or are cut and scroll sideways.
    case toggleWrap
    /// `n`: a quick request, its method and URL typed in the form.
    case quickRequest

    // Text entries and dialogs.
    /// Enter in a text entry: keep what was typed.
    case accept
    /// Esc in a text entry or a dialog.
    case cancel
    /// `y` in the protected-environment dialog.
    case confirm
    /// `n` in the run confirmation: run without the mutating routes.
    case decline
    /// Open the run view (or the run picker when nothing has run yet).
    case runChecks
    /// In the run view: pick a run and start it.
    case rerun
    /// In the run picker and the run view: run the selection on two environments and compare.
    case compareRun
    /// Open the open route's history.
    case openHistory
    /// Pick an operation of the open GraphQL route's schema.
    case graphQLOperations
    /// Send the shown exchange again (a recorded one: its route, to its environment).
    case resend
    /// Compare a recorded exchange with the current response.
    case compare
    /// Send the shown response's route to another environment and compare.
    case diffEnvironment
    /// Copy the open request as a curl command (OSC 52).
    case copyCurl
    /// Open the dialog that takes a pasted curl command.
    case pasteCurl
    /// Open the dialog that saves the form as a route.
    case saveRoute
    /// List the active environment's cookies.
    case showCookies
}
