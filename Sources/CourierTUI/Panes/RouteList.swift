import CourierCore

/// The Routes pane: the workspace's routes, the filter typed after `/`, the routes that
/// match it (worked out when the filter changes, not on every frame) and a cursor over them.
public struct RouteList: Sendable, Equatable {
    /// Every route.
    public let all: [Route]
    /// The filter text.
    public private(set) var filter = ""
    /// Indices into `all` of the routes matching the filter.
    public private(set) var matches: [Int]
    /// The row under the cursor, among the matches.
    public var cursor = ListCursor()

    /// A list of `routes`, unfiltered.
    public init(_ routes: [Route]) {
        all = routes
        matches = Array(routes.indices)
    }

    /// Routes matching the filter (case-insensitive substring of name, method, path or summary).
    public var filtered: [Route] { matches.map { all[$0] } }

    /// The route under the cursor.
    public var selected: Route? { matches.indices.contains(cursor.index) ? all[matches[cursor.index]] : nil }

    /// Replaces the filter and moves the cursor to the first match.
    public mutating func setFilter(_ text: String) {
        filter = text
        let needle = text.lowercased()
        matches =
            needle.isEmpty
            ? Array(all.indices)
            : all.indices.filter { index in
                let route = all[index]
                return route.name.lowercased().contains(needle) || route.path.lowercased().contains(needle)
                    || route.method.rawValue.lowercased().contains(needle)
                    || (route.summary?.lowercased().contains(needle) ?? false)
            }
        cursor = ListCursor()
    }

    /// Moves, or opens the route under the cursor on Enter.
    public mutating func handle(_ action: Action) -> PaneOutcome {
        if cursor.apply(action, count: matches.count) { return .handled }
        guard action == .pick else { return .ignored }
        return selected.map { .open($0) } ?? .handled
    }
}
