/// The cookies of one workspace × environment, with RFC 6265's rules for what is stored
/// (§5.3) and what is sent (§5.4). A value; the engine keeps it behind a lock per request and
/// `CourierStore` keeps it between runs.
public struct CookieJar: Sendable, Equatable {
    /// The stored cookies, in the order they were first stored.
    public private(set) var cookies: [StoredCookie]

    /// At most this many cookies are kept; the least recently created go first.
    public static let limit = 3000
    /// A `Set-Cookie` longer than this (name and value) is ignored, as browsers do.
    public static let maxSize = 4096

    /// A jar holding `cookies`.
    public init(_ cookies: [StoredCookie] = []) {
        self.cookies = cookies
    }

    /// Why a `Set-Cookie` was not stored (a bad domain is the user-visible one).
    public enum Rejection: Error, Sendable, Equatable, CustomStringConvertible {
        /// The `Domain` attribute does not cover the host that set it.
        case domainMismatch(domain: String, host: String)
        /// The `Domain` attribute is a top-level name (`com`): every site would get it.
        case publicSuffix(String)
        /// A `Secure` cookie from a plain http origin.
        case secureFromInsecure(String)
        /// Name and value together are over `maxSize`.
        case tooLarge(String)
        /// The URL has no host.
        case noHost

        /// One line naming the cookie's problem (never its value).
        public var description: String {
            switch self {
            case .domainMismatch(let domain, let host):
                return "ignored a cookie for domain \(domain): \(host) cannot set cookies for it"
            case .publicSuffix(let domain): return "ignored a cookie for the top-level domain \(domain)"
            case .secureFromInsecure(let name): return "ignored the Secure cookie \(name) set over plain http"
            case .tooLarge(let name): return "ignored the cookie \(name): larger than 4 KB"
            case .noHost: return "ignored a cookie from a URL without a host"
            }
        }
    }

    /// The rule without a list: a one-label domain (`com`) is a public suffix.
    public static let oneLabel: @Sendable (String) -> Bool = { !$0.contains(".") }

    /// Stores what `setCookie`, received from `url` at `now`, says (§5.3): replaces the cookie
    /// with its name, domain and path (keeping its creation time), or removes it when it has
    /// expired. Returns why it was ignored, if it was. `isPublicSuffix` says which domains
    /// belong to no one site (the engine gives it the Public Suffix List).
    @discardableResult
    public mutating func receive(
        _ setCookie: SetCookie, from url: String, now: Double, isPublicSuffix: (String) -> Bool = oneLabel
    ) -> Rejection? {
        guard let target = CookieURL(url) else { return .noHost }
        guard setCookie.name.utf8.count + setCookie.value.utf8.count <= Self.maxSize else {
            return .tooLarge(setCookie.name)
        }
        var domain = target.host
        var hostOnly = true
        if let given = setCookie.domain, !given.isEmpty {
            guard CookieURL.domainMatches(target.host, given) else {
                return .domainMismatch(domain: given, host: target.host)
            }
            if isPublicSuffix(given) {
                // A public suffix (`com`, `co.uk`) would reach every site under it; as RFC 6265
                // §5.3 step 5 says, it is kept host-only when it is the host, else refused.
                guard given == target.host else { return .publicSuffix(given) }
            } else {
                domain = given
                hostOnly = false
            }
        }
        if setCookie.secure && !target.isSecure { return .secureFromInsecure(setCookie.name) }
        var expires: Double?
        if let maxAge = setCookie.maxAge {
            expires = maxAge <= 0 ? -.infinity : now + Double(maxAge)
        } else {
            expires = setCookie.expires
        }
        let path = setCookie.path ?? target.defaultPath
        let existing = cookies.firstIndex { $0.name == setCookie.name && $0.domain == domain && $0.path == path }
        let cookie = StoredCookie(
            name: setCookie.name, value: setCookie.value, domain: domain, hostOnly: hostOnly, path: path,
            secure: setCookie.secure, httpOnly: setCookie.httpOnly, expires: expires,
            created: existing.map { cookies[$0].created } ?? now)
        if cookie.isExpired(at: now) {
            if let existing { cookies.remove(at: existing) }
            return nil
        }
        if let existing {
            cookies[existing] = cookie
        } else {
            cookies.append(cookie)
            if cookies.count > Self.limit {
                cookies.sort { $0.created < $1.created }
                cookies.removeFirst(cookies.count - Self.limit)
            }
        }
        return nil
    }

    /// The `Cookie` header value for a request to `url` at `now` (§5.4): the cookies whose
    /// domain, path and secure flag allow it, longest path first, then oldest; nil for none.
    public func header(for url: String, now: Double) -> String? {
        let matching = sendable(to: url, now: now)
        guard !matching.isEmpty else { return nil }
        return matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// The cookies `header(for:now:)` sends, in order.
    public func sendable(to url: String, now: Double) -> [StoredCookie] {
        // An empty jar (most runs) parses no URL.
        guard !cookies.isEmpty, let target = CookieURL(url) else { return [] }
        return
            cookies
            .filter { cookie in
                !cookie.isExpired(at: now)
                    && (cookie.hostOnly
                        ? target.host == cookie.domain : CookieURL.domainMatches(target.host, cookie.domain))
                    && CookieURL.pathMatches(target.path, cookie.path) && (!cookie.secure || target.isSecure)
            }
            .enumerated()
            .sorted { left, right in
                let (a, b) = (left.element, right.element)
                if a.path.utf8.count != b.path.utf8.count { return a.path.utf8.count > b.path.utf8.count }
                if a.created != b.created { return a.created < b.created }
                return left.offset < right.offset
            }
            .map(\.element)
    }

    /// Drops the cookies that have expired at `now`; returns whether any were.
    @discardableResult
    public mutating func removeExpired(now: Double) -> Bool {
        let before = cookies.count
        cookies.removeAll { $0.isExpired(at: now) }
        return cookies.count != before
    }

}
