/// One request the workspace knows how to make: a verb, a path template and defaults.
public struct Route: Sendable, Equatable {
    /// Unique name, e.g. `users.index`, used by `courier call`.
    public var name: String
    /// The HTTP method.
    public var method: HTTPMethod
    /// Path template relative to the environment's base URL, e.g. `/users/:id`.
    public var path: String {
        didSet { pathTemplate = PathTemplate(path) }
    }
    /// `path` parsed, kept beside it so a request does not parse it again.
    public private(set) var pathTemplate: PathTemplate
    /// Query parameters in order; values may hold templates.
    public var query: [QueryItem]
    /// Route-level headers.
    public var headers: [HeaderField]
    /// Default body (a JSON value whose strings may hold templates).
    public var body: JSONValue?
    /// A form body (`application/x-www-form-urlencoded`) in order, repeats kept; values may
    /// hold templates. At most one of `body`, `form`, `multipart`, `text`, `bodyFile` and `graphql` is set.
    public var form: [QueryItem]?
    /// A `multipart/form-data` body: text parts and files, in order.
    public var multipart: [MultipartField]?
    /// A text body, sent as it is after its templates are filled.
    public var text: String?
    /// A file sent as the body, byte for byte (streamed; relative to the workspace file's
    /// folder, and confined to it like a multipart file unless `bodyFileAllowOutside`).
    public var bodyFile: String?
    /// `bodyFile` may be outside the workspace's folder (`"allow_outside": true`).
    public var bodyFileAllowOutside = false
    /// The `Content-Type` of `text` or `bodyFile` (default `text/plain; charset=utf-8` for
    /// text, the one the file's extension names for a file).
    public var contentType: String?
    /// A GraphQL request: the body (or, on a GET route, the URL's parameters) it makes.
    public var graphql: GraphQLBody?
    /// A WebSocket route (`"websocket": true`, or a `ws://`/`wss://` URL): its GET upgrades, and
    /// what follows is a conversation of messages.
    public var websocket = false
    /// Whether the route is a WebSocket route: `websocket`, or a path that is a `ws(s)://` URL.
    public var isWebSocket: Bool { websocket || RequestBuilder.isWebSocketURL(path) }
    /// Messages saved with a WebSocket route, to pick and send (templates filled when sent).
    public var messages: [String] = []
    /// When a WebSocket route's conversation has heard enough: a check, on the transcript or
    /// the last message received (`json type == "done"`).
    public var until: Check?
    /// Default values for path parameters.
    public var params: [String: String]
    /// The part of the response shown by default.
    public var jsonPath: String?
    /// Free text shown next to the route.
    public var summary: String?
    /// What a good response looks like; `nil` (no `checks` key) means the implicit check,
    /// `[]` means none.
    public var checks: [Check]?
    /// Values kept from the response for later requests, in the order written.
    public var captures: [Capture] = []
    /// How this route authenticates; nil means as its environment says.
    public var auth: AuthSpec?
    /// The OpenAPI operation it calls, `DOCUMENT#OPERATION` (`openapi.json#listOrders`, or
    /// `openapi.json#GET /orders`; the document relative to the workspace's folder, or a URL):
    /// what an OpenAPI import records, and what the `contract` check holds responses to.
    public var operation: String?
    /// `"contract": false`: no contract check, though the route has an operation.
    public var checksContract = true

    /// A route; only the name, method and path are required.
    public init(
        name: String, method: HTTPMethod, path: String, query: [QueryItem] = [], headers: [HeaderField] = [],
        body: JSONValue? = nil, params: [String: String] = [:], jsonPath: String? = nil, summary: String? = nil
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.pathTemplate = PathTemplate(path)
        self.query = query
        self.headers = headers
        self.body = body
        self.params = params
        self.jsonPath = jsonPath
        self.summary = summary
    }
}

/// One `name=value` query parameter.
public struct QueryItem: Sendable, Equatable, Hashable {
    /// Parameter name.
    public var name: String
    /// Parameter value (may hold templates before building).
    public var value: String
    /// Sent as the name alone (`?pretty`, as written in the URL it came from) while the value
    /// is empty; written `null` in the workspace.
    public var bare: Bool

    /// A query parameter `name=value`, or `name` alone when `bare`.
    public init(_ name: String, _ value: String, bare: Bool = false) {
        self.name = name
        self.value = value
        self.bare = bare
    }
}
