import CourierCore

/// The sample API's endpoints, modelled on a small Rails-style backend. Every deployment
/// (`/dev/v1`, `/prod/v1`, `/next/v1`) serves the same routes over its own data.
struct SampleRouter: Sendable {
    let store: SampleStore

    /// An endpoint: a plain function of the request and the deployment's current data.
    typealias Endpoint = @Sendable (SampleRequest, SampleDeployment) async -> SampleReply

    /// The methods an any-method endpoint (echo, status, delay, …) answers, as httpbin does
    /// (and HEAD, which the router answers for every GET).
    static let anyMethod = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The methods that get `405 Method Not Allowed` with an `Allow` header on a known path
    /// that does not take them; any other method there is a 404, as an unknown path is.
    static let refusedMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    /// A path pattern and the endpoint for each method it takes.
    typealias Route = (path: String, methods: [(String, Endpoint)])

    /// Every route under a deployment's prefix, made once.
    private(set) var routes: [Route] = []

    init(store: SampleStore) {
        self.store = store
        routes = table
    }

    /// Every route under a deployment's prefix, with the endpoint for each method.
    private var table: [Route] {
        let echo = Self.anyMethod.map { ($0, self.echo as Endpoint) }
        func any(_ endpoint: @escaping Endpoint) -> [(String, Endpoint)] {
            Self.anyMethod.map { ($0, endpoint) }
        }
        return [
            ("users", [("GET", listUsers), ("POST", createUser)]),
            ("users/:id", [("GET", showUser), ("PUT", updateUser), ("PATCH", updateUser), ("DELETE", deleteUser)]),
            ("posts", [("GET", listPosts), ("POST", savePost)]),
            ("posts/:id", [("GET", showPost), ("PUT", savePost), ("PATCH", savePost), ("DELETE", deletePost)]),
            ("posts/:id/comments", [("GET", listComments), ("POST", createComment)]),
            ("posts/:id/comments/:comment", [("GET", showComment)]),
            ("messages", [("GET", listMessages), ("POST", createMessage)]),
            ("headlines", [("GET", headlines)]),
            ("me", [("GET", me)]),
            ("login", [("POST", login)]),
            ("account", [("GET", account)]),
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
            ("digest/:algorithm", [("GET", digest), ("POST", digest)]),
            ("session", [("GET", session), ("POST", session), ("DELETE", session)]),
            ("cookies/bad-domain", [("GET", badDomainCookie)]),
            ("oauth/token", [("POST", oauthToken)]),
            ("oauth/broken", [("POST", oauthBroken)]),
            ("oauth/me", [("GET", oauthMe)]),
            ("events", [("GET", events)]),
            ("ndjson", [("GET", ndjson)]),
            ("graphql", [("GET", graphql), ("POST", graphql)]),
            ("ws/:kind", [("GET", webSocketRefusal)]),
        ]
    }

    /// The answer to `request`: the index, the request log, or a route under a deployment's
    /// prefix. Every request but the log's own is recorded in the log that `/_requests` serves
    /// (the tests read it to prove what reached the server).
    func respond(to request: SampleRequest) async -> SampleReply {
        let path = request.path
        if path != "/_requests" {
            await store.record(
                "\(request.method) \(path)" + (request.rawQuery.map { $0.isEmpty ? "" : "?" + $0 } ?? ""))
        }
        let segments = path.split(separator: "/").map(String.init)
        let isRead = request.method == "GET" || request.method == "HEAD"
        if segments.isEmpty && isRead { return index }
        if segments == ["openapi.json"] && isRead {
            let host = request.header("Host") ?? "127.0.0.1"
            return SampleReply(
                status: 200, headers: [("Content-Type", "application/json")], body: SampleOpenAPI.document(host: host))
        }
        if segments == ["_requests"] && isRead {
            return SampleReply.json(.fields(["requests": .array(await store.log.map(JSONValue.string))]))
        }
        for deployment in [SampleDeployment.development, .production, .candidate] {
            let prefix = deployment.prefix.split(separator: "/").map(String.init)
            guard segments.starts(with: prefix),
                let (route, parameters) = match(Array(segments.dropFirst(prefix.count)))
            else { continue }
            // HEAD is answered as GET is, without the body (the server drops it).
            let method = request.method == "HEAD" ? "GET" : request.method
            if let endpoint = route.methods.first(where: { $0.0 == method })?.1 {
                var sample = request
                // Matched on the raw path; values are decoded so `users/%34%32` is user 42.
                sample.parameters = parameters.mapValues { PercentEncoding.decoded($0) ?? $0 }
                guard let current = await store.deployment(deployment.prefix) else {
                    return SampleReply.error(404, "no deployment at \(deployment.prefix)")
                }
                return await endpoint(sample, current)
            }
            if Self.refusedMethods.contains(method) {
                let allowed = route.methods.map(\.0)
                let allow = allowed.flatMap { $0 == "GET" ? [$0, "HEAD"] : [$0] }.joined(separator: ", ")
                var reply = SampleReply.error(405, "\(request.method) is not allowed on \(path)")
                reply.headers.append(("Allow", allow))
                return reply
            }
            break
        }
        return SampleReply.error(404, "no route for \(request.method) \(path)")
    }

    /// The route whose pattern matches `segments` and its parameters. `:name` takes one
    /// segment, a final `**` any number from one; where several match, the one with the most
    /// literal segments wins (`posts/new` before `posts/:id`).
    private func match(_ segments: [String]) -> (route: Route, parameters: [String: String])? {
        var best: (route: Route, parameters: [String: String], literals: Int)?
        for route in routes {
            let pattern = route.path.split(separator: "/").map(String.init)
            var parameters: [String: String] = [:]
            var literals = 0
            var matched = true
            for (index, part) in pattern.enumerated() {
                if part == "**" {
                    matched = segments.count > index
                    break
                }
                guard index < segments.count else {
                    matched = false
                    break
                }
                if part.hasPrefix(":") {
                    parameters[String(part.dropFirst())] = segments[index]
                } else if part == segments[index] {
                    literals += 1
                } else {
                    matched = false
                    break
                }
            }
            if matched && pattern.last != "**" && pattern.count != segments.count { matched = false }
            if matched && literals > (best?.literals ?? -1) { best = (route, parameters, literals) }
        }
        return best.map { ($0.route, $0.parameters) }
    }

    /// `GET /`: the API's name and its deployments.
    private var index: SampleReply {
        .json(
            .fields([
                "name": .string("Courier sample API"),
                "deployments": .array(
                    [SampleDeployment.development, .production, .candidate].map { deployment in
                        .fields(["name": .string(deployment.name), "base_path": .string(deployment.prefix)])
                    }),
            ]))
    }
}
