extension Route {
    /// The same endpoint asked what it serves: a POST of GraphQL's introspection query, with
    /// the route's path, query, headers and auth, and nothing of its own body, checks, captures
    /// or contract (`courier graphql schema`, and `O` on the screen).
    public var introspection: Route {
        var asked = self
        asked.method = .post
        asked.graphql = GraphQLBody(query: .text(GraphQLSchema.introspectionQuery))
        asked.body = nil
        asked.form = nil
        asked.multipart = nil
        asked.text = nil
        asked.bodyFile = nil
        asked.checks = []
        asked.captures = []
        asked.operation = nil
        return asked
    }
}
