/// The parts of an absolute `scheme://authority/path?query#fragment` URL, split once by text,
/// for the rules that look at one part: cookies (host, path), proxies (scheme, host), Digest
/// (the request target) and masking (the userinfo). One splitter, so they cannot disagree on
/// where the host ends (`@` in userinfo, `[…]` for IPv6, a `?` with no path).
public struct URLParts: Sendable, Equatable {
    /// The scheme, lower-cased.
    public var scheme: String
    /// What precedes the last `@` of the authority (`user:password`), when there is one.
    public var userinfo: String?
    /// The host, lower-cased, an IPv6 address without its brackets.
    public var host: String
    /// The port as written, when there is one.
    public var port: String?
    /// The path as written (percent escapes kept); empty when the URL has none.
    public var path: String
    /// The query without its `?`, when there is one.
    public var query: String?

    /// The parts of `url`, or nil when it has no `scheme://` or no host.
    public init?(_ url: String) {
        guard let marker = url.firstRange(ofText: "://") else { return nil }
        scheme = url[..<marker.lowerBound].lowercased()
        let rest = url[marker.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var hostAndPort = authority
        if let at = authority.lastIndex(of: "@") {
            userinfo = String(authority[..<at])
            hostAndPort = authority[authority.index(after: at)...]
        }
        let afterHost: Substring
        if hostAndPort.hasPrefix("[") {
            let inside = hostAndPort.dropFirst().prefix { $0 != "]" }
            host = inside.lowercased()
            afterHost = hostAndPort.dropFirst(inside.count + 2)
        } else {
            let name = hostAndPort.prefix { $0 != ":" }
            host = name.lowercased()
            afterHost = hostAndPort.dropFirst(name.count)
        }
        guard !host.isEmpty else { return nil }
        if afterHost.hasPrefix(":") { port = String(afterHost.dropFirst()) }
        let target = rest[authority.endIndex...].prefix { $0 != "#" }
        if let question = target.firstIndex(of: "?") {
            path = String(target[..<question])
            query = String(target[target.index(after: question)...])
        } else {
            path = String(target)
        }
    }

    /// What an HTTP/1.1 request line names: the path (`/` when empty) and the query.
    public var requestTarget: String {
        (path.isEmpty ? "/" : path) + (query.map { "?" + $0 } ?? "")
    }
}
