#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A proxy to send through: an HTTP proxy (CONNECT for https, and for http too, as
/// AsyncHTTPClient tunnels every request) or a SOCKS5 proxy, with optional credentials.
public struct ProxySetting: Sendable, Equatable, Hashable {
    /// The proxy's protocol.
    public enum Kind: String, Sendable, Equatable, Hashable {
        case http
        case socks5
    }

    /// HTTP or SOCKS5.
    public var kind: Kind
    /// Host name or address.
    public var host: String
    /// Port (default 1080 for SOCKS5, else 80 for `http://`).
    public var port: Int
    /// `user` of `user:pass@`, percent-decoded.
    public var username: String?
    /// `pass` of `user:pass@`, percent-decoded.
    public var password: String?

    /// A proxy.
    public init(kind: Kind, host: String, port: Int, username: String? = nil, password: String? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.username = username
        self.password = password
    }

    /// Reads `http://[user:pass@]host[:port][/]` (also `https://`, which curl treats the same
    /// way for the proxy hop when the proxy does not speak TLS; Courier does not do TLS to
    /// the proxy) or `socks5://` / `socks5h://`. A bare `host:port` is HTTP, as curl reads it.
    public static func parse(_ text: String) -> ProxySetting? {
        var rest = Substring(text.trimmingWhitespace())
        var kind = Kind.http
        if let marker = rest.firstRange(ofText: "://") {
            switch rest[..<marker.lowerBound].lowercased() {
            case "http", "https": kind = .http
            case "socks5", "socks5h": kind = .socks5
            default: return nil
            }
            rest = rest[marker.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") {
            guard rest[slash...].allSatisfy({ $0 == "/" }) else { return nil }
            rest = rest[..<slash]
        }
        var username: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                username = Self.decode(credentials[..<colon])
                password = Self.decode(credentials[credentials.index(after: colon)...])
            } else {
                username = Self.decode(credentials)
            }
        }
        var host = String(rest)
        var port = kind == .socks5 ? 1080 : 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()), (1...65535).contains(number) else { return nil }
                port = number
            } else if !after.isEmpty {
                return nil
            }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            guard let number = Int(host[host.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
            host = String(host[..<colon])
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" || $0 == "@" }) else { return nil }
        return ProxySetting(kind: kind, host: host, port: port, username: username, password: password)
    }

    /// `socks5://host:port` or `http://user:•••@host:port`: the password never shows.
    public var masked: String {
        var text = kind == .socks5 ? "socks5://" : "http://"
        if let username {
            text += username + (password == nil ? "" : ":" + SecretMask.mask) + "@"
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return text + shownHost + ":\(port)"
    }

    private static func decode(_ text: Substring) -> String {
        PercentEncoding.decoded(String(text)) ?? String(text)
    }
}
