import CourierCore

/// `graphql`: a small GraphQL endpoint over the deployment's users and posts, served as
/// GraphQL over HTTP says (POST JSON, or GET with `query`, `operationName`, `variables`).
///
/// ```graphql
/// type Query { users(city: String): [User!]!  user(id: ID!): User  posts: [Post!]! }
/// type Mutation { renameUser(id: ID!, name: String!): User }
/// type User { id: ID!  name: String!  surname: String!  email: String!  city: String!  posts: [Post!]! }
/// type Post { id: ID!  title: String!  body: String! }
/// ```
///
/// Each root field makes a JSON value; selections then pick from it, so a missing user is
/// `null` with an error at its path, and an unknown field an error naming it, as real servers
/// answer: with status 200. A request that is not GraphQL at all is a 400.
extension SampleRouter {
    func graphql(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        var query: String?
        var operationName: String?
        var variables: [String: JSONValue] = [:]
        if request.method == "GET" {
            query = request.query("query")
            operationName = request.query("operationName")
            if let text = request.query("variables"), let parsed = parseObject(Array(text.utf8)) { variables = parsed }
        } else if let fields = parseObject(request.body) {
            query = fields["query"]?.scalarText
            operationName = fields["operationName"]?.scalarText
            if case .object(let members)? = fields["variables"] {
                for member in members { variables[member.key] = member.value }
            }
        }
        guard let query, !query.isEmpty else { return Self.graphQLReply(data: nil, errors: ["no query"], status: 400) }
        let document: GraphQLDocument
        let operation: GraphQLOperation
        do {
            document = try GraphQLDocument.parse(query)
            operation = try document.operation(named: operationName)
        } catch {
            return Self.graphQLReply(data: nil, errors: ["\(error)"], status: 400)
        }
        if request.method == "GET" && operation.kind != .query {
            return Self.graphQLReply(data: nil, errors: ["a \(operation.kind.rawValue) needs POST"], status: 405)
        }
        for variable in operation.variables where variables[variable.name] == nil {
            if let value = variable.defaultValue {
                variables[variable.name] = value.json()
            } else if case .nonNull = variable.type {
                let message = "Variable \"$\(variable.name)\" of required type \"\(variable.type)\" was not provided."
                return Self.graphQLReply(data: nil, errors: [message], status: 200)
            }
        }
        var run = GraphQLRun(document: document, variables: variables)
        var data: [JSONMember] = []
        for field in run.fields(of: operation.selections) {
            let path = [field.responseKey]
            let value = await rootValue(field, kind: operation.kind, deployment, &run, path: path)
            data.append(JSONMember(field.responseKey, run.select(field.selections, from: value, path: path)))
        }
        return Self.graphQLReply(data: .object(data), errors: run.errors, status: 200)
    }

    private func rootValue(
        _ field: GraphQLField, kind: GraphQLOperation.Kind, _ deployment: SampleDeployment, _ run: inout GraphQLRun,
        path: [String]
    ) async -> JSONValue {
        let arguments = run.arguments(field)
        switch (kind, field.name) {
        case (.query, "users"):
            let city = arguments["city"]?.scalarText?.lowercased()
            return .array(
                deployment.users.filter { city == nil || $0.address.city.lowercased() == city }.map {
                    Self.graphQLUser($0, deployment)
                })
        case (.query, "user"):
            let id = arguments["id"]?.scalarText ?? ""
            guard let user = deployment.users.first(where: { String($0.id) == id }) else {
                run.fail("no user with id \(id)", path: path)
                return .null
            }
            return Self.graphQLUser(user, deployment)
        case (.query, "posts"):
            return .array(deployment.posts.map(Self.graphQLPost))
        case (.query, "__schema"):
            return SampleGraphQLSchema.introspection
        case (.query, "__typename"):
            return .string("Query")
        case (.mutation, "renameUser"):
            let id = arguments["id"]?.scalarText ?? ""
            let name = arguments["name"]?.scalarText ?? ""
            let renamed = await store.update(deployment.prefix) { deployment -> SampleUser? in
                guard let index = deployment.users.firstIndex(where: { String($0.id) == id }) else { return nil }
                deployment.users[index].name = name
                return deployment.users[index]
            }
            guard let user = renamed ?? nil else {
                run.fail("no user with id \(id)", path: path)
                return .null
            }
            return Self.graphQLUser(user, deployment)
        case (.subscription, _):
            run.fail("subscriptions are not served here", path: path)
            return .null
        default:
            let type = kind == .mutation ? "Mutation" : "Query"
            run.fail("Cannot query field \"\(field.name)\" on type \"\(type)\".", path: path)
            return .null
        }
    }

    static func graphQLUser(_ user: SampleUser, _ deployment: SampleDeployment) -> JSONValue {
        .object([
            JSONMember("__typename", .string("User")), JSONMember("id", .string(String(user.id))),
            JSONMember("name", .string(user.name)), JSONMember("surname", .string(user.surname)),
            JSONMember("email", .string(user.email)), JSONMember("city", .string(user.address.city)),
            JSONMember("posts", .array(deployment.posts.filter { $0.authorId == user.id }.map(graphQLPost))),
        ])
    }

    static func graphQLPost(_ post: SamplePost) -> JSONValue {
        .object([
            JSONMember("__typename", .string("Post")), JSONMember("id", .string(String(post.id))),
            JSONMember("title", .string(post.title)), JSONMember("body", .string(post.body)),
        ])
    }

    static func graphQLReply(data: JSONValue?, errors: [JSONValue], status: Int) -> SampleReply {
        var members: [JSONMember] = []
        if let data { members.append(JSONMember("data", data)) }
        if !errors.isEmpty { members.append(JSONMember("errors", .array(errors))) }
        return SampleReply(
            status: status, headers: [("Content-Type", "application/graphql-response+json")],
            body: Array(JSONValue.object(members).serialized.utf8))
    }

    static func graphQLReply(data: JSONValue?, errors: [String], status: Int) -> SampleReply {
        graphQLReply(data: data, errors: errors.map { .object([JSONMember("message", .string($0))]) }, status: status)
    }
}
