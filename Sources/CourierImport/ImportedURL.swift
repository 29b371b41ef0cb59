import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An absolute URL from an imported request, split the way a workspace needs it: the origin
/// (an environment's base URL), the path (a route's, safe to read as a path template), the
/// query as items, and credentials written in it.
public struct ImportedURL: Sendable, Equatable {
    /// `scheme://host[:port]`, scheme and host in lower case.
    public var origin: String
    /// The host, for naming an environment (`api.example.com`, `127.0.0.1:4010`).
    public var hostName: String
    /// The path as sent, percent-encoded, `/` when empty.
    public var path: String
    /// Query parameters in order, decoded as servers decode them (`+` is a space).
    public var query: [QueryItem]
    /// `user:password` written before the host, decoded.
    public var userInfo: String?
    /// The text had no scheme and was read as `http://` (`assumedScheme(for:)` says so in words).
    public var schemeAssumed: Bool

    /// Splits `text`. With no scheme it is read as `http://…`, as curl and Postman read it
    /// (`localhost:8080/x`, `//host/x`); a scheme other than http or https, or no host, is
    /// an error.
    public init(_ text: String) throws(ImportError) {
        let (trimmed, assumed) = Self.withScheme(text.trimmingWhitespace())
        schemeAssumed = assumed
        guard let colon = trimmed.firstRange(ofText: "://") else {
            throw ImportError("'\(text)' is not a URL with a host")
        }
        let scheme = trimmed[..<colon.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw ImportError("'\(text)': only http and https URLs can be imported, not \(scheme)")
        }
        guard let components = URLComponents(string: Self.encodingStrays(trimmed)), let host = components.host,
            !host.isEmpty
        else { throw ImportError("'\(text)' is not a URL with a host") }
        let port = components.port.map { ":\($0)" } ?? ""
        let hostText = components.percentEncodedHost ?? host
        origin = "\(scheme)://\(hostText.lowercased())\(port)"
        hostName = hostText.lowercased() + port
        path = Self.templateSafe(components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
        query = PercentEncoding.formItems(components.percentEncodedQuery)
        if let user = components.user {
            userInfo = user + ":" + (components.password ?? "")
        }
    }

    /// A URL holding `{{variables}}`, in its host too, split as `splitTemplate` splits it; the
    /// host name (an environment's name) is the authority without braces (`host:8080`).
    init(template text: String) throws(ImportError) {
        let split = try Self.splitTemplate(text)
        (origin, path, query, schemeAssumed) = (split.base, split.path, split.query, split.schemeAssumed)
        let authority = split.base.firstRange(ofText: "://").map { split.base[$0.upperBound...] } ?? split.base[...]
        hostName = String(authority).replacingText("{{", with: "").replacingText("}}", with: "")
            .trimmingWhitespace()
    }

    /// A URL that may hold `{{variables}}` (as `.http` files and Postman write them) split
    /// into a base URL, a path and query items: `{{baseUrl}}/users?page=1` gives
    /// `{{baseUrl}}`, `/users`; `https://{{host}}/api/x` gives `https://{{host}}`, `/api/x`.
    /// The query keeps `{{…}}` as written. With `parameters`, a `:name` opening a segment
    /// stays a path parameter (Postman writes them so).
    public static func splitTemplate(_ text: String, parameters: Bool = false) throws(ImportError) -> (
        base: String, path: String, query: [QueryItem], schemeAssumed: Bool
    ) {
        let (trimmed, assumed) = withScheme(text.trimmingWhitespace())
        if !trimmed.contains("{{") && !parameters {
            let url = try ImportedURL(trimmed)
            return (url.origin, url.path, url.query, assumed)
        }
        var base = ""
        var rest = Substring(trimmed)
        if trimmed.hasPrefix("{{"), let close = trimmed.firstRange(ofText: "}}") {
            base = String(trimmed[..<close.upperBound])
            rest = trimmed[close.upperBound...]
        } else if let scheme = trimmed.firstRange(ofText: "://") {
            let name = trimmed[..<scheme.lowerBound].lowercased()
            guard name == "http" || name == "https" || name.contains("{{") else {
                throw ImportError("'\(text)': only http and https URLs can be imported, not \(name)")
            }
            let authorityEnd = trimmed[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? trimmed.endIndex
            base = String(trimmed[..<authorityEnd])
            rest = trimmed[authorityEnd...]
        } else {
            throw ImportError("'\(text)' names no host")
        }
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var path = String(rest[..<queryStart])
        if path.isEmpty { path = "/" }
        let query = queryStart < rest.endIndex ? String(rest[rest.index(after: queryStart)...]) : ""
        // `{{name}}` is this file's variable and stays; a lone `{` or a `:` opening a segment
        // would be read as a path parameter and is escaped.
        let safe = path.replacingText("{{", with: "\u{1}").replacingText("}}", with: "\u{2}")
        path = templateSafe(safe, parameters: parameters).replacingText("\u{1}", with: "{{")
            .replacingText("\u{2}", with: "}}")
        let items = query.split(separator: "&").map { pair -> QueryItem in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(
                queryDecoded(String(parts[0])), parts.count > 1 ? queryDecoded(String(parts[1])) : "",
                bare: parts.count == 1)
        }
        return (base, path, items, assumed)
    }

    /// `text` with `http:` or `http://` before it when it names no scheme, as curl and Postman
    /// send it (`localhost:8080/x`, `//host/x`), and whether that was done. A text that starts
    /// with a `{{variable}}` (a base URL kept in a variable) or with `/` alone is left as it is.
    static func withScheme(_ text: String) -> (text: String, assumed: Bool) {
        if text.hasPrefix("//") { return ("http:" + text, true) }
        guard !text.contains("://"), !text.hasPrefix("{{"), !text.hasPrefix("/"), !text.isEmpty else {
            return (text, false)
        }
        return ("http://" + text, true)
    }

    /// A WebSocket URL as the HTTP URL it upgrades (`ws://` as `http://`, `wss://` as
    /// `https://`, so its base URL is the environment's), and whether it was one.
    public static func upgraded(_ text: String) -> (text: String, isWebSocket: Bool) {
        let trimmed = text.trimmingWhitespace()
        let lower = trimmed.lowercased()
        if lower.hasPrefix("ws://") { return ("http://" + trimmed.dropFirst(5), true) }
        if lower.hasPrefix("wss://") { return ("https://" + trimmed.dropFirst(6), true) }
        return (trimmed, false)
    }

    /// The warning an importer gives for a URL read as `http://`.
    public static func assumedScheme(for text: String) -> String {
        "'\(text.trimmingWhitespace())' names no scheme: imported as http://, as curl and Postman send it"
    }

    /// Characters curl and browsers send raw but `URLComponents` refuses (spaces, `|`, `^`,
    /// non-ASCII…) percent-encoded, so a copied URL parses.
    private static func encodingStrays(_ text: String) -> String {
        // RFC 3986's query characters, as Foundation's `urlQueryAllowed`, and `#%[]`.
        PercentEncoding.encode(text, keeping: "-._~!$&'()*+,;=:@/?#%[]")
    }

    /// The path with what a route path would read as a parameter or variable escaped:
    /// `{`, `}`, a `:` opening a segment, and `$` before `{`.
    private static func templateSafe(_ path: String, parameters: Bool = false) -> String {
        var out = ""
        let characters = Array(path)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "{": out += "%7B"
            case "}": out += "%7D"
            case ":" where index > 0 && characters[index - 1] == "/" && !parameters: out += "%3A"
            case "$" where next == "{": out += "%24"
            default: out.append(character)
            }
        }
        return out
    }

    /// A query key or value as written in a URL, read as a server reads it (`+` a space, `%XX`
    /// a byte) for the request builder to encode again; one holding `{{…}}` stays as written.
    static func queryDecoded(_ text: String) -> String {
        text.contains("{{") ? text : PercentEncoding.formDecoded(text)
    }
}
