#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Recorded exchanges as an HTTP Archive (HAR 1.2, DESIGN.md §9): one entry per hop, so a
/// followed redirect is an entry of its own with its own start time, and real timings (the
/// engine knows `wait` and `receive`; what it cannot see is `-1`, as the format asks).
///
/// It takes `HistoryRecord`s, which are already masked (`HistoryRedactor`): a HAR file never
/// holds a secret value, a cookie value or a credential. Courier's own facts about an entry
/// (workspace, environment, route, run, history id) go in `_courier`, the format's custom
/// field spelling.
public struct HARExport: Sendable {
    /// The version written into `log.creator`.
    public var creatorVersion: String

    /// An exporter.
    public init(creatorVersion: String) {
        self.creatorVersion = creatorVersion
    }

    /// The whole document, pretty-printed, ending in a newline.
    @_optimize(size) public func document(_ records: [HistoryRecord]) -> [UInt8] {
        let log = JSONValue.object([
            JSONMember(
                "log",
                object([
                    ("version", .string("1.2")),
                    ("creator", object([("name", .string("Courier")), ("version", .string(creatorVersion))])),
                    ("pages", .array([])),
                    ("entries", .array(records.flatMap(entries))),
                ]))
        ])
        let compact = Array(log.serialized.utf8)
        // The serializer's own output always parses; the compact form is the fallback anyway.
        return ((try? JSONFormatter(indent: 2).format(compact)) ?? compact) + [10]
    }

    /// One entry per hop of `record`, the last one carrying the response body.
    @_optimize(size) func entries(_ record: HistoryRecord) -> [JSONValue] {
        let exchange = record.exchange
        let response = exchange.response
        let hops = response.hops.isEmpty ? [Self.onlyHop(record)] : response.hops
        return hops.enumerated().map { index, hop in
            let isLast = index == hops.count - 1
            let phases = hop.phases
            // A new connection is timed whole (see `HopPhases`) unless its lookup and handshake
            // were measured apart: `dns` and `ssl` are then -1 and `connect` holds them. HAR
            // counts `ssl` inside `connect` too (HAR 1.2, for readers of HAR 1.1).
            let dns = phases?.connect == nil ? nil : phases?.dns
            let ssl = phases?.connect == nil ? nil : phases?.tls
            var timings = object([
                ("blocked", phases.map { milliseconds($0.blocked) } ?? .number("-1")),
                ("dns", dns.map(milliseconds) ?? .number("-1")),
                ("connect", phases?.connect.map { milliseconds($0 - (dns ?? 0)) } ?? .number("-1")),
                ("ssl", ssl.map(milliseconds) ?? .number("-1")),
                ("send", milliseconds(phases?.send ?? 0)), ("wait", milliseconds(hop.wait)),
                ("receive", milliseconds(hop.receive)),
            ])
            if phases?.connect != nil, dns == nil, case .object(var members) = timings {
                members.append(JSONMember("comment", .string("connect includes the DNS lookup and the TLS handshake")))
                timings = .object(members)
            }
            var courier: [(String, JSONValue)] = [
                ("workspace", .string(exchange.origin.workspace)),
                ("environment", .string(exchange.origin.environmentName)),
                ("route", .string(exchange.origin.routeName)),
            ]
            if let id = record.id { courier.append(("history_id", .number(String(id)))) }
            if let run = record.run { courier.append(("run", .string(run))) }
            var entry: [(String, JSONValue)] = [
                ("startedDateTime", .string(hop.startedAt.formatted(Self.timestamp))),
                ("time", milliseconds(HopPhases.total(hop))),
                ("request", request(hop, body: hop.sentBody ? exchange.request.body : nil)),
                ("response", self.response(hop, body: isLast ? response.body : nil)),
                ("cache", .object([])),
                ("timings", timings),
                ("_courier", object(courier)),
            ]
            // An attempt that got no answer: status 0 and `_error`, as Chrome's HAR has them.
            if let failure = record.failure { entry.append(("_error", .string(failure))) }
            // A WebSocket's messages as Chrome writes them, on the upgrade's entry.
            if isLast, let transcript = response.transcript {
                entry.append(("_resourceType", .string("websocket")))
                entry.append(("_webSocketMessages", transcript.harMessages))
            }
            return object(entry)
        }
    }

