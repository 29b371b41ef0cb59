import CourierCore
import CourierHTTP
import CourierPipeline
import CourierStore
import CourierTUI

/// `O` on the screen: a GraphQL route's schema, read from where `courier graphql schema`
/// keeps it, or asked of its endpoint and kept there.
extension Runtime {
    /// The kept schemas, under the screen's state folder.
    private var schemaCache: GraphQLSchemaCache { GraphQLSchemaCache(processEnvironment: state.processEnvironment) }

    /// Answers with the schema kept for `request`'s endpoint, or `.notKept`.
    func loadSchema(route: String, _ request: PreparedRequest) {
        let schema = schemaCache.load(
            workspace: state.workspace.file, environment: request.origin.environmentName, url: request.request.url)
        deliver(.graphQLSchema(id: nil, route: route, schema.map(GraphQLSchemaAnswer.schema) ?? .notKept))
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
            let url = request.request.url
            do throws(TransportError) {
                let exchange = try await pipeline.engine.exchange(
                    request, cookies: pipeline.cookies.session(for: request), tokens: pipeline.tokens)
                let response = exchange.response
                do {
                    let schema = try GraphQLSchema(body: response.body)
                    do {
                        try cache.save(
                            response.body, workspace: workspace, environment: request.origin.environmentName, url: url)
                    } catch {
                        self?.inbox.append(
                            .notice("the schema was not kept: \(ErrorText.describe(error))", isError: true))
                    }
                    answer = .schema(schema)
                } catch {
                    answer = .failed(request.origin.masking("\(url) answered \(response.status): \(error)"))
                }
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
}
