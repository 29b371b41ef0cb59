import CourierCore

/// What the runtime found for a GraphQL route's endpoint (`Effect.loadGraphQLSchema`,
/// `Effect.fetchGraphQLSchema`).
public enum GraphQLSchemaAnswer: Sendable, Equatable {
    /// The schema: kept from an earlier fetch, or just fetched and kept.
    case schema(GraphQLSchema)
    /// Nothing is kept for that endpoint yet.
    case notKept
    /// The fetch failed: one line (secrets masked).
    case failed(String)
}
