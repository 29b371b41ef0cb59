import CourierCore
import Crypto
import Foundation

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
        let data = Data(text.utf8)
        let bytes = sha256 ? Array(SHA256.hash(data: data)) : Array(Insecure.MD5.hash(data: data))
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}
