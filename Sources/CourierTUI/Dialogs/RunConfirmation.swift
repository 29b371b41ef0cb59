import CourierCore

/// A run would send mutating routes to a protected environment: `y` sends them, `n` runs the
/// rest, Esc runs nothing.
public struct RunConfirmation: Dialog {
    /// The run's name (or "default selection").
    public var title: String
    /// Every route of the run.
    public var routes: [Route]
    /// The names of those that change data.
    public var mutating: [String]

    /// Asks about `mutating` among `routes`.
    public init(title: String, routes: [Route], mutating: [String]) {
        self.title = title
        self.routes = routes
        self.mutating = mutating
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "y / n / Esc", "run confirmation", "send the mutating routes too / run without them / run nothing",
            Keymap.bind([.char("y"), .char("Y")], scope, .confirm)
                + Keymap.bind([.char("n"), .char("N")], scope, .decline)
                + Keymap.bind([.escape, .char("q")], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .confirm: return .close(.launchRun(title: title, routes: routes, confirmed: true))
        case .decline: return .close(.launchRun(title: title, routes: routes, confirmed: false))
        case .cancel: return .close()
        default: return .stay()
        }
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let environment = state.environment.name
        var lines: [(String, Style)] = [
            ("\(environment) is a protected environment.", Theme.warning), ("", .plain),
            ("\(title): \(routes.count) routes; these change data:", .plain),
        ]
        for route in routes where mutating.contains(route.name) {
            lines.append(("  \(route.method.rawValue.padded(to: 7))\(route.name)", Theme.method(route.method)))
        }
        lines += [("", .plain), ("y sends them too · n runs the rest · Esc runs nothing", Theme.strong)]
        Views.dialog(title: "Run on \(environment)?", lines: lines, style: Theme.warning, into: &buffer)
    }
}
