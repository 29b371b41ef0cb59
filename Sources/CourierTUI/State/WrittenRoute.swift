import CourierCore

/// A route the screen wrote into the workspace file, and the workspace read back after it.
public struct WrittenRoute: Sendable, Equatable {
    /// The workspace as the file now holds it.
    public var workspace: Workspace
    /// The route's name.
    public var route: String

    /// A route written into `workspace`.
    public init(workspace: Workspace, route: String) {
        self.workspace = workspace
        self.route = route
    }
}
