/// Where a request came from: the workspace, environment and route, whether the
/// environment is protected, and the secret values to mask wherever the exchange is shown,
/// printed, recorded or exported.
public struct ExchangeOrigin: Sendable, Equatable {
    /// The workspace file the route was loaded from, as given (empty for one built in memory).
    public var workspace: String
    /// The environment the request goes to.
    public var environmentName: String
    /// The route the request was built from.
    public var routeName: String
    /// Whether that environment is protected.
    public var isProtectedEnvironment: Bool
    /// Resolved values of secret variables.
    public var secretValues: [String]

    /// An origin.
    public init(
        workspace: String = "", environmentName: String = "", routeName: String = "",
        isProtectedEnvironment: Bool = false, secretValues: [String] = []
    ) {
        self.workspace = workspace
        self.environmentName = environmentName
        self.routeName = routeName
        self.isProtectedEnvironment = isProtectedEnvironment
        self.secretValues = secretValues
    }

    /// `text` with every secret value replaced by `••••••`, for display and logs.
    public func masking(_ text: String) -> String {
        SecretMask.apply(text, hiding: secretValues)
    }
}
