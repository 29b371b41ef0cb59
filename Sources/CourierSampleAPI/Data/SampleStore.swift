#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// In-memory state of the sample API: both deployments' data, the request log and the
/// counters behind `/flaky`. An actor, because requests arrive concurrently.
actor SampleStore {
    private(set) var deployments: [String: SampleDeployment]
    /// `METHOD /path?query` of every request received, oldest first (capped).
    private(set) var log: [String] = []
    private var flakyCounts: [String: Int] = [:]
    /// Session tokens handed out by `POST login`, by deployment prefix.
    private var sessions: [String: Set<String>] = [:]
    /// OAuth2 access tokens handed out: who they are for and until when (seconds since 1970).
    /// Each token's subject, expiry and, for a token revoked after its first use, the uses left.
    private var accessTokens: [String: (subject: String, until: Double, uses: Int?)] = [:]
    /// Digest nonces handed out, with how many answers each has had.
    private var nonces: [String: Int] = [:]
    private static let logLimit = 10_000

    init() {
        deployments = [
            SampleDeployment.development.prefix: .development,
            SampleDeployment.production.prefix: .production,
            SampleDeployment.candidate.prefix: .candidate,
        ]
    }

    func record(_ line: String) {
        log.append(line)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }

    func deployment(_ prefix: String) -> SampleDeployment? { deployments[prefix] }

    /// Applies `change` to one deployment and returns its result.
    func update<T: Sendable>(_ prefix: String, _ change: @Sendable (inout SampleDeployment) -> T) -> T? {
        guard var deployment = deployments[prefix] else { return nil }
        let result = change(&deployment)
        deployments[prefix] = deployment
        return result
    }

    /// How many times `/flaky` was hit with this key, counting this hit.
    func hitFlaky(_ key: String) -> Int {
        flakyCounts[key, default: 0] += 1
        return flakyCounts[key, default: 0]
    }

    /// A new session token for a deployment.
    func openSession(_ prefix: String, name: String) -> String {
        let token = "\(name)-session-\(sessions[prefix, default: []].count + 1)"
        sessions[prefix, default: []].insert(token)
        return token
    }

    /// Whether `token` is a session of the deployment at `prefix`.
    func isSession(_ token: String, of prefix: String) -> Bool {
        sessions[prefix]?.contains(token) ?? false
    }

    /// A new Digest nonce.
    func issueNonce() -> String {
        let nonce = "n\(nonces.count + 1)-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        nonces[nonce] = 0
        return nonce
    }

    /// Whether `nonce` was issued here and `count` is past its last answer (a replayed
    /// answer is refused, as RFC 7616 §5.12 asks).
    func acceptNonce(_ nonce: String, count: Int) -> Bool {
        guard let last = nonces[nonce], count > last else { return false }
        nonces[nonce] = count
        return true
    }

    /// A new OAuth2 access token for `subject`, good for `lifetime` seconds, or for `uses`
    /// requests when given (a server that revokes tokens early).
    func issueAccessToken(for subject: String, lifetime: Double, uses: Int? = nil) -> String {
        let token = "at-\(accessTokens.count + 1)-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        accessTokens[token] = (subject, Date().timeIntervalSince1970 + lifetime, uses)
        return token
    }

    /// Whom `token` was issued to, if it is one of ours and neither expired nor used up (this
    /// use is counted).
    func accessTokenSubject(_ token: String) -> String? {
        guard let entry = accessTokens[token], entry.until > Date().timeIntervalSince1970 else { return nil }
        if let uses = entry.uses {
            guard uses > 0 else { return nil }
            accessTokens[token]?.uses = uses - 1
        }
        return entry.subject
    }
}
