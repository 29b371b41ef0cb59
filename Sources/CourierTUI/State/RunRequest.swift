import CourierCore

/// A check run the screen asks the runtime to make: the routes in order, where, with what,
/// and whether mutating routes may go to a protected environment.
public struct RunRequest: Sendable, Equatable {
    /// The routes, in order.
    public var routes: [Route]
    /// Where they go.
    public var environment: Environment
    /// The language and other settings every request gets.
    public var input: RequestInput
    /// Values captured earlier in this session for that environment.
    public var captured: [String: String]
    /// The user said yes to mutating routes on a protected environment.
    public var confirmed: Bool
    /// The run's title (a workspace run's name, or the default selection's), as history records it.
    public var title: String
    /// In compare mode, the second environment, run beside `environment`.
    public var compareWith: Environment?
    /// Values captured earlier in this session for `compareWith`.
    public var otherCaptured: [String: String] = [:]

    /// A run request.
    public init(
        routes: [Route], environment: Environment, input: RequestInput, captured: [String: String], confirmed: Bool,
        title: String = ""
    ) {
        self.title = title
        self.routes = routes
        self.environment = environment
        self.input = input
        self.captured = captured
        self.confirmed = confirmed
    }
}
