import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// OAuth2 access tokens for the engine: fetched from the token endpoint on first use, kept in
/// memory and (through `load` and `save`, the state folder's token cache) between runs until
/// they expire; fetched again when asked to refresh (after a 401). Concurrent requests that
/// need the same token while it is being fetched each fetch it; the last one kept wins,
/// which is harmless (every token issued is good).
public final class OAuth2Tokens: Sendable {
    /// Reads a cached token by `OAuth2Exchange.cacheKey`.
    public typealias Load = @Sendable (String) -> OAuth2Token?
    /// Keeps a token by key.
    public typealias Save = @Sendable (String, OAuth2Token) -> Void

    private let memory = Locked<[String: OAuth2Token]>([:])
    private let load: Load?
    private let save: Save?

    /// A token cache; without `load` and `save`, in memory only.
    public init(load: Load? = nil, save: Save? = nil) {
        self.load = load
        self.save = save
    }

    /// A usable token for `spec`: the cached one unless `refresh`, else a new one from the
    /// endpoint, sent with `options`' timeout, TLS and proxy (no retries, no redirects).
    func token(
        for spec: OAuth2Spec, engine: HTTPEngine, options: SendOptions, refresh: Bool
    ) async throws(TransportError) -> OAuth2Token {
        let key = OAuth2Exchange.cacheKey(spec)
        let now = Date().timeIntervalSince1970
        if !refresh {
            if let known = memory.withLock({ $0[key] }), known.isUsable(at: now) { return known }
            if let stored = load?(key), stored.isUsable(at: now) {
                memory.withLock { $0[key] = stored }
                return stored
            }
        }
        var tokenOptions = options
        tokenOptions.retry = RetryPolicy()
        tokenOptions.followRedirects = false
        let response: HTTPResponse
        do {
            response = try await engine.send(OAuth2Exchange.request(spec), options: tokenOptions)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .oauth2("the token endpoint \(spec.tokenURL) failed: \(error)")
        }
        let token: OAuth2Token
        do {
            token = try OAuth2Exchange.token(
                status: response.status, body: response.body, from: spec.tokenURL, now: Date().timeIntervalSince1970)
        } catch {
            throw .oauth2(error.description)
        }
        memory.withLock { $0[key] = token }
        save?(key, token)
        return token
    }
}
