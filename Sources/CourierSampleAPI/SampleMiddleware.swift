import Hummingbird

/// Wraps every route and the router's not-found answer: records each request in the log
/// that `/_requests` serves (the tests read it to prove what reached the server), and turns
/// the router's bare 404 into the API's own JSON error, like every other error it sends.
struct SampleMiddleware: RouterMiddleware {
    let store: SampleStore

    func handle(
        _ request: Request, context: BasicRequestContext,
        next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path != "/_requests" {
            let query = request.uri.query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
            await store.record("\(request.method.rawValue) \(path)\(query)")
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return SampleReply.error(404, "no route for \(request.method.rawValue) \(path)").response
        }
    }
}
