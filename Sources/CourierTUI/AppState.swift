import CourierCore

/// The whole state of the interactive screen, as a value.
///
/// `update(_:)` (in `AppState+Update.swift`) is the only way it changes; it does no I/O and
/// returns `Effect`s for the runtime. Views read it and draw into a `ScreenBuffer`.
public struct AppState: Sendable {
    /// The loaded workspace.
    public let workspace: Workspace
    /// The process environment captured at start, for `${NAME}`.
    public let processEnvironment: [String: String]
    /// Index of the environment requests go to.
    public var activeEnvironment: Int
    /// Cursor in the Environments pane.
    public var environmentCursor: Int
    /// Cursor in the (filtered) Routes pane.
    public var routeCursor = 0
    /// Text typed after `/` in the Routes pane.
    public var routeFilter = ""
    /// Whether keys currently go to the route filter.
    public var isFiltering = false
    /// Text being typed after `/` in the Response pane, while searching.
    public var responseQuery: String?
    /// The `json_path` being typed after `p` in the Response pane (applied live), and the
    /// path that was shown before, restored by Esc.
    public var pathFilter: (typed: String, before: String?)?
    /// The focused pane.
    public var focus: Pane = .routes
    /// Forms of routes opened so far, by route name (values survive switching routes).
    public var forms: [String: RequestForm] = [:]
    /// Remembered values of routes not opened yet in this run.
    public var savedFields: [String: [String: String]]
    /// Route shown in the Request pane.
    public var openRoute: String?
    /// Index into `workspace.languages`, if the workspace has languages.
    public var languageIndex: Int?
    /// Requests in flight, by id.
    public var inFlight: [Int: InFlight] = [:]
    /// The response on screen.
    public var response: ResponseDisplay?
    /// The last error or notice for the status bar.
    public var status: StatusLine?
    /// The open dialog.
    public var modal: Modal?
    /// Terminal size.
    public var width: Int
    /// Terminal size.
    public var height: Int
    /// Spinner frame while requests are in flight.
    public var spinnerFrame = 0
    /// Next request id.
    public var nextRequestID = 1
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
        environmentCursor = activeEnvironment
        savedFields = session.fields
        if let language = session.language, let index = workspace.languages.firstIndex(of: language) {
            languageIndex = index
        } else {
            languageIndex = workspace.languages.isEmpty ? nil : 0
        }
        self.width = width
        self.height = height
    }

    // MARK: Derived values

    /// The environment requests go to.
    public var environment: Environment { workspace.environments[activeEnvironment] }

    /// The chosen language, if any.
    public var language: String? { languageIndex.map { workspace.languages[$0] } }

    /// Routes matching the filter (case-insensitive substring of name, verb or path).
    public var filteredRoutes: [Route] {
        let needle = routeFilter.lowercased()
        guard !needle.isEmpty else { return workspace.routes }
        return workspace.routes.filter {
            $0.name.lowercased().contains(needle) || $0.path.lowercased().contains(needle)
                || $0.method.rawValue.lowercased().contains(needle)
        }
    }

    /// The route under the cursor in the Routes pane.
    public var selectedRoute: Route? {
        let routes = filteredRoutes
        return routes.indices.contains(routeCursor) ? routes[routeCursor] : nil
    }

    /// The route open in the Request pane and its form.
    public var openForm: (route: Route, form: RequestForm)? {
        guard let name = openRoute, let route = workspace.routes.first(where: { $0.name == name }),
            let form = forms[name]
        else { return nil }
        return (route, form)
    }

    /// The builder for the current workspace.
    public var builder: RequestBuilder { RequestBuilder(workspace: workspace, processEnvironment: processEnvironment) }

    /// The URL the open form resolves to right now, or why it cannot be built.
    public var resolvedURL: Result<String, RequestError>? {
        guard let (route, form) = openForm else { return nil }
        let input = (try? form.input()) ?? RequestInput()
        do {
            return .success(try builder.buildURL(route: route, environment: environment, input: input))
        } catch {
            return .failure(error)
        }
    }

    /// Values of the active environment's secrets, for masking what is shown.
    public var secretValues: [String] {
        builder.secretValues(
            environment: environment, context: builder.context(environment: environment, input: RequestInput()))
    }

    /// What to remember: environment, language and every form's values, minus any value
    /// that contains a secret.
    public var session: SessionState {
        var fields = savedFields
        for (name, form) in forms { fields[name] = form.savedValues }
        let secrets = workspace.environments.flatMap { environment in
            builder.secretValues(
                environment: environment, context: builder.context(environment: environment, input: RequestInput()))
        }
        if !secrets.isEmpty {
            for (route, values) in fields {
                fields[route] = values.filter { _, value in !secrets.contains { value.contains($0) } }
            }
        }
        return SessionState(environment: environment.name, language: language, fields: fields)
    }
}
