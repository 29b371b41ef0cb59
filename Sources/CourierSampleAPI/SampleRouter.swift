import CourierCore
import Foundation

/// The sample API's endpoints, modelled on a small Rails-style backend. Every deployment
/// (`/dev/v1`, `/prod/v1`) serves the same endpoints over its own data.
struct SampleRouter: Sendable {
    let store: SampleStore

    func respond(_ request: SampleRequest) async -> SampleReply {
        let rawQuery = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        if request.path != "/_requests" {
            await store.record("\(request.method) \(request.path)\(rawQuery.isEmpty ? "" : "?" + rawQuery)")
        }
        let segments = request.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        if segments.isEmpty {
            return json(
                .fields([
                    "name": .string("Courier sample API"),
                    "deployments": .array(
                        [SampleDeployment.development, .production].map { deployment in
                            .fields(["name": .string(deployment.name), "base_path": .string(deployment.prefix)])
                        }),
                ]))
        }
        if segments == ["_requests"] {
            return json(.fields(["requests": .array(await store.log.map(JSONValue.string))]))
        }
        guard segments.count >= 2, let deployment = await store.deployment("/\(segments[0])/\(segments[1])") else {
            return notFound(request)
        }
        return await respond(request, deployment: deployment, segments: Array(segments.dropFirst(2)))
    }

    private func respond(_ request: SampleRequest, deployment: SampleDeployment, segments: [String]) async
        -> SampleReply
    {
        let method = request.method
        switch segments.first ?? "" {
        case "users":
            return await users(request, deployment, Array(segments.dropFirst()))
        case "posts":
            return await posts(request, deployment, Array(segments.dropFirst()))
        case "messages" where segments.count == 1:
            return await messages(request, deployment)
        case "headlines" where segments.count == 1 && method == "GET":
            return headlines(request, deployment)
        case "me" where segments.count == 1 && method == "GET":
            let user = deployment.users.first { $0.id == 42 } ?? deployment.users[0]
            return json(.fields(["response": .fields(["deployment": .string(deployment.name), "user": user.json])]))
        case "echo":
            return echo(request, deployment)
        case "status" where segments.count == 2:
            guard let code = Int(segments[1]), (200...599).contains(code) else {
                return error(400, "status must be a number from 200 to 599")
            }
            if code == 204 || code == 304 { return SampleReply(status: code, headers: [], body: []) }
            return json(.fields(["status": .int(code), "deployment": .string(deployment.name)]), status: code)
        case "delay" where segments.count == 2:
            guard let milliseconds = Int(segments[1]), milliseconds >= 0 else {
                return error(400, "delay must be milliseconds")
            }
            let capped = min(milliseconds, 60_000)
            try? await Task.sleep(for: .milliseconds(capped))
            return json(.fields(["delayed_ms": .int(capped)]))
        case "large" where segments.count == 1:
            let items = min(max(Int(request.query("items") ?? "") ?? 1_000, 0), 2_000_000)
            return SampleReply(
                status: 200, headers: [("Content-Type", "application/json")], body: LargeDocument.make(items: items))
        case "redirect" where segments.count == 2:
            guard let hops = Int(segments[1]), hops >= 0 else { return error(400, "redirect count must be a number") }
            if hops == 0 { return json(.fields(["redirected": .bool(true)])) }
            return SampleReply(
                status: 302, headers: [("Location", "\(deployment.prefix)/redirect/\(hops - 1)")], body: [])
        case "redirect-to" where segments.count == 1:
            guard let target = request.query("url") else { return error(400, "url is required") }
            let status = Int(request.query("status") ?? "") ?? 302
            return SampleReply(status: status, headers: [("Location", target)], body: [])
        case "gzip" where segments.count == 1:
            var reply = json(.fields(["encoding": .string("gzip"), "deployment": .string(deployment.name)]))
            reply.body = Gzip.gzip(reply.body)
            reply.headers.append(("Content-Encoding", "gzip"))
            return reply
        case "deflate" where segments.count == 1:
            var reply = json(.fields(["encoding": .string("deflate"), "deployment": .string(deployment.name)]))
            reply.body = Gzip.zlib(reply.body)
            reply.headers.append(("Content-Encoding", "deflate"))
            return reply
        case "bytes" where segments.count == 2:
            guard let count = Int(segments[1]), (0...10_000_000).contains(count) else {
                return error(400, "byte count must be 0…10000000")
            }
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            return SampleReply(status: 200, headers: [("Content-Type", "application/octet-stream")], body: bytes)
        case "text" where segments.count == 1:
            return SampleReply(
                status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Array("Hello from the \(deployment.name) sample API.\nThis body is plain text.\n".utf8))
        case "cookies" where segments.count == 1:
            var reply = json(.fields(["cookies": .int(2)]))
            reply.headers += [("Set-Cookie", "session=abc; Path=/"), ("Set-Cookie", "theme=dark; Path=/")]
            return reply
        case "flaky" where segments.count == 1:
            let failures = Int(request.query("fail") ?? "") ?? 1
            let hits = await store.hitFlaky("\(deployment.prefix)|\(request.query("key") ?? "")")
            if hits <= failures { return error(503, "temporarily unavailable, try again") }
            return json(.fields(["attempts": .int(hits)]))
        default:
            return notFound(request)
        }
    }

