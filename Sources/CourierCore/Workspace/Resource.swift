/// A Rails-style resource (`rake routes`): one path that expands to up to five routes.
/// Kept as written so a workspace can be written back with its resources intact.
public struct Resource: Sendable, Equatable {
    /// One of the five actions, in `rake routes` order.
    public enum Action: String, Sendable, CaseIterable {
        case index, show, create, update, destroy
    }

    /// Name prefix of the routes: `posts` gives `posts.index`, `posts.show`, …
    public var name: String
    /// The collection path, e.g. `/posts` or `/posts/:post_id/comments`.
    public var path: String
    /// The actions to expand, in the order written.
    public var actions: [Action]
    /// Headers of every route.
    public var headers: [HeaderField]
    /// Body of `create` and `update`.
    public var body: JSONValue?
    /// Path parameter defaults; each route takes the ones its path has.
    public var params: [String: String]
    /// `json_path` of `index` and `show`.
    public var jsonPath: String?
    /// Free text, shown with each route.
    public var summary: String?

    /// A resource; every action by default.
    public init(
        name: String, path: String, actions: [Action] = Action.allCases, headers: [HeaderField] = [],
        body: JSONValue? = nil, params: [String: String] = [:], jsonPath: String? = nil, summary: String? = nil
    ) {
        self.name = name
        self.path = path
        self.actions = actions
        self.headers = headers
        self.body = body
        self.params = params
        self.jsonPath = jsonPath
        self.summary = summary
    }

    /// The routes it stands for: `index` GET /posts, `show` GET /posts/:id, `create` POST
    /// /posts, `update` PUT /posts/:id, `destroy` DELETE /posts/:id.
    public var routes: [Route] {
        let collection = path.hasSuffix("/") ? String(path.dropLast()) : path
        let member = collection + "/:id"
        return actions.map { action in
            let (method, routePath, hasBody): (HTTPMethod, String, Bool) =
                switch action {
                case .index: (.get, collection, false)
                case .show: (.get, member, false)
                case .create: (.post, collection, true)
                case .update: (.put, member, true)
                case .destroy: (.delete, member, false)
                }
            let names = PathTemplate(routePath).parameterNames
            return Route(
                name: "\(name).\(action.rawValue)", method: method, path: routePath, headers: headers,
                body: hasBody ? body : nil, params: params.filter { names.contains($0.key) },
                jsonPath: action == .index || action == .show ? jsonPath : nil, summary: summary)
        }
    }
}
