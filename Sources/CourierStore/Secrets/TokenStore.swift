import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// OAuth2 access tokens of one workspace between runs, in
/// `$XDG_STATE_HOME/courier/tokens/<workspace>-<hash>.json` (mode 0600), by cache key, with
/// their expiry; expired ones are dropped on each save. A token is a credential: it is never
/// printed, and the file is private like the cookie jars.
public struct TokenStore: Sendable {
    /// The token file.
    public let path: String

    /// The store for the workspace at `configPath`.
    public init(configPath: String, processEnvironment: [String: String]) {
        path = StateFolder.file("tokens", configPath: configPath, processEnvironment: processEnvironment)
    }

    /// The token kept under `key`, if any.
    public func load(_ key: String) -> OAuth2Token? {
        guard case .success(let bytes) = FileBytes.read(path) else { return nil }
        return Self.decode(bytes)[key]
    }

    /// Keeps `token` under `key` (atomically; a token that cannot be kept is fetched again
    /// next time, so a failure here is not an error).
    public func save(_ key: String, _ token: OAuth2Token, now: Double = Date().timeIntervalSince1970) {
        var tokens: [String: OAuth2Token] = [:]
        if case .success(let bytes) = FileBytes.read(path) { tokens = Self.decode(bytes) }
        tokens = tokens.filter { $0.value.isUsable(at: now) }
        tokens[key] = token
        let members = tokens.keys.sorted().map { key -> JSONMember in
            let token = tokens[key] ?? OAuth2Token(accessToken: "")
            var fields = [
                JSONMember("access_token", .string(token.accessToken)),
                JSONMember("token_type", .string(token.tokenType)),
            ]
            if let expires = token.expires { fields.append(JSONMember("expires", .number(String(expires)))) }
            return JSONMember(key, .object(fields))
        }
        try? AtomicFile.write(
            Array((JSONValue.object(members).serialized + "\n").utf8), to: path, createFolder: true, isPrivate: true)
    }

    static func decode(_ bytes: [UInt8]) -> [String: OAuth2Token] {
        guard case .object(let entries)? = try? JSONValue.parse(bytes) else { return [:] }
        var tokens: [String: OAuth2Token] = [:]
        for entry in entries {
            guard case .string(let token)? = entry.value["access_token"] else { continue }
            var type = "Bearer"
            if case .string(let given)? = entry.value["token_type"] { type = given }
            var expires: Double?
            if case .number(let text)? = entry.value["expires"] { expires = Double(text) }
            tokens[entry.key] = OAuth2Token(accessToken: token, tokenType: type, expires: expires)
        }
        return tokens
    }
}