    // MARK: Users

    private func users(_ request: SampleRequest, _ deployment: SampleDeployment, _ rest: [String]) async -> SampleReply
    {
        let prefix = deployment.prefix
        switch (request.method, rest.count) {
        case ("GET", 0):
            let city = request.query("city")?.lowercased()
            let list = deployment.users.filter { city == nil || city == "" || $0.address.city.lowercased() == city }
            return json(.array(list.map(\.json)))
        case ("GET", 1):
            guard let user = deployment.users.first(where: { String($0.id) == rest[0] }) else {
                return missing("user", rest[0])
            }
            return json(user.json)
        case ("POST", 0):
            if let denied = authorize(request, deployment) { return denied }
            guard let fields = parseObject(request.body) else { return badBody }
            var errors: [String: [String]] = [:]
            let name = requiredString(fields, "name", &errors)
            let city = requiredString(fields, "city", &errors)
            let surname = optionalString(fields, "surname", &errors) ?? ""
            let email = optionalString(fields, "email", &errors) ?? ""
            if !email.isEmpty && !email.contains("@") { errors["email", default: []].append("is not an email address") }
            guard errors.isEmpty else { return invalid(errors) }
            let user = await store.update(prefix) { deployment -> SampleUser in
                let id = (deployment.users.map(\.id).max() ?? 0) + 1
                let user = SampleUser(
                    id: id, name: name, surname: surname, email: email,
                    address: SampleAddress(street: "", city: city, zip: ""))
                deployment.users.append(user)
                return user
            }
            guard let user else { return notFound(request) }
            var reply = json(user.json, status: 201)
            reply.headers.append(("Location", "\(prefix)/users/\(user.id)"))
            return reply
        case ("PUT", 1), ("PATCH", 1):
            if let denied = authorize(request, deployment) { return denied }
            guard let fields = parseObject(request.body) else { return badBody }
            var errors: [String: [String]] = [:]
            let name = optionalString(fields, "name", &errors)
            let surname = optionalString(fields, "surname", &errors)
            let email = optionalString(fields, "email", &errors)
            let city = optionalString(fields, "city", &errors)
            if name == "" { errors["name", default: []].append("can't be blank") }
            guard errors.isEmpty else { return invalid(errors) }
            let id = rest[0]
            let updated = await store.update(prefix) { deployment -> SampleUser? in
                guard let index = deployment.users.firstIndex(where: { String($0.id) == id }) else { return nil }
                if let name { deployment.users[index].name = name }
                if let surname { deployment.users[index].surname = surname }
                if let email { deployment.users[index].email = email }
                if let city { deployment.users[index].address.city = city }
                return deployment.users[index]
            }
            guard let user = updated ?? nil else { return missing("user", id) }
            return json(user.json)
        case ("DELETE", 1):
            if let denied = authorize(request, deployment) { return denied }
            let id = rest[0]
            let removed = await store.update(prefix) { deployment -> Bool in
                let before = deployment.users.count
                deployment.users.removeAll { String($0.id) == id }
                return deployment.users.count < before
            }
            return removed == true ? SampleReply(status: 204, headers: [], body: []) : missing("user", id)
        default:
            return methodNotAllowed(request)
        }
    }

    // MARK: Posts and comments

    private func posts(_ request: SampleRequest, _ deployment: SampleDeployment, _ rest: [String]) async -> SampleReply
    {
        let prefix = deployment.prefix
        if rest.count >= 2 && rest[1] == "comments" {
            return await comments(request, deployment, postID: rest[0], rest: Array(rest.dropFirst(2)))
        }
        switch (request.method, rest.count) {
        case ("GET", 0):
            return json(.array(deployment.posts.map(\.json)))
        case ("GET", 1):
            guard let post = deployment.posts.first(where: { String($0.id) == rest[0] }) else {
                return missing("post", rest[0])
            }
            return json(post.json)
        case ("POST", 0), ("PUT", 1), ("PATCH", 1):
            if let denied = authorize(request, deployment) { return denied }
            guard let fields = parseObject(request.body) else { return badBody }
            var errors: [String: [String]] = [:]
            let creating = request.method == "POST"
            let title = creating ? requiredString(fields, "title", &errors) : optionalString(fields, "title", &errors)
            let body = optionalString(fields, "body", &errors)
            guard errors.isEmpty else { return invalid(errors) }
            let id = rest.first
            let saved = await store.update(prefix) { deployment -> SamplePost? in
                if let id {
                    guard let index = deployment.posts.firstIndex(where: { String($0.id) == id }) else { return nil }
                    if let title { deployment.posts[index].title = title }
                    if let body { deployment.posts[index].body = body }
                    return deployment.posts[index]
                }
                let post = SamplePost(
                    id: (deployment.posts.map(\.id).max() ?? 0) + 1, title: title ?? "", body: body ?? "", authorId: 42)
                deployment.posts.append(post)
                return post
            }
            guard let post = saved ?? nil else { return missing("post", id ?? "") }
            return json(post.json, status: creating ? 201 : 200)
        case ("DELETE", 1):
            if let denied = authorize(request, deployment) { return denied }
            let id = rest[0]
            let removed = await store.update(prefix) { deployment -> Bool in
                let before = deployment.posts.count
                deployment.posts.removeAll { String($0.id) == id }
                deployment.comments.removeAll { String($0.postId) == id }
                return deployment.posts.count < before
            }
            return removed == true ? SampleReply(status: 204, headers: [], body: []) : missing("post", id)
        default:
            return methodNotAllowed(request)
        }
    }

