import CourierCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a request goes over the engine's own connections (`WirePool`), and what its request
/// line and `Host` say; nil for a request AsyncHTTPClient sends instead.
///
/// `http://` and `https://` without a proxy. AsyncHTTPClient's pool and state machines were
/// most of what a check run of a loopback server cost (raw NIO ran 1.7× its rate), and its
/// connections cannot say when TCP was up or how long TLS took. Over TLS, ALPN picks HTTP/2
/// or HTTP/1.1 as it did there. Proxies, streamed uploads and URLs with user info stay with
/// AsyncHTTPClient.
struct WireTarget: Sendable, Equatable {
    /// The host to connect to: a name, an IPv4 address, or an IPv6 address without brackets.
    var host: String
    var port: Int
    /// `https`: TLS, then HTTP/2 or HTTP/1.1 as ALPN settles it.
    var secure: Bool
    /// `/path?query`, as the request line carries it.
    var requestTarget: String
    /// What the `Host` header says when the request has none (the port only when not 80).
    var hostHeader: String

    /// Where its connections go in the pool.
    var origin: WirePool.Origin { WirePool.Origin(host: host, port: port, secure: secure) }

    /// Off for `scripts/bench.sh` only, which measures AsyncHTTPClient's rate beside this one
    /// with the same binary (`COURIER_NO_WIRE=1`).
    static let enabled = getenv("COURIER_NO_WIRE") == nil

    /// The target of `url`, when a request to it with `proxy` and `streamed` upload goes over
    /// the wire; nil otherwise, or when any part holds a byte that a request line cannot
    /// carry as written (AsyncHTTPClient then refuses or encodes it, as before).
    /// `always`: whatever `enabled` says (a WebSocket has no other way).
    init?(_ url: String, proxy: ProxySetting?, streamed: Bool, always: Bool = false) {
        guard Self.enabled || always, proxy == nil, !streamed, let parts = URLParts(url), parts.userinfo == nil else {
            return nil
        }
        switch parts.scheme {
        case "http": secure = false
        case "https": secure = true
        default: return nil
        }
        let isIPv6 = parts.host.contains(":")
        guard parts.host.utf8.allSatisfy({ Self.isHostByte($0, ipv6: isIPv6) }) else { return nil }
        if let written = parts.port {
            guard written.utf8.count <= 5, written.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let number = Int(written), (1...65_535).contains(number)
            else {
                return nil
            }
            port = number
        } else {
            port = secure ? 443 : 80
        }
        let target = parts.requestTarget
        guard target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        host = parts.host
        requestTarget = target
        let named = isIPv6 ? "[\(parts.host)]" : parts.host
        hostHeader = port == (secure ? 443 : 80) ? named : "\(named):\(port)"
    }

    /// Letters, digits, `.` and `-` (and `:` in an IPv6 address): a name with anything else
    /// (an international name, a zone index) is left to AsyncHTTPClient.
    private static func isHostByte(_ byte: UInt8, ipv6: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            return true
        case UInt8(ascii: ":"): return ipv6
        default: return false
        }
    }
}
