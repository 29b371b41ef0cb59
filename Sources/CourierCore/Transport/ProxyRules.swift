#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which proxy a URL goes through (DESIGN.md §10): the environment's own `"proxy"` when it has
/// one (`""` for none), else the process environment as curl reads it: `https_proxy` /
/// `HTTPS_PROXY` for https URLs, `http_proxy` / `HTTP_PROXY` for http URLs, `all_proxy` /
/// `ALL_PROXY` for either, the lower-case name winning; `no_proxy` / `NO_PROXY` lists hosts
/// and domains (or `*`) that go direct. Decided per hop, so a redirect to another host is
/// decided again.
public struct ProxyRules: Sendable, Equatable, Hashable {
    /// The environment's own proxy, when it sets one; `.some(nil)` is `"proxy": ""`.
    public var explicit: ProxySetting??
    /// For https URLs (from the process environment).
    public var https: ProxySetting?
    /// For http URLs (from the process environment).
    public var http: ProxySetting?
    /// Hosts and domains that go direct.
    public var noProxy: [String]

    /// No proxy at all.
    public init(
        explicit: ProxySetting?? = nil, https: ProxySetting? = nil, http: ProxySetting? = nil, noProxy: [String] = []
    ) {
        self.explicit = explicit
        self.https = https
        self.http = http
        self.noProxy = noProxy
    }

    /// The rules for an environment whose `"proxy"` is `environmentProxy` in a process with
    /// `variables`.
    public init(environmentProxy: String?, variables: [String: String]) {
        self.init()
        if let environmentProxy {
            explicit = .some(environmentProxy.isEmpty ? nil : ProxySetting.parse(environmentProxy))
            return
        }
        func variable(_ name: String) -> String? {
            for key in [name.lowercased(), name.uppercased()] {
                if let value = variables[key], !value.isEmpty { return value }
            }
            return nil
        }
        let all = variable("all_proxy").flatMap(ProxySetting.parse)
        https = variable("https_proxy").flatMap(ProxySetting.parse) ?? all
        http = variable("http_proxy").flatMap(ProxySetting.parse) ?? all
        noProxy = (variable("no_proxy") ?? "").split(separator: ",").map {
            $0.trimmingWhitespace().lowercased()
        }.filter { !$0.isEmpty }
    }

    /// The passwords of every proxy these rules may use, and `user:password` of each (the
    /// Basic credential sent to the proxy is its base64).
    public var credentials: [String] {
        [explicit ?? nil, https, http].compactMap { $0 }.flatMap { proxy -> [String] in
            guard let password = proxy.password, !password.isEmpty else { return [] }
            return [password, (proxy.username ?? "") + ":" + password]
        }
    }

    /// The proxy for `url`, or nil to connect directly.
    public func proxy(for url: String) -> ProxySetting? {
        if let explicit { return explicit }
        // No proxy in the process environment (most runs): no URL to parse.
        guard http != nil || https != nil, let (scheme, host) = Self.schemeAndHost(url) else { return nil }
        let chosen = scheme == "https" ? https : http
        guard let chosen, !Self.isLoopback(host), !bypasses(host) else { return nil }
        return chosen
    }

    /// `localhost`, `127.x.x.x` and `::1` never go through a proxy from the process
    /// environment (as Go's and Python's clients decide): a proxy cannot reach this machine's
    /// loopback, and the demo deployments live there. An environment's own `"proxy"` still applies.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimming { $0 == "[" || $0 == "]" }
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    /// `true` when `host` matches a `no_proxy` entry: `*`, the host itself, or a domain it is in
    /// (`example.com` and `.example.com` both cover `api.example.com`). A port on an entry is
    /// ignored, as curl does for names.
    public func bypasses(_ host: String) -> Bool {
        let host = host.lowercased().trimming { $0 == "[" || $0 == "]" }
        for entry in noProxy {
            if entry == "*" { return true }
            var name = entry
            if name.hasPrefix("[") {
                name = String(name.dropFirst().prefix { $0 != "]" })
            } else if name.filter({ $0 == ":" }).count == 1, let colon = name.firstIndex(of: ":") {
                name = String(name[..<colon])
            }
            if name.hasPrefix(".") { name.removeFirst() }
            if host == name || host.hasSuffix("." + name) { return true }
        }
        return false
    }

    /// `("https", "api.example.com")` of a URL.
    static func schemeAndHost(_ url: String) -> (String, String)? {
        URLParts(url).map { ($0.scheme, $0.host) }
    }
}
