import CourierCore
import HTTPTypes
import Hummingbird

/// The sample API's endpoints, modelled on a small Rails-style backend, on Hummingbird's own
/// `Router`. Every deployment (`/dev/v1`, `/prod/v1`) serves the same routes over its own data.
struct SampleRouter: Sendable {
    let store: SampleStore

    /// An endpoint: a plain function of the request and the deployment's current data.
    typealias Endpoint = @Sendable (SampleRequest, SampleDeployment) async -> SampleReply

    /// The methods an any-method endpoint (echo, status, delay, …) answers, as httpbin does
    /// (and HEAD, which the router answers for every GET).
    static let anyMethod: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .options]

    /// The methods that get `405 Method Not Allowed` with an `Allow` header on a known path
    /// that does not take them (Hummingbird itself answers them with 404).
    static let refusedMethods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]

    /// Every route under a deployment's prefix, with the endpoint for each method.
    var routes: [(path: String, methods: [(HTTPRequest.Method, Endpoint)])] {
        let echo = Self.anyMethod.map { ($0, self.echo as Endpoint) }
        func any(_ endpoint: @escaping Endpoint) -> [(HTTPRequest.Method, Endpoint)] {
            Self.anyMethod.map { ($0, endpoint) }
        }
        return [
            ("users", [(.get, listUsers), (.post, createUser)]),
            ("users/:id", [(.get, showUser), (.put, updateUser), (.patch, updateUser), (.delete, deleteUser)]),
            ("posts", [(.get, listPosts), (.post, savePost)]),
            ("posts/:id", [(.get, showPost), (.put, savePost), (.patch, savePost), (.delete, deletePost)]),
            ("posts/:id/comments", [(.get, listComments), (.post, createComment)]),
            ("posts/:id/comments/:comment", [(.get, showComment)]),
            ("messages", [(.get, listMessages), (.post, createMessage)]),
            ("headlines", [(.get, headlines)]),
            ("me", [(.get, me)]),
            ("login", [(.post, login)]),
            ("account", [(.get, account)]),
            ("echo", echo),
            ("echo/**", echo),
            ("status/:code", any(status)),
            ("delay/:ms", any(delay)),
            ("large", any(large)),
            ("redirect/:hops", any(redirect)),
            ("redirect-to", any(redirectTo)),
            ("gzip", any(gzip)),
            ("deflate", any(deflate)),
            ("bytes/:count", any(bytes)),
            ("text", any(text)),
            ("cookies", any(cookies)),
            ("flaky", any(flaky)),
            ("stall", any(stall)),
            ("digest/:algorithm", [(.get, digest), (.post, digest)]),
            ("session", [(.get, session), (.post, session), (.delete, session)]),
            ("cookies/bad-domain", [(.get, badDomainCookie)]),
            ("oauth/token", [(.post, oauthToken)]),
            ("oauth/broken", [(.post, oauthBroken)]),
            ("oauth/me", [(.get, oauthMe)]),
            ("events", [(.get, events)]),
            ("ndjson", [(.get, ndjson)]),
        ]
    }

    /// The router: the index, the request log, and every route under each deployment's prefix.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Added first: Hummingbird applies middleware only to the routes added after it.
        router.add(middleware: SampleMiddleware(store: store))
        router.get("/") { _, _ in index.response }
        router.get("_requests") { _, _ in
            SampleReply.json(.fields(["requests": .array(await store.log.map(JSONValue.string))])).response
        }
        for deployment in [SampleDeployment.development, .production] {
            let group = router.group(RouterPath(deployment.prefix))
            for route in routes {
                let path = RouterPath(route.path)
                for (method, endpoint) in route.methods {
                    group.on(path, method: method) { request, context in
                        try await respond(request, context, prefix: deployment.prefix, endpoint)
                    }
                }
                let allowed = route.methods.map(\.0)
                let allow = allowed.flatMap { $0 == .get ? [$0, .head] : [$0] }.map(\.rawValue).joined(separator: ", ")
                for method in Self.refusedMethods where !allowed.contains(method) {
                    group.on(path, method: method) { request, _ in
                        var reply = SampleReply.error(405, "\(method.rawValue) is not allowed on \(request.uri.path)")
                        reply.headers.append(("Allow", allow))
                        return reply.response
                    }
                }
            }
        }
        return router
    }

    /// Runs `endpoint` over the deployment's data as it is now (earlier writes included).
    private func respond(
        _ request: Request, _ context: BasicRequestContext, prefix: String, _ endpoint: Endpoint
    ) async throws -> Response {
        let sample = try await SampleRequest(request, context: context)
        guard let deployment = await store.deployment(prefix) else {
            return SampleReply.error(404, "no deployment at \(prefix)").response
        }
        return await endpoint(sample, deployment).response
    }

    /// `GET /`: the API's name and its deployments.
    private var index: SampleReply {
        .json(
            .fields([
                "name": .string("Courier sample API"),
                "deployments": .array(
                    [SampleDeployment.development, .production].map { deployment in
                        .fields(["name": .string(deployment.name), "base_path": .string(deployment.prefix)])
                    }),
            ]))
    }
}
