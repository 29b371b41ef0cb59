/// The four panes, in Tab order.
public enum Pane: Int, Sendable, CaseIterable {
    case environments, routes, request, response

    /// The next pane in Tab order (wrapping).
    public var next: Pane { Pane(rawValue: (rawValue + 1) % Pane.allCases.count) ?? .environments }
    /// The previous pane in Tab order (wrapping).
    public var previous: Pane {
        Pane(rawValue: (rawValue + Pane.allCases.count - 1) % Pane.allCases.count) ?? .environments
    }
}
