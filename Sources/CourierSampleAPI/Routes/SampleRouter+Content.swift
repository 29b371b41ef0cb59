import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `messages`, `headlines` (negotiated by `?lang=` or `Accept-Language`), `me`, `login` and
/// `account`.
extension SampleRouter {
    func listMessages(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if deployment.flaws.contains(.messagesBadGateway) { return .error(502, "upstream messages service is down") }
        return .json(.array(deployment.messages.map(\.json)))
    }

    func createMessage(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if let denied = await authorize(request, deployment) { return denied }
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
        guard let message else { return .missing("deployment", deployment.prefix) }
        return .json(message.json, status: 201)
    }

    func headlines(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if deployment.flaws.contains(.slowHeadlines) { try? await Task.sleep(for: .milliseconds(80)) }
        let available = Set(deployment.headlines.map(\.language))
        let requested = request.query("lang") ?? request.header("Accept-Language").map(Self.primaryLanguage) ?? "en"
        let language = available.contains(requested) ? requested : "en"
        var reply = SampleReply.json(
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
        return (tag.split(separator: "-").first.map(String.init) ?? tag).trimmingWhitespace()
            .lowercased()
    }

    /// The signed-in user: number 42 of the deployment.
    func me(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let user = deployment.users.first(where: { $0.id == 42 }) ?? deployment.users.first else {
            return .missing("user", "42")
        }
        return .json(.fields(["response": .fields(["deployment": .string(deployment.name), "user": user.json])]))
    }

    /// `POST login` with `{"user", "password"}`: the deployment's password gives a session
    /// token, which `account` requires and writes accept (how the QA runs' captures are shown).
    func login(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let fields = parseObject(request.body) else { return badBody }
        var errors: [String: [String]] = [:]
        let user = requiredString(fields, "user", &errors)
        let password = requiredString(fields, "password", &errors)
        guard errors.isEmpty else { return invalid(errors) }
        guard password == deployment.password else { return .error(401, "wrong user or password") }
        let token = await store.openSession(deployment.prefix, name: deployment.name)
        return .json(
            .fields([
                "access_token": .string(token), "token_type": .string("Bearer"), "expires_in": .int(3600),
                "user": .string(user),
            ]))
    }

    /// `GET account`: needs a session token from `login` (the deployment token is not enough).
    func account(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard await store.isSession(request.bearerToken, of: deployment.prefix) else {
            var reply = SampleReply.error(401, "account needs a session token from POST \(deployment.prefix)/login")
            reply.headers.append(("WWW-Authenticate", "Bearer"))
            return reply
        }
        guard let user = deployment.users.first(where: { $0.id == 42 }) ?? deployment.users.first else {
            return .missing("user", "42")
        }
        return .json(
            .fields(["user": user.json, "plan": .string(deployment.plan), "deployment": .string(deployment.name)]))
    }
}
