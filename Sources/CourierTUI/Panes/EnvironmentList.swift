import CourierCore

/// The Environments pane: a cursor over the workspace's environments.
public struct EnvironmentList: PaneComponent {
    /// The row under the cursor.
    public var cursor: ListCursor
    /// How many environments there are.
    public let count: Int

    /// A list of `count` environments with the cursor on `active`.
    public init(count: Int, active: Int) {
        self.count = count
        cursor = ListCursor(active)
    }

    /// Which pane it is (`PaneComponent.pane`).
    public static let pane = Pane.environments

    /// The keys of both lists (the Routes pane shares them: scope `.lists`).
    public static let keys = [
        KeymapRow(
            "↓ j / ↑ k, g G, PgDn PgUp", "lists", "move",
            Keymap.moves.flatMap { Keymap.bind($0.keys, .lists, $0.action) }),
        KeymapRow(
            "Enter", "Environments / Routes", "make active / open the route in the form", hints: [.lists: "Enter open"],
            Keymap.bind([.enter], .lists, .pick)),
    ]

    /// Moves, or makes the environment under the cursor active on Enter.
    public mutating func update(_ action: Action, in state: AppState) -> PaneOutcome {
        if cursor.apply(action, count: count) { return .handled }
        return action == .pick ? .activate(environment: cursor.index) : .ignored
    }

    /// Draws the pane (`PaneComponent.draw`).
    public static func draw(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.box(rect, title: "Environments", style: border(state))
        let inner = rect.inner
        let cursor = state.environmentList.cursor.index
        let start = Views.scrollStart(cursor: cursor, rows: inner.height)
        for (row, index) in (start..<state.workspace.environments.count).prefix(max(0, inner.height)).enumerated() {
            let environment = state.workspace.environments[index]
            let active = index == state.activeEnvironment
            var style: Style = environment.isProtected ? Theme.warning : (active ? Theme.strong : .plain)
            if state.focus == .environments && index == cursor { style = style.reversed }
            let y = inner.y + row
            buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style)
            let marker = active ? "▸ " : "  "
            let room = inner.width - 2 - (environment.isProtected ? 2 : 0)
            buffer.put(
                marker + environment.name.truncatedInMiddle(to: max(1, room)), x: inner.x, y: y, style: style,
                clip: inner)
            if environment.isProtected {
                buffer.put("⚠", x: inner.x + inner.width - 2, y: y, style: style, clip: inner)
            }
        }
    }
}
