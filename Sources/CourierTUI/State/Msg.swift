import CourierCore

/// Everything that can happen to the app: input from the terminal and results of effects.
public enum Msg: Sendable {
    /// A key press.
    case key(Key)
    /// A click or a turn of the wheel.
    case mouse(MouseEvent)
    /// The terminal now has this many columns and rows.
    case resize(width: Int, height: Int)
    /// A request finished (or failed, or was cancelled); `printed` is its body as
    /// `ResponseDisplay.printedJSON(of:)` prints and indexes it, when the runtime did that already.
    case response(id: Int, result: Result<Exchange, TransportError>, printed: TextDocument? = nil)
    /// Request `id`'s response is a stream: its head, or its next complete event.
    case stream(id: Int, StreamUpdate)
    /// `$EDITOR` closed: the new body text, or why it could not be read.
    case editorFinished(Result<String, EditorError>)
    /// Time passed while requests are in flight (drives the spinner).
    case tick
    /// Something the runtime wants the status bar to say (e.g. a failed save).
    case notice(String, isError: Bool)
    /// Request `id` has received `received` body bytes in `elapsed` seconds.
    case progress(id: Int, received: Int, elapsed: Double)
    /// Check run `id` has a route's result.
    case runProgress(id: Int, RouteRun)
    /// Check run `id` has ended (or was cancelled).
    case runFinished(id: Int, EnvironmentRun)
    /// Comparison `id` has a route's result on side `side` (0 the active environment, 1 the other).
    case compareProgress(id: Int, side: Int, RouteRun)
    /// Side `side` of comparison `id` has ended (or was cancelled).
    case compareFinished(id: Int, side: Int, EnvironmentRun)
    /// `route`'s recorded exchanges, newest first.
    case historyLoaded(route: String, entries: [HistoryEntry])
    /// A recorded exchange to show.
    case recordLoaded(HistoryRecord)
    /// The workspace's newest recorded exchanges, for the open palette.
    case recentLoaded([HistoryEntry])
    /// The sizes of files a form uploads (nil: the file cannot be read).
    case filesMeasured([String: Int?])
    /// The workspace file changed on disk and was read again (or failed to load).
    case workspaceChanged(Result<Workspace, WorkspaceError>)
    /// An import or a save wrote the workspace file: the new workspace and the route written,
    /// or why nothing was written.
    case workspaceWritten(Result<WrittenRoute, ImportError>)
    /// The cookies of an environment, for the cookie list.
    case cookiesLoaded(environment: String, cookies: [StoredCookie])
    /// The body was written to `path` (`error` nil), or why not.
    case bodySaved(path: String, size: Int, error: String?)
    /// A value from outside was made for the send waiting for it (`.makeValue`), or why not.
    case valueMade(SendNeed, Result<String, RequestError>)
    /// The command `need` asks for a trust the workspace file does not have yet.
    case trustAsked(SendNeed)
    /// The draw the next send's made values come from (after each send, and at start).
    case drawn(SendDraw)
    /// The schema of `route`'s GraphQL endpoint, kept or fetched (as request `id`, when it was
    /// sent for).
    case graphQLSchema(id: Int?, route: String, GraphQLSchemaAnswer)
}

/// Why the external editor produced nothing.
public struct EditorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line for the status bar.
    public var message: String

    /// An error with its message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
