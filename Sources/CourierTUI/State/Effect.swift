import CourierCore

/// Work `update` asks the runtime to do; results come back as `Msg`.
public enum Effect: Sendable, Equatable {
    /// Send `request`; answer with `.response(id:result:)`.
    case send(id: Int, request: PreparedRequest)
    /// Cancel the request or check run `id` (a request's result arrives as `.cancelled`; a
    /// run skips the routes not yet sent and ends with `.runFinished`).
    case cancel(id: Int)
    /// Send `text` as a message of WebSocket conversation `id` (its messages come as `.stream`).
    case sendMessage(id: Int, text: String)
    /// Close WebSocket conversation `id` normally (1000); its exchange comes as `.response`.
    case closeConversation(id: Int)
    /// Run checks; answer with `.runProgress` per route and `.runFinished`.
    case startRun(id: Int, RunRequest)
    /// Remember the session (environment, language, typed values) for the next run. The
    /// runtime reads `AppState.session` when it writes, so keystrokes never build it.
    case saveSession
    /// Open `$EDITOR` on `text`; answer with `.editorFinished`.
    case openEditor(text: String)
    /// Put `text` on the terminal's clipboard (OSC 52).
    case copy(text: String)
    /// Read `route`'s recorded exchanges; answer with `.historyLoaded`.
    case loadHistory(route: String)
    /// Read the workspace's newest recorded exchanges; answer with `.recentLoaded`.
    case loadRecent
    /// Read one recorded exchange; answer with `.recordLoaded`.
    case loadRecord(id: Int64)
    /// Look up the sizes of the files at `paths`; answer with `.filesMeasured`.
    case measureFiles(paths: [String])
    /// Import `command` (curl) into the workspace file, the route named so no other has its
    /// name; answer with `.workspaceWritten`.
    case importCurl(command: String)
    /// Write `route` into the workspace file, in place of the route called `replacing` if
    /// given, else added; answer with `.workspaceWritten`.
    case saveRoute(Route, replacing: String?)
    /// Make `need`'s value (read the file, run the trusted command) off the screen's loop;
    /// answer with `.valueMade`.
    case makeValue(SendNeed)
    /// Trust the workspace file on this machine, if its commands are still `commands` (what the
    /// user was shown); a refusal comes back as `.notice`.
    case trustWorkspace(commands: [String])
    /// Leave the program.
    case quit
    /// Read the schema kept for `request`'s endpoint (the route's introspection); answer with
    /// `.graphQLSchema(id: nil, …)`, `.notKept` when there is none.
    case loadGraphQLSchema(route: String, request: PreparedRequest)
    /// Send `request` (an introspection, confirmed), keep the schema it answers and answer
    /// with `.graphQLSchema(id: id, …)`; no checks, no history.
    case fetchGraphQLSchema(id: Int, route: String, request: PreparedRequest)
    /// Read the cookies of the environment called this; they come back as `.cookiesLoaded`.
    case loadCookies(environment: String)
    /// Write `exchange`'s body (from memory, or its spilled file) to `path`, refusing one that
    /// exists; the outcome comes back as `.bodySaved`.
    case saveBody(Exchange, path: String)
    /// Empty the jar of the environment called this; the list comes back as `.cookiesLoaded`.
    case clearCookies(environment: String)
}
