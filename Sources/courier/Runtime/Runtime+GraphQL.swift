import CourierCore
import CourierHTTP
import CourierPipeline
import CourierStore
import CourierTUI

/// `O` on the screen: a GraphQL route's schema, read from where `courier graphql schema`
/// keeps it, or asked of its endpoint and kept there. A schema may be megabytes: it is read and
/// parsed off the screen's loop.
extension Runtime {
    /// The kept schemas, under the screen's state folder.
    private var schemaCache: GraphQLSchemaCache { GraphQLSchemaCache(processEnvironment: state.processEnvironment) }

    /// Answers with the schema kept for `request`'s endpoint, or `.notKept`.
    func loadSchema(route: String, _ request: PreparedRequest) {
        let cache = schemaCache
        let workspace = state.workspace.file
        let input = self.input
        Task { [weak self] in
            let schema = await Self.kept(in: cache, workspace: workspace, request: request)
            self?.inbox.append(
                .graphQLSchema(id: nil, route: route, schema.map(GraphQLSchemaAnswer.schema) ?? .notKept))
            input.wake()
        }
    }

    /// Sends the introspection `request` as request `id` (cancelled as any request is), keeps
    /// the schema it answers, and answers with it or with the one line saying why not. No
    /// checks run and no history is written: the question is Courier's, not the user's.
    func fetchSchema(id: Int, route: String, _ request: PreparedRequest) {
        let pipeline = sendingPipeline()
        let cache = schemaCache
        let workspace = state.workspace.file
        let input = self.input
        tasks[id] = Task { [weak self] in
            let answer: GraphQLSchemaAnswer
            do throws(TransportError) {
                let exchange = try await pipeline.engine.exchange(
                    request, cookies: pipeline.cookies.session(for: request), tokens: pipeline.tokens)
                let (read, notKept) = await Self.read(
                    exchange.response, of: request, into: cache, workspace: workspace)
                if let notKept { self?.inbox.append(.notice(notKept, isError: true)) }
                answer = read
            } catch {
                answer = .failed(request.origin.masking(error.description))
            }
            for message in pipeline.saveCookies(request.origin.environmentName) {
                self?.inbox.append(.notice(message, isError: true))
            }
            self?.inbox.append(.graphQLSchema(id: id, route: route, answer))
            self?.tasks[id] = nil
            input.wake()
        }
    }

    /// The schema kept for `request`'s endpoint, read off the screen's loop.
    private nonisolated static func kept(
        in cache: GraphQLSchemaCache, workspace: String, request: PreparedRequest
    ) async -> GraphQLSchema? {
        cache.load(workspace: workspace, environment: request.origin.environmentName, url: request.request.url)
    }

    /// The schema in `response`, kept in `cache` when it is one; off the screen's loop. Also
    /// the line saying why a good schema could not be kept, if it could not.
    private nonisolated static func read(
        _ response: HTTPResponse, of request: PreparedRequest, into cache: GraphQLSchemaCache, workspace: String
    ) async -> (GraphQLSchemaAnswer, notKept: String?) {
        let url = request.request.url
        let schema: GraphQLSchema
        do {
            schema = try GraphQLSchema(body: response.body)
        } catch {
            return (.failed(request.origin.masking("\(url) answered \(response.status): \(error)")), nil)
        }
        do {
            try cache.save(response.body, workspace: workspace, environment: request.origin.environmentName, url: url)
        } catch {
            return (.schema(schema), "the schema was not kept: \(ErrorText.describe(error))")
        }
        return (.schema(schema), nil)
    }
}
