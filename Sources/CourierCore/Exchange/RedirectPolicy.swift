#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decides where a redirect leads, following browsers (and the Fetch standard):
/// 303 becomes GET, 301 and 302 turn POST into GET, 307 and 308 keep method and body,
/// and credentials (`Authorization`, `Cookie`, and any header whose value holds a secret) are
/// dropped when the origin changes.
public enum RedirectPolicy {
    /// The status codes that redirect.
    public static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Redirects followed before giving up (exit code 6 in the CLI).
    public static let maxRedirects = 10

    /// One hop: the request to send next.
    public struct Hop: Sendable, Equatable {
        /// Method of the next request.
        public var method: HTTPMethod
        /// Absolute URL of the next request.
        public var url: String
        /// Headers of the next request.
        public var headers: [HeaderField]
        /// Body of the next request.
        public var body: [UInt8]?
        /// Headers other than `Authorization` and `Cookie` left out because they hold a secret
        /// and the hop leaves the origin (the caller warns about them).
        public var droppedSecretHeaders: [String] = []
    }

    /// The next hop for a `status` response with `location` to a request made with `method`
    /// to `url`, or `nil` when the response is not a followable redirect. A header whose value
    /// contains one of `secrets` is a credential too (`X-Api-Key: {{key}}`).
    public static func next(
        status: Int, location: String?, method: HTTPMethod, url: String, headers: [HeaderField], body: [UInt8]?,
        secrets: [String] = []
    ) throws(TransportError) -> Hop? {
        guard redirectStatuses.contains(status), let location, !location.isEmpty else { return nil }
        guard let base = URL(string: url), let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else { throw .badRedirect(location: location) }

        var hop = Hop(method: method, url: target.absoluteString, headers: headers, body: body)
        let becomesGet = (status == 303 && method != .head) || ((status == 301 || status == 302) && method == .post)
        if becomesGet {
            hop.method = .get
            hop.body = nil
            hop.headers.removeAll {
                ["content-type", "content-length", "transfer-encoding"].contains($0.name.lowercased())
            }
        }
        if origin(of: base) != origin(of: target) {
            hop.headers.removeAll { ["authorization", "cookie", "proxy-authorization"].contains($0.name.lowercased()) }
            let secrets = SecretSet(secrets)
            let holding = secrets.isEmpty ? [] : hop.headers.filter { secrets.occurs(in: $0.value) }
            hop.droppedSecretHeaders = holding.map(\.name)
            hop.headers.removeAll { field in holding.contains(field) }
        }
        return hop
    }

    /// `true` when both URLs have the same scheme, host and port (credentials may go to both).
    public static func sameOrigin(_ first: String, _ second: String) -> Bool {
        guard let a = URL(string: first), let b = URL(string: second) else { return false }
        return origin(of: a) == origin(of: b)
    }

    /// `scheme://host:port` of `url` (the port filled in), or nil when it is not a URL.
    public static func origin(_ url: String) -> String? {
        URL(string: url).map(origin(of:))
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
