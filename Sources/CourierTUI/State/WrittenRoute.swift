import CourierCore

/// A route the screen wrote into the workspace file, and the workspace read back after it.
public struct WrittenRoute: Sendable, Equatable {
    /// The workspace as the file now holds it.
    public var workspace: Workspace
    /// The route's name.
    public var route: String
    /// The environment of the file the route's URL belongs to (a pasted command's host), if any.
    public var environment: String?
    /// What the write did besides, one line each: where a pasted credential is kept.
    public var notes: [String]

    /// A route written into `workspace`, belonging to `environment`.
    public init(workspace: Workspace, route: String, environment: String? = nil, notes: [String] = []) {
        self.workspace = workspace
        self.route = route
        self.environment = environment
        self.notes = notes
    }
}
