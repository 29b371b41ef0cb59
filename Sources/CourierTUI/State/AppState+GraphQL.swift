import CourierCore

/// `O`: a GraphQL route's operations, from the schema its endpoint gave (kept per workspace,
/// environment and URL, so asking is done once); the one picked goes in the form.
extension AppState {
    /// `O`: the open route's (or the selected route's) operations; the kept schema is read
    /// first, and the endpoint is asked only when there is none.
    mutating func openOperations() -> [Effect] {
        guard let route = graphQLRoute() else { return [] }
        guard let request = prepare(route: route, environment: environment, introspection: true) else { return [] }
        status = StatusLine(text: "reading the schema of \(route.name)…", isError: false)
        return [.loadGraphQLSchema(route: route.name, request: request)]
    }

    /// Asks the endpoint of `route` for its schema anew (`Ctrl-R` in the picker, or none kept),
    /// confirmed first in a protected environment: introspection is a POST.
    mutating func fetchSchema(route name: String) -> [Effect] {
        guard let route = workspace.routes.first(where: { $0.name == name }),
            var request = prepare(route: route, environment: environment, introspection: true)
        else { return [] }
        // A schema is kept only up to 16 MB: a bigger answer is not read whole.
        request.options.maxBodyInMemory = 16 << 20
        let id = nextRequestID
        nextRequestID += 1
        if request.needsConfirmation {
            mode = .dialog(Modal(ConfirmDialog(id: id, request: request, purpose: .schema(route: name))))
            return []
        }
        return dispatch(id: id, request: request, purpose: .schema(route: name))
    }

    /// The runtime found (or fetched) the schema of `route`'s endpoint, or could not.
    mutating func schemaCame(id: Int?, route: String, _ answer: GraphQLSchemaAnswer) -> [Effect] {
        if let id {
            // Cancelled (Esc) meanwhile: the answer is not wanted.
            guard inFlight.removeValue(forKey: id) != nil else { return [] }
        }
        switch answer {
        case .notKept:
            return fetchSchema(route: route)
        case .failed(let reason):
            status = StatusLine(text: "\(route): \(reason)", isError: true)
        case .schema(let schema):
            guard case .normal = mode, openRoute == route || openRoute == nil else {
                // The user went on meanwhile: the picker does not jump at them; O opens it.
                if status?.isError != true { status = nil }
                return []
            }
            guard !schema.pickable.isEmpty else {
                status = StatusLine(text: "\(route): the schema has no queries or mutations", isError: true)
                return []
            }
            if status?.isError != true { status = nil }
            mode = .dialog(Modal(OperationPicker(route: route, schema: schema)))
        }
        return []
    }

    /// The picked operation's query goes in `route`'s form (opened if it is not), its
    /// variables as fields; sending sends it, Ctrl-S writes it into the route.
    mutating func pick(_ operation: GraphQLSchema.Operation, of schema: GraphQLSchema, route name: String)
        -> [Effect]
    {
        guard let route = workspace.routes.first(where: { $0.name == name }) else { return [] }
        if openRoute != name { requestPane.open(route) }
        guard var form = requestPane.forms[name] else { return [] }
        form.pick(query: schema.document(for: operation), operation: GraphQLSchema.operationName(operation.name))
        requestPane.forms[name] = form
        focus = .request
        var note =
            "\(operation.kind.rawValue) \(operation.name) in the form · Enter sends · Ctrl-S keeps it in the route"
        if route.method == .get && operation.kind != .query { note = "a \(operation.kind.rawValue) needs a POST route" }
        status = StatusLine(text: note, isError: route.method == .get && operation.kind != .query)
        return []
    }

    /// The open route, else the one under the cursor, if it is a GraphQL route; else nil with
    /// the reason in the status bar.
    private mutating func graphQLRoute() -> Route? {
        guard let name = openRoute ?? routeList.selected?.name,
            let route = workspace.routes.first(where: { $0.name == name })
        else {
            status = StatusLine(text: "pick a GraphQL route to see its operations", isError: false)
            return nil
        }
        guard route.graphql != nil else {
            status = StatusLine(
                text: "\(route.name) is not a GraphQL route: O lists a GraphQL route's operations", isError: false)
            return nil
        }
        return route
    }
}
