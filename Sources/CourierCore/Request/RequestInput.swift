/// What the user supplies on top of a route's defaults: typed form values or CLI flags.
/// Every string may contain `{{var}}` and `${NAME}` placeholders.
public struct RequestInput: Sendable, Equatable {
    /// Path parameter values (`-p id=42`); they replace the route's `params` defaults.
    public var pathParameters: [String: String]
    /// Query parameters (`-q`); one named like a route parameter replaces it, others are added.
    public var query: [QueryItem]
    /// Headers (`-H`), merged last; an empty value removes a header.
    public var headers: [HeaderField]
    /// Variables (`--var`), the highest-priority scope.
    public var variables: [String: String]
    /// A JSON body that replaces the route's body entirely.
    public var body: String?
    /// Form fields (`--form`): over a route's form, a field named like one of its fields
    /// replaces it and others are added; over another kind of body, they replace it.
    public var form: [QueryItem]?
    /// Multipart parts (`-F`), merged over a route's multipart body as `form` is over a form.
    public var multipart: [MultipartField]?
    /// A text body (`--text`) that replaces the route's body entirely.
    public var text: String?
    /// A GraphQL route's variables (`--variables`): a JSON object that replaces the route's.
    public var graphQLVariables: String?
    /// A GraphQL route's query text, replacing the route's (an operation picked from the
    /// server's schema on the screen); `graphQLOperationName` names its operation.
    public var graphQLQuery: String?
    /// The operation of `graphQLQuery` to run (nil: its only one).
    public var graphQLOperationName: String?
    /// A WebSocket route's messages (`--message`): they replace the route's saved ones.
    public var messages: [String]?
    /// Language sent as `Accept-Language`.
    public var language: String?
    /// Overrides of the environment's timeout in seconds.
    public var timeout: Double?
    /// Overrides of the environment's retry count.
    public var retries: Int?
    /// Overrides of the environment's delay between retries, in seconds.
    public var retryDelay: Double?
    /// Overrides whether redirects are followed.
    public var followRedirects: Bool?
    /// The draw this send's made values come from (the screen's, so its preview is what is
    /// sent); a new one for each build when nil.
    public var draw: SendDraw?
    /// Values from outside already given (a prompt answered on the screen).
    public var answers: [SendNeed: String] = [:]

    /// Input with nothing set: the route's defaults are sent as they are.
    public init(
        pathParameters: [String: String] = [:], query: [QueryItem] = [], headers: [HeaderField] = [],
        variables: [String: String] = [:], body: String? = nil, language: String? = nil,
        timeout: Double? = nil, retries: Int? = nil, retryDelay: Double? = nil, followRedirects: Bool? = nil
    ) {
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.variables = variables
        self.body = body
        self.language = language
        self.timeout = timeout
        self.retries = retries
        self.retryDelay = retryDelay
        self.followRedirects = followRedirects
    }
}
