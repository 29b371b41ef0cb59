#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HTTP Digest (RFC 7616): picks the strongest challenge a 401 offers and computes the
/// `Authorization` answer. The hash functions come from the caller (the core links no crypto
/// library); they take text and return lower-case hex.
public struct DigestAuthorization: Sendable, Equatable {
    /// The algorithms Courier answers, strongest first.
    public enum Algorithm: String, Sendable, Equatable, CaseIterable {
        case sha256 = "SHA-256"
        case sha256Session = "SHA-256-sess"
        case md5 = "MD5"
        case md5Session = "MD5-sess"

        /// The hash under the algorithm.
        public var usesSHA256: Bool { self == .sha256 || self == .sha256Session }
        var isSession: Bool { self == .sha256Session || self == .md5Session }
    }

    /// Why a challenge cannot be answered.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No `Digest` challenge at all.
        case noDigestChallenge
        /// Only algorithms or qops Courier does not do.
        case unsupported(String)

        public var description: String {
            switch self {
            case .noDigestChallenge: return "the server asked for authentication, but not with Digest"
            case .unsupported(let what): return "the server's Digest challenge needs \(what), which Courier does not do"
            }
        }
    }

    /// The chosen challenge's realm.
    public var realm: String
    /// Its nonce.
    public var nonce: String
    /// Its opaque value, echoed back.
    public var opaque: String?
    /// The algorithm.
    public var algorithm: Algorithm
    /// `auth` when the server offers it; nil for an RFC 2069 challenge without qop.
    public var qop: String?
    /// The server wants the user name hashed.
    public var userhash: Bool

    /// The strongest answerable Digest challenge among `challenges`.
    public init(challenges: [AuthChallenge]) throws(Failure) {
        let digests = challenges.filter { $0.scheme == "digest" }
        guard !digests.isEmpty else { throw .noDigestChallenge }
        var best: (AuthChallenge, Algorithm)?
        var refused: [String] = []
        for challenge in digests {
            let name = challenge.parameters["algorithm"] ?? "MD5"
            guard let algorithm = Algorithm.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
            else {
                refused.append("algorithm \(name)")
                continue
            }
            if let qop = challenge.parameters["qop"] {
                let offered = qop.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
                guard offered.contains("auth") else {
                    refused.append("qop \(qop)")
                    continue
                }
            }
            guard challenge.parameters["nonce"] != nil else { continue }
            if let current = best, Self.rank(current.1) <= Self.rank(algorithm) { continue }
            best = (challenge, algorithm)
        }
        guard let (challenge, algorithm) = best else {
            throw .unsupported(refused.first ?? "a nonce")
        }
        realm = challenge.parameters["realm"] ?? ""
        nonce = challenge.parameters["nonce"] ?? ""
        opaque = challenge.parameters["opaque"]
        self.algorithm = algorithm
        qop = challenge.parameters["qop"] == nil ? nil : "auth"
        userhash = challenge.parameters["userhash"]?.lowercased() == "true"
    }

    private static func rank(_ algorithm: Algorithm) -> Int {
        Algorithm.allCases.firstIndex(of: algorithm) ?? Int.max
    }

    /// The `Authorization` value for `method` on `uri` (the request target: path and query).
    /// - Parameters:
    ///   - cnonce: the client nonce (random per answer; fixed in tests).
    ///   - count: the nonce count, 1 for the first answer to a nonce.
    ///   - hash: `H(text)` as lower-case hex for this challenge's algorithm.
    public func header(
        username: String, password: String, method: String, uri: String, cnonce: String, count: Int = 1,
        hash: (String) -> String
    ) -> String {
        var ha1 = hash("\(username):\(realm):\(password)")
        if algorithm.isSession { ha1 = hash("\(ha1):\(nonce):\(cnonce)") }
        let ha2 = hash("\(method):\(uri)")
        let nc = String(String(count, radix: 16).suffix(8)).leftPadded(to: 8)
        let response: String
        if let qop {
            response = hash("\(ha1):\(nonce):\(nc):\(cnonce):\(qop):\(ha2)")
        } else {
            response = hash("\(ha1):\(nonce):\(ha2)")
        }
        let shownUser = userhash ? hash("\(username):\(realm)") : username
        var parts = [
            "username=\(Self.quote(shownUser))", "realm=\(Self.quote(realm))", "uri=\(Self.quote(uri))",
            "algorithm=\(algorithm.rawValue)", "nonce=\(Self.quote(nonce))",
        ]
        if let qop { parts += ["nc=\(nc)", "cnonce=\(Self.quote(cnonce))", "qop=\(qop)"] }
        parts.append("response=\(Self.quote(response))")
        if let opaque { parts.append("opaque=\(Self.quote(opaque))") }
        if userhash { parts.append("userhash=true") }
        return "Digest " + parts.joined(separator: ", ")
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingText("\\", with: "\\\\").replacingText("\"", with: "\\\"") + "\""
    }
}

extension String {
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
