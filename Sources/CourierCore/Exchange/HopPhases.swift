/// What a hop spent before its request went out and while sending it, beside the hop's own
/// `wait` (request sent → first byte) and `receive` (first byte → last byte).
///
/// AsyncHTTPClient makes its connections out of sight: a new connection is timed whole, from
/// asking for it to its TLS handshake done, so `connect` holds the host name lookup, TCP and
/// TLS together (HAR's `dns` and `ssl` stay -1, "not measured apart"). The engine's own
/// connections (plain HTTP) also say how much of `connect` the lookup took. See DECISIONS.
public struct HopPhases: Sendable, Equatable {
    /// Seconds the request waited before its first byte was written: for a connection kept
    /// alive, its turn; for a new one, the moment between the handshake and the write.
    public var blocked: Double
    /// Seconds to open the connection the hop made (lookup, TCP, TLS; a proxy's tunnel too);
    /// nil when it went over a connection kept alive from an earlier request.
    public var connect: Double?
    /// Seconds of `connect` spent looking up the host's addresses, when the connection measured
    /// them apart (a host given as an address takes none); nil otherwise.
    public var dns: Double?
    /// Seconds of `connect` spent on the TLS handshake, when the connection measured it apart;
    /// nil otherwise (plain HTTP, or a connection that timed its opening whole).
    public var tls: Double?
    /// Seconds from the first byte of the request written to its last handed to the system.
    public var send: Double

    /// Phases.
    public init(blocked: Double = 0, connect: Double? = nil, send: Double = 0, dns: Double? = nil, tls: Double? = nil) {
        self.blocked = blocked
        self.connect = connect
        self.send = send
        self.dns = dns
        self.tls = tls
    }

    /// The phases of `hop` with their lengths in seconds, in the order they happen; a hop
    /// measured without a breakdown has only `wait` (connecting included) and `receive`; a
    /// lookup measured apart is `dns`, a handshake measured apart `tls`, and `connect` the rest
    /// of opening the connection (TCP).
    public static func lengths(_ hop: ExchangeHop) -> [(name: String, seconds: Double)] {
        guard let phases = hop.phases else { return [("wait", hop.wait), ("receive", hop.receive)] }
        var parts: [(name: String, seconds: Double)] = []
        if let connect = phases.connect {
            let dns = phases.dns.map { min($0, connect) }
            let tls = phases.tls.map { min($0, connect - (dns ?? 0)) }
            if let dns { parts.append(("dns", dns)) }
            parts.append(("connect", max(0, connect - (dns ?? 0) - (tls ?? 0))))
            if let tls { parts.append(("tls", tls)) }
        }
        parts.append(("blocked", phases.blocked))
        parts += [("send", phases.send), ("wait", hop.wait), ("receive", hop.receive)]
        return parts
    }

    /// Seconds the whole hop took: its phases together.
    public static func total(_ hop: ExchangeHop) -> Double {
        lengths(hop).reduce(0) { $0 + $1.seconds }
    }

    /// One line for `courier call --timing`: `GET https://host/path  dns 1.2 ms · connect
    /// 2.1 ms (new connection) · tls 8.4 ms · send 0.1 ms · wait 41.0 ms · receive 3.2 ms ·
    /// 56.0 ms in all`.
    public static func line(_ hop: ExchangeHop) -> String {
        var parts: [String] = []
        if let phases = hop.phases {
            if let connect = phases.connect {
                // An address takes no lookup (0), and a cached name's few microseconds are noise:
                // under 0.05 ms it is left out, as `blocked` is.
                if let dns = phases.dns, dns >= 0.000_05 { parts.append("dns \(milliseconds(dns))") }
                parts.append(
                    "connect \(milliseconds(connect - (phases.dns ?? 0) - (phases.tls ?? 0))) (new connection)")
                if let tls = phases.tls { parts.append("tls \(milliseconds(tls))") }
            } else {
                parts.append("connect 0 (kept alive)")
            }
            if phases.blocked >= 0.000_05 { parts.append("blocked \(milliseconds(phases.blocked))") }
            parts.append("send \(milliseconds(phases.send))")
        }
        parts += ["wait \(milliseconds(hop.wait))", "receive \(milliseconds(hop.receive))"]
        return "\(hop.method.rawValue) \(hop.url)  " + parts.joined(separator: " · ")
            + " · \(milliseconds(total(hop))) in all"
    }

    /// `41.0 ms`, `0.12 ms`, `1.52 s`.
    public static func milliseconds(_ seconds: Double) -> String {
        let value = max(0, seconds) * 1000
        if value >= 1000 { return Seconds.fixed(value / 1000, places: 2) + " s" }
        return Seconds.fixed(value, places: value < 1 ? 2 : 1) + " ms"
    }
}