    private func comments(_ request: SampleRequest, _ deployment: SampleDeployment, postID: String, rest: [String])
        async -> SampleReply
    {
        guard let post = deployment.posts.first(where: { String($0.id) == postID }) else {
            return missing("post", postID)
        }
        let ofPost = deployment.comments.filter { $0.postId == post.id }
        switch (request.method, rest.count) {
        case ("GET", 0):
            return json(.array(ofPost.map(\.json)))
        case ("GET", 1):
            guard let comment = ofPost.first(where: { String($0.id) == rest[0] }) else {
                return missing("comment", rest[0])
            }
            return json(comment.json)
        case ("POST", 0):
            if let denied = authorize(request, deployment) { return denied }
            guard let fields = parseObject(request.body) else { return badBody }
            var errors: [String: [String]] = [:]
            let text = requiredString(fields, "text", &errors)
            let author = optionalString(fields, "author", &errors) ?? "anonymous"
            guard errors.isEmpty else { return invalid(errors) }
            let comment = await store.update(deployment.prefix) { deployment -> SampleComment in
                let comment = SampleComment(
                    id: (deployment.comments.map(\.id).max() ?? 0) + 1, postId: post.id, author: author, text: text)
                deployment.comments.append(comment)
                return comment
            }
            guard let comment else { return notFound(request) }
            return json(comment.json, status: 201)
        default:
            return methodNotAllowed(request)
        }
    }

    // MARK: Messages and headlines

    private func messages(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        switch request.method {
        case "GET":
            return json(.array(deployment.messages.map(\.json)))
        case "POST":
            if let denied = authorize(request, deployment) { return denied }
            guard let fields = parseObject(request.body) else { return badBody }
            var errors: [String: [String]] = [:]
            let text = requiredString(fields, "text", &errors)
            let from = optionalString(fields, "from", &errors) ?? "you"
            guard errors.isEmpty else { return invalid(errors) }
            let message = await store.update(deployment.prefix) { deployment -> SampleMessage in
                let message = SampleMessage(
                    id: (deployment.messages.map(\.id).max() ?? 0) + 1, from: from, text: text, read: false)
                deployment.messages.append(message)
                return message
            }
            guard let message else { return notFound(request) }
            return json(message.json, status: 201)
        default:
            return methodNotAllowed(request)
        }
    }

    private func headlines(_ request: SampleRequest, _ deployment: SampleDeployment) -> SampleReply {
        let available = Set(deployment.headlines.map(\.language))
        let requested = request.query("lang") ?? request.header("Accept-Language").map(Self.primaryLanguage) ?? "en"
        let language = available.contains(requested) ? requested : "en"
        var reply = json(
            .fields([
                "language": .string(language),
                "headlines": .array(deployment.headlines.filter { $0.language == language }.map(\.json)),
            ]))
        reply.headers.append(("Content-Language", language))
        return reply
    }

    /// `es-ES,es;q=0.9,en;q=0.8` → `es`.
    static func primaryLanguage(_ header: String) -> String {
        let first = header.split(separator: ",").first.map(String.init) ?? header
        let tag = first.split(separator: ";").first.map(String.init) ?? first
        return (tag.split(separator: "-").first.map(String.init) ?? tag).trimmingCharacters(in: .whitespaces)
            .lowercased()
    }

    // MARK: Echo

    private func echo(_ request: SampleRequest, _ deployment: SampleDeployment) -> SampleReply {
        let body: JSONValue
        if request.body.isEmpty {
            body = .null
        } else if let parsed = try? JSONValue.parse(request.body) {
            body = parsed
        } else {
            body = .string(String(decoding: request.body, as: UTF8.self))
        }
        return json(
            .fields([
                "method": .string(request.method),
                "path": .string(request.path),
                "query": .object(request.query.map { JSONMember($0.name, .string($0.value)) }),
                "headers": .object(request.headers.map { JSONMember($0.name.lowercased(), .string($0.value)) }),
                "body": body,
                "deployment": .string(deployment.name),
            ]))
    }
}
