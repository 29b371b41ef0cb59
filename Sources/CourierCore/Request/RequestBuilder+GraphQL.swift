/// GraphQL routes: the query read and parsed before anything is sent, the operation picked,
/// the variables filled; then a JSON body, or URL parameters for a query on a GET route.
extension RequestBuilder {
    /// What a GraphQL route sends.
    struct GraphQLPayload {
        var query: String
        var operationName: String?
        var variables: JSONValue?

        /// The JSON object GraphQL servers read.
        var json: JSONValue {
            var members = [JSONMember("query", .string(query))]
            if let operationName { members.append(JSONMember("operationName", .string(operationName))) }
            if let variables { members.append(JSONMember("variables", variables)) }
            return .object(members)
        }

        /// The URL parameters of a GET, in the same order; the variables as JSON text.
        var queryItems: [QueryItem] {
            var items = [QueryItem("query", query)]
            if let operationName { items.append(QueryItem("operationName", operationName)) }
            if let variables { items.append(QueryItem("variables", variables.serialized)) }
            return items
        }
    }

    static let graphQLAccept = "application/graphql-response+json, application/json;q=0.9"

    /// The payload of `graphql` on `route`. The query is sent as written, not rendered:
    /// GraphQL passes values through variables, whose strings are templates.
    func graphQLPayload(_ graphql: GraphQLBody, route: Route, input: RequestInput, context: TemplateContext)
        throws(RequestError) -> GraphQLPayload
    {
        var graphql = graphql
        if let picked = input.graphQLQuery {
            graphql.query = .text(picked)
            graphql.operationName = input.graphQLOperationName
        }
        let query: String
        switch graphql.query {
        case .text(let text): query = text
        case .file(let path):
            do {
                query = try context.outsideValue(.file(path))
            } catch .valueFailed(_, let reason) {
                throw .graphQL(.unreadableFile(path, reason: reason))
            }
        }
        let document: GraphQLDocument
        let operation: GraphQLOperation
        do {
            document = try GraphQLDocument.parse(query)
        } catch {
            throw .graphQL(.syntax(error))
        }
        do {
            operation = try document.operation(named: graphql.operationName)
        } catch {
            throw .graphQL(error)
        }
        if route.method == .get && operation.kind != .query { throw .graphQL(.mutationOverGet(operation.kind)) }
        var variables = graphql.variables
        if let text = input.graphQLVariables {
            do {
                variables = try JSONValue.parse(text)
            } catch {
                throw .invalidBody(error)
            }
            guard case .object? = variables else {
                throw .graphQL(.variablesNotObject(variables?.typeDescription ?? "null"))
            }
        }
        var variablesContext = context
        variablesContext.place = "variables"
        return GraphQLPayload(
            query: query, operationName: graphql.operationName,
            variables: try variables.map { (value) throws(RequestError) in try render(value, in: variablesContext) })
    }
}
