/// The Environments pane: a cursor over the workspace's environments.
public struct EnvironmentList: Sendable, Equatable {
    /// The row under the cursor.
    public var cursor: ListCursor
    /// How many environments there are.
    public let count: Int

    /// A list of `count` environments with the cursor on `active`.
    public init(count: Int, active: Int) {
        self.count = count
        cursor = ListCursor(active)
    }

    /// Moves, or makes the environment under the cursor active on Enter.
    public mutating func handle(_ action: Action) -> PaneOutcome {
        if cursor.apply(action, count: count) { return .handled }
        return action == .pick ? .activate(environment: cursor.index) : .ignored
    }
}
