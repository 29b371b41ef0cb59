import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Authorization, body parsing and the reply shapes every endpoint shares.
extension SampleRouter {
    /// Writes carry the deployment's token or a session token from `POST login`.
    func authorize(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply? {
        let token = request.bearerToken
        let isSession = await store.isSession(token, of: deployment.prefix)
        guard token == deployment.token || isSession else {
            var reply = SampleReply.error(
                401, "writes need 'Authorization: Bearer <token>' for the \(deployment.name) deployment")
            reply.headers.append(("WWW-Authenticate", "Bearer"))
            return reply
        }
        return nil
    }

    /// The members of a JSON object body, or nil when the body is not one.
    func parseObject(_ body: [UInt8]) -> [String: JSONValue]? {
        guard case .object(let members)? = try? JSONValue.parse(body) else { return nil }
        var fields: [String: JSONValue] = [:]
        for member in members { fields[member.key] = member.value }
        return fields
    }

    var badBody: SampleReply { .error(400, "the body must be a JSON object") }

    func requiredString(_ fields: [String: JSONValue], _ key: String, _ errors: inout [String: [String]])
        -> String
    {
        guard let text = optionalString(fields, key, &errors) else {
            if errors[key] == nil { errors[key] = ["can't be blank"] }
            return ""
        }
        if text.trimmingWhitespace().isEmpty { errors[key, default: []].append("can't be blank") }
        return text
    }

    func optionalString(_ fields: [String: JSONValue], _ key: String, _ errors: inout [String: [String]])
        -> String?
    {
        guard let value = fields[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            errors[key, default: []].append("must be a string")
            return nil
        }
        return text
    }

    /// 422 with Rails-style errors: `{"errors": {"name": ["can't be blank"]}}`.
    func invalid(_ errors: [String: [String]]) -> SampleReply {
        .json(
            .fields([
                "errors": .object(
                    errors.keys.sorted().map { key in
                        JSONMember(key, .array((errors[key] ?? []).map(JSONValue.string)))
                    })
            ]), status: 422)
    }
}
