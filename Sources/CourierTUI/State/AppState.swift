import CourierCore

/// The whole state of the interactive screen, as a value.
///
/// `update(_:)` (in `AppState+Update.swift`) is the only way it changes; it does no I/O and
/// returns `Effect`s for the runtime. Views read it and draw into a `ScreenBuffer`.
public struct AppState: Sendable {
    /// The loaded workspace.
    public internal(set) var workspace: Workspace
    /// The process environment captured at start, for `${NAME}`.
    public let processEnvironment: [String: String]
    /// Index of the environment requests go to.
    public var activeEnvironment: Int
    /// The Environments pane.
    public var environmentList: EnvironmentList
    /// The Routes pane.
    public var routeList: RouteList
    /// The Request pane.
    public var requestPane: RequestPane
    /// The Response pane: the response on screen. A response shown replaces a failure.
    public var response: ResponseDisplay? {
        didSet { if response != nil { failure = nil } }
    }
    /// The Response pane when the last request failed: the failure, in place of a response.
    public var failure: RequestFailure?
    /// The focused pane.
    public var focus: Pane = .routes
    /// The border the mouse is dragging, between its press and its release.
    public var dragging: PaneEdge?
    /// The keys in force: the standard ones, moved as the config file says (`ScreenConfig`).
    public var keymap = Keymap.standard
    /// Where keys go.
    public var mode: InputMode = .normal
    /// Index into `workspace.languages`, if the workspace has languages.
    public var languageIndex: Int?
    /// The panes resized by hand: cells added to the left column, rows to the Request pane.
    public var leftColumn = 0
    public var requestRows = 0
    /// Requests in flight, by id.
    public var inFlight: [Int: InFlight] = [:]
    /// The last error or notice for the status bar.
    public var status: StatusLine?
    /// Terminal size.
    public var width: Int
    /// Terminal size.
    public var height: Int
    /// Spinner frame while requests are in flight.
    public var spinnerFrame = 0
    /// Next request id.
    public var nextRequestID = 1
    /// Values captured from responses, by environment: they feed later requests to that
    /// environment for the rest of the session (captures never cross environments).
    public var captured: [String: [String: String]] = [:]
    /// The latest check run, kept after its view closes so `R` shows it again.
    public var run: RunView?
    /// The exchange whose response is on screen (live or recorded).
    public var shownExchange: Exchange?
    /// The latest exchange received (never a recorded one): "the current response".
    public var liveExchange: Exchange?
    /// Sizes of the files multipart fields name, by resolved path, as the runtime last
    /// measured them.
    public var uploadSizes: [String: UploadSize] = [:]

    /// What is known of the size of a file a field uploads.
    public enum UploadSize: Sendable, Equatable {
        /// Asked for, not answered yet.
        case measuring
        /// Its size in bytes.
        case bytes(Int)
        /// It cannot be read (missing, a folder, no permission).
        case unreadable
    }
    /// Response bodies above this size are saved to a file rather than shown
    /// (`COURIER_MAX_BODY_MB`, default 256 MB).
    public var maxBodyInMemory = 256 << 20

    /// A request that has been sent and not answered yet.
    public struct InFlight: Sendable, Equatable {
        /// The request as sent (its origin names the route and environment).
        public var request: PreparedRequest
        /// Body bytes received so far.
        public var received = 0
        /// Seconds since it was sent, as of the last progress report.
        public var elapsed = 0.0
        /// What the answer is for.
        public var purpose = Purpose.show

        /// What an answer does when it arrives.
        public enum Purpose: Sendable, Equatable {
            /// Shown in the Response pane.
            case show
            /// Compared with this exchange in the diff view (the answer is the right side).
            case compare(with: Exchange, title: String)
            /// `route`'s GraphQL schema, asked for to pick an operation.
            case schema(route: String)
        }
    }

    /// A one-line message for the status bar.
    public struct StatusLine: Sendable, Equatable {
        /// The text.
        public var text: String
        /// Drawn as an error (red) rather than a notice.
        public var isError: Bool

        /// A status message.
        public init(text: String, isError: Bool) {
            self.text = text
            self.isError = isError
        }
    }

    /// The smallest terminal the panes fit in; below it a notice is drawn instead.
    public static let minimumWidth = 50
    /// See `minimumWidth`.
    public static let minimumHeight = 12

    /// Starts on `session`'s environment (or `initialEnvironment`, or the first) and language.
    public init(
        workspace: Workspace, processEnvironment: [String: String], session: SessionState = SessionState(),
        initialEnvironment: String? = nil, width: Int = 80, height: Int = 24
    ) {
        self.workspace = workspace
        self.processEnvironment = processEnvironment
        let wanted = initialEnvironment ?? session.environment
        activeEnvironment = workspace.environments.firstIndex { $0.name == wanted } ?? 0
        environmentList = EnvironmentList(count: workspace.environments.count, active: activeEnvironment)
        routeList = RouteList(workspace.routes)
        requestPane = RequestPane(saved: session.fields)
        if let language = session.language, let index = workspace.languages.firstIndex(of: language) {
            languageIndex = index
        } else {
            languageIndex = workspace.languages.isEmpty ? nil : 0
        }
        leftColumn = session.leftColumn
        requestRows = session.requestRows
        self.width = width
        self.height = height
    }

