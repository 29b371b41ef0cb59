#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the parts of a recorded exchange that are lists are kept in the database: as JSON
/// text, written and read with Courier's own JSON engine (so the store needs no Codable).
/// They are written straight into bytes (`JSONWriter`): a run records every exchange.
public enum HistoryCoding {
    /// `[["Name", "value"], …]`, order and repeats kept.
    public static func headers(_ fields: [HeaderField]) -> String {
        var out = JSONWriter()
        write(fields, to: &out)
        return out.text
    }

    /// The fields of `headers(_:)`; nothing for text that is not that shape.
    public static func headers(from text: String) -> [HeaderField] {
        fields(try? JSONValue.parse(text))
    }

    /// `[{"check": …, "passed": …, "message"?, "expected"?, "actual"?}, …]`.
    public static func checks(_ results: [CheckResult]) -> String {
        var out = JSONWriter()
        out.openArray()
        for result in results {
            out.openObject()
            out.member("check", result.check)
            out.member("passed", result.passed)
            out.member("message", result.message)
            out.member("expected", result.expected)
            out.member("actual", result.actual)
            out.closeObject()
        }
        out.closeArray()
        return out.text
    }

    /// The results of `checks(_:)`.
    public static func checks(from text: String) -> [CheckResult] {
        guard case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { item in
            guard case .string(let check)? = item["check"], case .bool(let passed)? = item["passed"] else { return nil }
            func string(_ key: String) -> String? {
                if case .string(let value)? = item[key] { return value }
                return nil
            }
            return CheckResult(
                check: check, passed: passed, message: string("message"), expected: string("expected"),
                actual: string("actual"))
        }
    }

    /// `[{"method", "url", "request_headers", "sent_body", "status", "reason", "version",
    /// "response_headers", "body_size", "started_at", "wait", "receive"}, …]`; times in seconds,
    /// with `"blocked"`, `"connect"` (null over a connection kept alive), `"send"` (and `"dns"` and
    /// `"tls"`, the parts of `connect` the lookup and the handshake took, when measured apart) when the
    /// hop's phases were measured. A hop's headers equal to `requestHeaders` or
    /// `responseHeaders` (the record's own, kept beside them: the one hop of most exchanges) are
    /// left out, and `hops(from:requestHeaders:responseHeaders:)` puts them back.
    public static func hops(
        _ hops: [ExchangeHop], requestHeaders: [HeaderField]? = nil, responseHeaders: [HeaderField]? = nil
    ) -> String {
        var out = JSONWriter(capacity: 512)
        out.openArray()
        for hop in hops {
            out.openObject()
            out.member("method", hop.method.rawValue)
            out.member("url", hop.url)
            if hop.requestHeaders != requestHeaders {
                out.key("request_headers")
                write(hop.requestHeaders, to: &out)
            }
            out.member("sent_body", hop.sentBody)
            out.member("status", hop.status)
            out.member("reason", hop.reason)
            out.member("version", hop.version)
            if hop.responseHeaders != responseHeaders {
                out.key("response_headers")
                write(hop.responseHeaders, to: &out)
            }
            out.member("body_size", hop.bodySize)
            out.member("started_at", hop.startedAt.timeIntervalSince1970)
            out.member("wait", hop.wait)
            out.member("receive", hop.receive)
            if let phases = hop.phases {
                out.member("blocked", phases.blocked)
                out.key("connect")
                if let connect = phases.connect { out.number(connect) } else { out.null() }
                out.member("send", phases.send)
                if let dns = phases.dns { out.member("dns", dns) }
                if let tls = phases.tls { out.member("tls", tls) }
            }
            out.closeObject()
        }
        out.closeArray()
        return out.text
    }

    /// The hops of `hops(_:)`, written with no headers left out; an entry of another shape is
    /// left out.
    public static func hops(from text: String) -> [ExchangeHop] {
        hops(from: text, requestHeaders: [], responseHeaders: [])
    }

    /// The hops of `hops(_:requestHeaders:responseHeaders:)`, the headers it left out put
    /// back; an entry of another shape is left out.
    public static func hops(from text: String, requestHeaders: [HeaderField], responseHeaders: [HeaderField])
        -> [ExchangeHop]
    {
        guard case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { item in
            func string(_ key: String) -> String? {
                if case .string(let value)? = item[key] { return value }
                return nil
            }
            func number(_ key: String) -> Double? {
                if case .number(let literal)? = item[key] { return Double(literal) }
                return nil
            }
            guard let method = string("method"), let url = string("url"), let status = number("status"),
                let started = number("started_at"), case .bool(let sentBody)? = item["sent_body"]
            else { return nil }
            return ExchangeHop(
                method: HTTPMethod(rawValue: method), url: url,
                requestHeaders: item["request_headers"].map { fields($0) } ?? requestHeaders,
                sentBody: sentBody, status: Int(status), reason: string("reason") ?? "",
                version: string("version") ?? "HTTP/1.1",
                responseHeaders: item["response_headers"].map { fields($0) } ?? responseHeaders,
                bodySize: Int(number("body_size") ?? 0), startedAt: Date(timeIntervalSince1970: started),
                wait: number("wait") ?? 0, receive: number("receive") ?? 0,
                phases: number("send").map { send in
                    HopPhases(
                        blocked: number("blocked") ?? 0, connect: number("connect"), send: send, dns: number("dns"),
                        tls: number("tls"))
                })
        }
    }

    private static func write(_ fields: [HeaderField], to out: inout JSONWriter) {
        out.openArray()
        for field in fields {
            out.openArray()
            out.string(field.name)
            out.string(field.value)
            out.closeArray()
        }
        out.closeArray()
    }

    private static func fields(_ value: JSONValue?) -> [HeaderField] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { item in
            guard case .array(let pair) = item, pair.count == 2, case .string(let name) = pair[0],
                case .string(let value) = pair[1]
            else { return nil }
            return HeaderField(name, value)
        }
    }

    /// `{"name": "value", …}`, names sorted.
    public static func strings(_ values: [String: String]) -> String {
        var out = JSONWriter()
        out.openObject()
        for key in values.keys.sorted() { out.member(key, values[key]) }
        out.closeObject()
        return out.text
    }

    /// The map of `strings(_:)`.
    public static func strings(from text: String) -> [String: String] {
        guard case .object(let members)? = try? JSONValue.parse(text) else { return [:] }
        var values: [String: String] = [:]
        for member in members {
            if case .string(let value) = member.value { values[member.key] = value }
        }
        return values
    }

    /// The transcript in history's `transcript` column; nil for none or for text that is not one.
    public static func transcript(from text: String?) -> WebSocketTranscript? {
        guard let text, let value = try? JSONValue.parse(text) else { return nil }
        return WebSocketTranscript(json: value)
    }
}
