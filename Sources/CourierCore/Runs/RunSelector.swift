/// Which routes a check run sends, in order (DESIGN.md §6).
///
/// With no arguments: every route, in workspace order, that has `checks` or `capture`, or
/// whose method is GET or HEAD. An argument is a run from `runs`, a route name or a `*` glob.
/// A route named exactly is always selected; through a glob (on the command line or in a run)
/// a mutating route is selected only when it has checks or captures, so `users.*` never
/// deletes a user nobody meant to.
public struct RunSelector: Sendable {
    /// The workspace whose routes are selected.
    public let workspace: Workspace

    /// A selector over `workspace`.
    public init(workspace: Workspace) { self.workspace = workspace }

    /// The routes `arguments` select, each once, in the order first selected.
    public func select(_ arguments: [String]) throws(WorkspaceError) -> [Route] {
        guard !arguments.isEmpty else { return workspace.routes.filter(Self.isDefault) }
        var selected: [Route] = []
        var seen: Set<String> = []
        func add(_ route: Route) {
            if seen.insert(route.name).inserted { selected.append(route) }
        }
        for argument in arguments {
            if let run = workspace.runs.first(where: { $0.name == argument }) {
                for pattern in run.patterns { try match(pattern).forEach(add) }
            } else {
                try match(argument).forEach(add)
            }
        }
        return selected
    }

    /// The routes one pattern selects.
    private func match(_ pattern: String) throws(WorkspaceError) -> [Route] {
        guard pattern.contains("*") else { return [try workspace.route(named: pattern)] }
        let routes = workspace.routes.filter { NamedRun.matches(pattern, $0.name) && Self.joinsThroughGlob($0) }
        guard !routes.isEmpty else { throw .unmatchedPattern(pattern) }
        return routes
    }

    /// Selected when nothing is named: it says what a good response is, or it is safe.
    public static func isDefault(_ route: Route) -> Bool {
        hasExpectations(route) || route.method == .get || route.method == .head
    }

    private static func joinsThroughGlob(_ route: Route) -> Bool {
        route.method.isSafe || hasExpectations(route)
    }

    private static func hasExpectations(_ route: Route) -> Bool {
        !(route.checks ?? []).isEmpty || !route.captures.isEmpty
    }
}
