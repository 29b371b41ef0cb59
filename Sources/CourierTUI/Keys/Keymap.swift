/// Every key of the screen in one table: `update` looks actions up here, the `?` dialog and
/// the status bar hints are drawn from it, and a test holds the README's key table to it.
public struct Keymap: Sendable {
    /// The rows, in the order they are documented.
    public let rows: [KeymapRow]
    private let table: [KeyScope: [Key: Action]]

    /// A keymap of `rows`. When a key is bound twice in one scope the first binding wins.
    public init(rows: [KeymapRow]) {
        self.rows = rows
        var table: [KeyScope: [Key: Action]] = [:]
        for binding in rows.flatMap(\.bindings) where table[binding.scope]?[binding.key] == nil {
            table[binding.scope, default: [:]][binding.key] = binding.action
        }
        self.table = table
    }

    /// The action `key` has in the first of `scopes` that binds it.
    public func action(for key: Key, in scopes: [KeyScope]) -> Action? {
        for scope in scopes {
            if let action = table[scope]?[key] { return action }
        }
        return nil
    }

    /// The status bar hints for `scopes`: those of the most specific scope first, then table
    /// order. A hint is left out when a more specific scope gives its key another action.
    public func hints(in scopes: [KeyScope]) -> [String] {
        var found: [(rank: Int, order: Int, text: String)] = []
        for (order, row) in rows.enumerated() {
            for (rank, scope) in scopes.enumerated() {
                guard let text = row.hints[scope] else { continue }
                let live = row.bindings.contains { $0.scope == scope && action(for: $0.key, in: scopes) == $0.action }
                if live { found.append((rank, order, text)) }
                break
            }
        }
        return found.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.text)
    }

    /// The keys of the screen.
    public static let standard = Keymap(
        rows: panes + EnvironmentList.keys + RouteList.keys + RequestPane.keys + ResponseDisplay.keys + entries
            + DialogRegistry.all.flatMap { $0.keys } + help)

    static func bind(_ keys: [Key], _ scope: KeyScope, _ action: Action) -> [KeyBinding] {
        keys.map { KeyBinding($0, scope, action) }
    }

    static let moves: [(keys: [Key], action: Action)] = [
        ([.down, .char("j")], .down), ([.up, .char("k")], .up), ([.home, .char("g")], .top),
        ([.end, .char("G")], .bottom), ([.pageDown], .pageDown), ([.pageUp], .pageUp),
    ]

    private static let panes: [KeymapRow] = [
        KeymapRow(
            "Tab / Shift-Tab", "panes", "next / previous pane (Environments → Routes → Request → Response)",
            hints: [.panes: "Tab pane"], bind([.tab], .panes, .nextPane) + bind([.backTab], .panes, .previousPane)),
        KeymapRow(
            "Esc", "panes",
            "cancel requests in flight (a live stream stops, its events stay); else back to Routes, where it clears a filter left applied",
            hints: [.panes: "Esc back"],
            bind([.escape], .panes, .back)),
        KeymapRow(
            "e", "outside the form", "environment switcher", hints: [.outsideForm: "e env"],
            bind([.char("e")], .outsideForm, EnvironmentSwitcher.opening)),
        KeymapRow(
            "L", "outside the form", "cycle the language (`Accept-Language`)", hints: [.outsideForm: "L lang"],
            bind([.char("L")], .outsideForm, .cycleLanguage)),
        KeymapRow(
            "[ ] / { }", "outside the form", "narrower / wider left column; shorter / taller Request pane (remembered)",
            bind([.char("[")], .outsideForm, .resizeLeft(cells: -2))
                + bind([.char("]")], .outsideForm, .resizeLeft(cells: 2))
                + bind([.char("{")], .outsideForm, .resizeRequest(rows: -1))
                + bind([.char("}")], .outsideForm, .resizeRequest(rows: 1))),
        KeymapRow(
            "/", "outside the form", "filter routes as you type", hints: [.outsideForm: "/ filter"],
            bind([.char("/")], .outsideForm, .filterRoutes)),
        KeymapRow(
            "R", "outside the form",
            "check run: the latest one, or pick one (the default selection or a workspace run)",
            hints: [.outsideForm: "R run"], bind([.char("R")], .outsideForm, .runChecks)),
        KeymapRow(
            "H", "outside the form", "history of the open route: newest first, every environment; Enter shows one",
            bind([.char("H")], .outsideForm, .openHistory)),
        KeymapRow(
            "O", "outside the form",
            "a GraphQL route's operations, from its server's schema (asked once, then kept): pick one to send",
            bind([.char("O")], .outsideForm, .graphQLOperations)),
        KeymapRow(
            "y", "outside the form", "copy the open request as a curl command (OSC 52; secrets as shell variables)",
            bind([.char("y")], .outsideForm, .copyCurl)),
        KeymapRow(
            "I", "outside the form",
            "paste a curl command: the route it makes is added to the workspace file and opened in the form",
            bind([.char("I")], .outsideForm, .pasteCurl)),
        KeymapRow(
            "K", "outside the form",
            "the active environment's cookies: name, domain, path, expiry (values masked)",
            bind([.char("K")], .outsideForm, .showCookies)),
        KeymapRow(
            "n", "outside the form",
            "a quick request: type its method and a URL (a path goes under the environment's base URL); Enter sends",
            bind([.char("n")], .outsideForm, .quickRequest)),
        KeymapRow(
            "Ctrl-S", "panes", "save the form as a route: a new name adds one, the open route's name saves into it",
            hints: [.form: "Ctrl-S save"], bind([.ctrl("s")], .panes, .saveRoute)),
    ]

    private static let entries: [KeymapRow] = [
        KeymapRow(
            "typing, Backspace, Ctrl-U", "filter, search, json_path, message",
            "edit the text (Backspace on empty leaves, but not a message)",
            [KeyScope.filter, .search, .path, .message].flatMap {
                bind([.backspace], $0, .deleteBackward) + bind([.ctrl("u")], $0, .clear)
            }),
        KeymapRow(
            "↑ ↓", "filter, message", "move in the routes that match; pick the WebSocket route's saved messages",
            [KeyScope.filter, .message].flatMap { bind([.up], $0, .up) + bind([.down], $0, .down) }),
        KeymapRow(
            "Enter / Esc", "filter, search, json_path",
            "open the route (the filter stays), find, keep the path / leave (the filter cleared, a json_path restored)",
            [KeyScope.filter, .search, .path].flatMap {
                bind([.enter], $0, .accept) + bind([.escape], $0, .cancel)
            }),
        KeymapRow(
            "Enter / Esc", "message", "send the message / close the WebSocket conversation (1000, normal)",
            bind([.enter], .message, .accept) + bind([.escape], .message, .cancel)),
    ]

    private static let help: [KeymapRow] = [
        KeymapRow(
            "? / F1", "outside the form / panes", "this key list", hints: [.outsideForm: "? help", .panes: "F1 help"],
            bind([.char("?")], .outsideForm, HelpDialog.opening) + bind([.function(1)], .panes, HelpDialog.opening)),
        KeymapRow(
            "q", "outside the form", "quit", hints: [.outsideForm: "q quit"], bind([.char("q")], .outsideForm, .quit)),
        KeymapRow("Ctrl-C", "anywhere", "quit", bind([.ctrl("c")], .anywhere, .quitNow)),
    ]
}
