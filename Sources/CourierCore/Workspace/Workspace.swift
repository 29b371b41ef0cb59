/// Everything one `environments.json` describes: environments, routes and shared settings.
public struct Workspace: Sendable, Equatable {
    /// Headers sent to every environment.
    public var headers: [HeaderField]
    /// Variables shared by all environments (environment variables win).
    public var variables: [String: String]
    /// Languages the user can pick from, sent as `Accept-Language`.
    public var languages: [String]
    /// Environments in file order.
    public var environments: [Environment]
    /// Routes in file order, then expanded resources: every route that can be sent.
    public var routes: [Route]
    /// The resources as written (their routes are already in `routes`).
    public var resources: [Resource] = []
    /// Named, ordered runs (`"runs": {"smoke": ["auth.login", "users.*"]}`), in file order.
    public var runs: [NamedRun] = []
    /// Whether and how much history is recorded (top-level `"history"`).
    public var history = HistorySettings()
    /// How long a captured value is kept for later commands, in seconds (top-level
    /// `"capture_ttl"`); nil: as long as the response's `expires_in` says, else 12 hours.
    public var captureLifetime: Double?
    /// Documents imported from URLs (top-level `"imports"`), for `courier import --refresh`.
    public var imports: [ImportSource] = []
    /// Folder of the config file, against which relative paths (CA files) resolve.
    public var baseDirectory: String
    /// The file it was loaded from: its canonical path (absolute, links resolved), by which
    /// everything kept per workspace is keyed; empty for a workspace built in memory.
    public var file = ""
    /// The file is sealed (encrypted with a password): nothing typed into it is remembered.
    public var isSealed = false

    /// The names of the routes whose `capture` sets `variable`, in file order.
    public func routesCapturing(_ variable: String) -> [String] {
        routes.filter { $0.captures.contains { $0.name == variable } }.map(\.name)
    }

    /// The largest workspace file Courier reads or an import writes (16 MB): a hand-written
    /// one is a few hundred KB; GitHub's whole API imported is ~1 MB.
    public static let maxFileBytes = 16 << 20

    /// A workspace.
    public init(
        headers: [HeaderField] = [], variables: [String: String] = [:], languages: [String] = [],
        environments: [Environment] = [], routes: [Route] = [], baseDirectory: String = "."
    ) {
        self.headers = headers
        self.variables = variables
        self.languages = languages
        self.environments = environments
        self.routes = routes
        self.baseDirectory = baseDirectory
    }

    /// The environment called `name`, or an error that suggests the closest one.
    public func environment(named name: String) throws(WorkspaceError) -> Environment {
        if let found = environments.first(where: { $0.name == name }) { return found }
        throw .unknownEnvironment(
            name, suggestion: NameSuggester.closest(to: name, in: environments.map(\.name)),
            available: environments.map(\.name))
    }

    /// The route called `name`, or an error that suggests the closest one.
    public func route(named name: String) throws(WorkspaceError) -> Route {
        if let found = routes.first(where: { $0.name == name }) { return found }
        throw .unknownRoute(name, suggestion: NameSuggester.closest(to: name, in: routes.map(\.name)))
    }
}
