import CourierCore

/// The Routes pane: the workspace's routes, the filter typed after `/`, the routes that
/// match it (worked out when the filter changes, not on every frame) and a cursor over them.
public struct RouteList: PaneComponent {
    /// Every route.
    public let all: [Route]
    /// The filter text.
    public private(set) var filter = ""
    /// Indices into `all` of the routes matching the filter.
    public private(set) var matches: [Int]
    /// The row under the cursor, among the matches.
    public var cursor = ListCursor()
    /// The widest method and name, plus one: the columns, measured once (not per frame, which
    /// cost a 5,000-route workspace milliseconds a key).
    let methodWidth: Int
    let nameWidth: Int

    /// A list of `routes`, unfiltered.
    public init(_ routes: [Route]) {
        all = routes
        matches = Array(routes.indices)
        methodWidth = routes.map { $0.method.rawValue.count }.max().map { $0 + 1 } ?? 4
        nameWidth = routes.map { CellWidth.of($0.name) }.max() ?? 0
    }

    /// Routes matching the filter (case-insensitive substring of name, method, path or summary).
    public var filtered: [Route] { matches.map { all[$0] } }

    /// The route under the cursor.
    public var selected: Route? { matches.indices.contains(cursor.index) ? all[matches[cursor.index]] : nil }

    /// Replaces the filter and moves the cursor to the first match. Matches are ranked: the
    /// name itself, a name starting with it, a name holding it, then the path, the method and
    /// the summary; in workspace order within a rank.
    public mutating func setFilter(_ text: String) {
        filter = text
        let needle = text.lowercased()
        guard !needle.isEmpty else {
            matches = Array(all.indices)
            cursor = ListCursor()
            return
        }
        let ranked = all.indices.compactMap { index -> (rank: Int, index: Int)? in
            let route = all[index]
            let name = route.name.lowercased()
            let rank: Int? =
                if name == needle { 0 } else if name.hasPrefix(needle) { 1 } else if name.contains(needle) {
                    2
                } else if route.path.lowercased().contains(needle) {
                    3
                } else if route.method.rawValue.lowercased().contains(needle) {
                    4
                } else if route.summary?.lowercased().contains(needle) == true { 5 } else { nil }
            return rank.map { ($0, index) }
        }
        matches = ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.index)
        cursor = ListCursor()
    }

    /// Clears the filter, the cursor staying on the route it was on.
    public mutating func clearFilter() {
        let kept = selected?.name
        setFilter("")
        if let kept, let index = all.firstIndex(where: { $0.name == kept }) { cursor = ListCursor(index) }
    }

    /// Which pane it is (`PaneComponent.pane`).
    public static let pane = Pane.routes

    /// None of its own: the Environments pane's rows cover both lists (scope `.lists`).
    public static let keys: [KeymapRow] = []

    /// Moves, or opens the route under the cursor on Enter.
    public mutating func update(_ action: Action, in state: AppState) -> PaneOutcome {
        if cursor.apply(action, count: matches.count) { return .handled }
        guard action == .pick else { return .ignored }
        return selected.map { .open($0) } ?? .handled
    }

    /// Draws the pane (`PaneComponent.draw`).
    public static func draw(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        let list = state.routeList
        let filtering = state.mode == .filteringRoutes
        let title = list.filter.isEmpty ? "Routes" : "Routes (\(list.matches.count)/\(list.all.count))"
        buffer.box(rect, title: title, style: border(state))
        var inner = rect.inner
        if filtering || !list.filter.isEmpty {
            let filterY = inner.y + inner.height - 1
            // A filter left applied says so, and how to leave it.
            let marker = filtering ? "/" + list.filter + "▏" : "/" + list.filter + " · Esc clears"
            buffer.put(
                marker, x: inner.x, y: filterY, style: filtering ? Theme.active : Theme.warning, clip: inner)
            inner.height -= 1
        }
        if list.matches.isEmpty {
            buffer.put("no route matches", x: inner.x, y: inner.y, style: Theme.hint, clip: inner)
            return
        }
        // The name comes first so routes that share a path stay apart at 80 columns; the
        // paths get their own column when it has room, shortened in the middle.
        let methodWidth = list.methodWidth
        let pathX = inner.x + 2 + methodWidth + list.nameWidth + 2
        let pathRoom = inner.x + inner.width - pathX
        let start = Views.scrollStart(cursor: list.cursor.index, rows: inner.height)
        for (row, index) in (start..<list.matches.count).prefix(max(0, inner.height)).enumerated() {
            let route = list.all[list.matches[index]]
            let y = inner.y + row
            let selected = index == list.cursor.index
            let highlighted = selected && state.focus == .routes
            let base: Style = highlighted ? Style.plain.reversed : .plain
            buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base)
            var x = buffer.put(selected ? "▸ " : "  ", x: inner.x, y: y, style: base, clip: inner)
            var verb = Theme.method(route.method)
            verb.reverse = highlighted
            // A WebSocket route's GET only opens it: `WS` says what the route is.
            let method = route.isWebSocket ? "WS" : route.method.rawValue
            x = buffer.put(method.padded(to: methodWidth), x: x, y: y, style: verb, clip: inner)
            // A name cut by the pane's edge keeps both ends around a `…` (`messa…index`).
            let room = (pathRoom >= 6 ? pathX - 2 : inner.x + inner.width) - x
            buffer.put(route.name.truncatedInMiddle(to: max(1, room)), x: x, y: y, style: base, clip: inner)
            if pathRoom >= 6 {
                var dim = Theme.hint
                dim.reverse = highlighted
                buffer.put(route.path.truncatedInMiddle(to: pathRoom), x: pathX, y: y, style: dim, clip: inner)
            }
        }
    }
}
