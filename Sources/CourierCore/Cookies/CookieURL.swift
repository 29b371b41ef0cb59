/// The parts of a request URL that cookie rules look at (RFC 6265 §5.1).
struct CookieURL {
    /// The host, lower-cased, IPv6 without brackets.
    var host: String
    /// The path, `/` when empty.
    var path: String
    /// https (Secure cookies go only there).
    var isSecure: Bool

    init?(_ url: String) {
        guard let parts = URLParts(url) else { return nil }
        host = parts.host
        path = parts.path.hasPrefix("/") ? parts.path : "/"
        isSecure = parts.scheme == "https"
    }

    /// §5.1.4: the request path up to its last `/` (`/` when that is the first).
    var defaultPath: String {
        guard path.hasPrefix("/"), let last = path.lastIndex(of: "/"), last != path.startIndex else { return "/" }
        return String(path[..<last])
    }

    /// §5.1.3: `host` is `domain`, or ends with `.domain` and is a name, not an address.
    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        return host.hasSuffix("." + domain) && !isAddress(host)
    }

    /// §5.1.4: `path` is `cookiePath`, or starts with it at a `/` boundary.
    static func pathMatches(_ path: String, _ cookiePath: String) -> Bool {
        if path == cookiePath { return true }
        guard path.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }

    static func isAddress(_ host: String) -> Bool {
        host.contains(":") || (!host.isEmpty && host.allSatisfy { $0.isNumber || $0 == "." })
    }
}