    @_optimize(size) private func request(_ hop: ExchangeHop, body: [UInt8]?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("method", .string(hop.method.rawValue)),
            ("url", .string(hop.url)),
            ("httpVersion", .string(hop.version)),
            ("cookies", cookies(hop.requestHeaders, named: "cookie")),
            ("headers", headers(hop.requestHeaders)),
            ("queryString", .array(Self.query(of: hop.url).map { pair($0.name, $0.value) })),
            ("headersSize", .number("-1")),
            ("bodySize", .number(String(body?.count ?? 0))),
        ]
        if let body {
            members.append(
                (
                    "postData",
                    object([
                        ("mimeType", .string(hop.requestHeaders.value(for: "Content-Type") ?? "")),
                        ("text", .string(String(decoding: body, as: UTF8.self))),
                    ])
                ))
        }
        return object(members)
    }

    @_optimize(size) private func response(_ hop: ExchangeHop, body: [UInt8]?) -> JSONValue {
        var content: [(String, JSONValue)] = [
            ("size", .number(String(hop.bodySize))),
            ("mimeType", .string(hop.responseHeaders.value(for: "Content-Type") ?? "")),
        ]
        if let body, !body.isEmpty {
            if let text = String(validating: body, as: UTF8.self) {
                content.append(("text", .string(text)))
            } else {
                content.append(("text", .string(Base64.encode(body))))
                content.append(("encoding", .string("base64")))
            }
            if body.count < hop.bodySize {
                content.append(("comment", .string("the first \(body.count) bytes of \(hop.bodySize), as recorded")))
            }
        }
        let encoded = hop.responseHeaders.value(for: "Content-Encoding") != nil
        return object([
            ("status", .number(String(hop.status))),
            ("statusText", .string(hop.reason)),
            ("httpVersion", .string(hop.version)),
            ("cookies", cookies(hop.responseHeaders, named: "set-cookie")),
            ("headers", headers(hop.responseHeaders)),
            ("content", object(content)),
            (
                "redirectURL",
                .string((300..<400).contains(hop.status) ? hop.responseHeaders.value(for: "Location") ?? "" : "")
            ),
            ("headersSize", .number("-1")),
            // On the wire a compressed body is smaller than its decoded size, which is all Courier keeps.
            ("bodySize", .number(encoded ? "-1" : String(hop.bodySize))),
        ])
    }

    /// The hop of an exchange recorded without hops: its times rebuilt from the totals.
    @_optimize(size) static func onlyHop(_ record: HistoryRecord) -> ExchangeHop {
        let exchange = record.exchange
        let response = exchange.response
        return ExchangeHop(
            method: exchange.request.method, url: response.finalURL.isEmpty ? exchange.request.url : response.finalURL,
            requestHeaders: exchange.request.headers, sentBody: exchange.request.body != nil, status: response.status,
            reason: response.reason, version: response.version, responseHeaders: response.headers,
            bodySize: response.bodySize, startedAt: record.recordedAt.addingTimeInterval(-response.totalTime),
            wait: response.timeToFirstByte, receive: max(0, response.totalTime - response.timeToFirstByte))
    }

    /// `name=value` pairs of a URL's query, percent-decoded (`+` kept, as HAR viewers show it).
    @_optimize(size) static func query(of url: String) -> [(name: String, value: String)] {
        guard let start = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: start)...].prefix { $0 != "#" }
        return query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in PercentEncoding.decoded(String(text)) ?? String(text) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The cookies of the `Cookie` (every pair) or `Set-Cookie` (the first pair of each) headers.
    @_optimize(size) private func cookies(_ fields: [HeaderField], named header: String) -> JSONValue {
        var found: [JSONValue] = []
        for field in fields where field.name.lowercased() == header {
            let pairs = field.value.split(separator: ";")
            for text in header == "cookie" ? pairs : Array(pairs.prefix(1)) {
                let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingWhitespace()
                guard !name.isEmpty else { continue }
                found.append(pair(name, parts.count > 1 ? String(parts[1]) : ""))
            }
        }
        return .array(found)
    }

    @_optimize(size) private func headers(_ fields: [HeaderField]) -> JSONValue {
        .array(fields.map { pair($0.name, $0.value) })
    }

    @_optimize(size) private func pair(_ name: String, _ value: String) -> JSONValue {
        object([("name", .string(name)), ("value", .string(value))])
    }

    @_optimize(size) private func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember($0.0, $0.1) })
    }

    /// Seconds as milliseconds with three decimals, never negative.
    @_optimize(size) private func milliseconds(_ seconds: Double) -> JSONValue {
        // In thousandths of a millisecond, rounded, then written with its three decimals.
        let thousandths = Int64(min(max(0, seconds) * 1_000_000, 9e15).rounded())
        let fraction = String(thousandths % 1000)
        return .number("\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction)
    }

    /// `2026-11-23T18:04:05.123Z`: HAR wants ISO 8601 with fractional seconds.
    private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
