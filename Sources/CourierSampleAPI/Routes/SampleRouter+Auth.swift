import CourierCore
import CourierCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Endpoints behind HTTP authentication schemes the client performs itself.
extension SampleRouter {
    /// `digest/:algorithm` (`md5` or `sha-256`): HTTP Digest (RFC 7616, qop `auth`) for user
    /// `qa` with the deployment's password. Without a valid answer: 401 and a fresh challenge.
    func digest(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let algorithm: String
        switch request.parameter("algorithm").lowercased() {
        case "md5": algorithm = "MD5"
        case "sha-256": algorithm = "SHA-256"
        default: return .error(404, "digest algorithms here are md5 and sha-256")
        }
        let realm = "courier-sample \(deployment.name)"
        if let header = request.header("Authorization"), header.lowercased().hasPrefix("digest "),
            let answer = AuthChallenge.parse([header]).first?.parameters,
            answer["username"] == "qa", answer["realm"] == realm, answer["uri"] == request.target,
            answer["qop"] == "auth", (answer["algorithm"] ?? "MD5").uppercased() == algorithm,
            let nonce = answer["nonce"], let nc = answer["nc"], let count = Int(nc, radix: 16),
            let cnonce = answer["cnonce"]
        {
            func hash(_ text: String) -> String { Self.hex(text, sha256: algorithm == "SHA-256") }
            let ha1 = hash("qa:\(realm):\(deployment.password)")
            let ha2 = hash("\(request.method):\(request.target)")
            let expected = hash("\(ha1):\(nonce):\(nc):\(cnonce):auth:\(ha2)")
            if answer["response"] == expected, await store.acceptNonce(nonce, count: count) {
                return .json(
                    .fields([
                        "authenticated": .string("qa"), "algorithm": .string(algorithm),
                        "deployment": .string(deployment.name),
                    ]))
            }
        }
        let nonce = await store.issueNonce()
        var reply = SampleReply.error(401, "this route needs HTTP Digest authentication")
        reply.headers.append(
            (
                "WWW-Authenticate",
                "Digest realm=\"\(realm)\", qop=\"auth\", algorithm=\(algorithm), nonce=\"\(nonce)\", opaque=\"sample\""
            ))
        return reply
    }

    static func hex(_ text: String, sha256: Bool) -> String {
        let bytes = Array(text.utf8)
        return HexText.lowercase(sha256 ? BoringCrypto.sha256(bytes) : BoringCrypto.md5(bytes))
    }
}

extension SampleRouter {
    /// `POST session` with `{"user", "password"}` (the deployment's password): a session
    /// cookie `sid` (HttpOnly, an hour, under the deployment's prefix). With `?next=PATH` the
    /// answer is a 303 there, so the cookie must be sent on the redirect's hop.
    /// `GET session`: who the cookie says (401 without a valid one). `DELETE session`: logs
    /// out and expires the cookie.
    func session(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        switch request.method {
        case "POST":
            guard let fields = try? JSONValue.parse(request.body), case .string(let user)? = fields["user"],
                case .string(let password)? = fields["password"], password == deployment.password
            else { return .error(401, "wrong user or password") }
            let token = await store.openSession(deployment.prefix, name: user)
            let cookie = ("Set-Cookie", "sid=\(token); Path=\(deployment.prefix); HttpOnly; Max-Age=3600")
            if let next = request.query("next") {
                return SampleReply(status: 303, headers: [("Location", next), cookie], body: [])
            }
            var reply = SampleReply.json(.fields(["user": .string(user), "deployment": .string(deployment.name)]))
            reply.headers.append(cookie)
            return reply
        case "DELETE":
            var reply = SampleReply.noContent
            reply.headers.append(("Set-Cookie", "sid=; Path=\(deployment.prefix); Max-Age=0"))
            return reply
        default:
            guard let token = Self.cookie("sid", in: request), await store.isSession(token, of: deployment.prefix)
            else {
                return .error(401, "no session: POST \(deployment.prefix)/session first")
            }
            return .json(
                .fields([
                    "user": .string(String(token.prefix { $0 != "-" })), "deployment": .string(deployment.name),
                ]))
        }
    }

    /// `cookies/bad-domain`: a cookie for a domain this server is not (a jar must refuse it).
    func badDomainCookie(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        var reply = SampleReply.json(.fields(["cookies": .int(1)]))
        reply.headers.append(("Set-Cookie", "tracker=1; Domain=example.com; Path=/"))
        return reply
    }

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func cookie(_ name: String, in request: SampleRequest) -> String? {
        for header in request.headers where header.name.lowercased() == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                if parts.count == 2 && parts[0] == name { return parts[1] }
            }
        }
        return nil
    }
}