    // MARK: Derived values

    /// The environment requests go to.
    public var environment: Environment { withSession(workspace.environments[activeEnvironment]) }

    /// Values set on the screen for this session (`V`, then Enter), by environment, then name:
    /// over the workspace's and the environment's, as `--var` is on the command line. Never
    /// written anywhere; quitting forgets them.
    public var sessionVariables: [String: [String: String]] = [:]

    /// Where the next send's made values (`{{$uuid}}`, `{{$now}}`) come from: the preview
    /// shows them and the send uses them; the runtime gives a new draw after each send.
    public var draw = SendDraw(key0: 0, key1: 0, time: 0)
    /// Values from outside made for the next send (a prompt answered, a file read, a command's
    /// output): prompts and files are asked again for each send, a command's output is kept for
    /// the session.
    public var sendAnswers: [SendNeed: String] = [:]
    /// The send waiting for a value from outside, sent again when it comes.
    public var valueWait: ValueWait?

    /// `environment` with the values set for it this session.
    public func withSession(_ environment: Environment) -> Environment {
        guard let set = sessionVariables[environment.name], !set.isEmpty else { return environment }
        var changed = environment
        changed.variables.merge(set) { _, typed in typed }
        return changed
    }

    /// The chosen language, if any.
    public var language: String? { languageIndex.map { workspace.languages[$0] } }

    /// The open dialog, if any.
    public var modal: Modal? {
        if case .dialog(let modal) = mode { return modal }
        return nil
    }

    /// The route shown in the Request pane.
    public var openRoute: String? { requestPane.openRoute }

    /// The route open in the Request pane and its form.
    public var openForm: (route: Route, form: RequestForm)? {
        guard let name = requestPane.openRoute, let form = requestPane.forms[name] else { return nil }
        if name == Self.quickRequestName { return (Self.quickRoute(form), form) }
        guard let route = workspace.routes.first(where: { $0.name == name }) else { return nil }
        return (route, form)
    }

    /// The scopes whose bindings apply now, most specific first (see `Keymap`).
    public var activeScopes: [KeyScope] {
        switch mode {
        case .dialog(let modal): return [modal.scope, .anywhere]
        case .filteringRoutes: return [.filter, .anywhere]
        case .searchingBody: return [.search, .anywhere]
        case .typingPath: return [.path, .anywhere]
        case .typingMessage: return [.message, .anywhere]
        case .normal:
            switch focus {
            case .environments, .routes: return [.lists, .outsideForm, .panes, .anywhere]
            case .request where openRoute != nil: return [.request, .form, .panes, .anywhere]
            case .request: return [.request, .outsideForm, .panes, .anywhere]
            // A failure shown takes `s` (send it again); the pane's other keys find no body.
            case .response where response != nil || failure != nil:
                return [.response, .outsideForm, .panes, .anywhere]
            case .response: return [.outsideForm, .panes, .anywhere]
            }
        }
    }

    /// The builder for the current workspace.
    public var builder: RequestBuilder { RequestBuilder(workspace: workspace, processEnvironment: processEnvironment) }

    /// The URL the open form resolves to right now, or why it cannot be built.
    public var resolvedURL: Result<String, RequestError>? {
        guard let (route, form) = openForm else { return nil }
        let input = made(form.urlInput())
        do {
            return .success(
                try builder.buildURL(
                    route: route, environment: environment, input: input, captured: captured[environment.name] ?? [:]))
        } catch {
            return .failure(error)
        }
    }

    /// Values of the active environment's secrets, for masking what is shown.
    public var secretValues: [String] {
        builder.secretValues(
            environment: environment,
            context: builder.context(
                environment: environment, input: made(RequestInput()), captured: captured[environment.name] ?? [:]))
    }

    /// What to remember: environment, language and every form's values, minus any value
    /// that contains a secret.
    public var session: SessionState {
        var fields = requestPane.savedValues
        let secrets = workspace.environments.flatMap { environment in
            builder.secretValues(
                environment: environment,
                context: builder.context(environment: environment, input: made(RequestInput())))
        }
        if !secrets.isEmpty {
            for (route, values) in fields {
                fields[route] = values.filter { _, value in !secrets.contains { value.contains($0) } }
            }
        }
        var state = SessionState(environment: environment.name, language: language, fields: fields)
        (state.leftColumn, state.requestRows) = (leftColumn, requestRows)
        return state
    }
}
