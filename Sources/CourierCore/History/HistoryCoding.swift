#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How the parts of a recorded exchange that are lists are kept in the database: as JSON
/// text, written and read with Courier's own JSON engine (so the store needs no Codable).
public enum HistoryCoding {
    /// `[["Name", "value"], …]`, order and repeats kept.
    public static func headers(_ fields: [HeaderField]) -> String {
        Self.fields(fields).serialized
    }

    /// The fields of `headers(_:)`; nothing for text that is not that shape.
    public static func headers(from text: String) -> [HeaderField] {
        fields(try? JSONValue.parse(text))
    }

    /// `[{"check": …, "passed": …, "message"?, "expected"?, "actual"?}, …]`.
    public static func checks(_ results: [CheckResult]) -> String {
        JSONValue.array(
            results.map { result in
                var members = [JSONMember("check", .string(result.check)), JSONMember("passed", .bool(result.passed))]
                if let message = result.message { members.append(JSONMember("message", .string(message))) }
                if let expected = result.expected { members.append(JSONMember("expected", .string(expected))) }
                if let actual = result.actual { members.append(JSONMember("actual", .string(actual))) }
                return .object(members)
            }
        ).serialized
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
    /// with `"blocked"`, `"connect"` (null over a connection kept alive), `"send"` (and `"dns"`,
    /// the part of `connect` the lookup took, when measured apart) when the
    /// hop's phases were measured.
    public static func hops(_ hops: [ExchangeHop]) -> String {
        JSONValue.array(
            hops.map { hop in
                .object(
                    [
                        JSONMember("method", .string(hop.method.rawValue)), JSONMember("url", .string(hop.url)),
                        JSONMember("request_headers", fields(hop.requestHeaders)),
                        JSONMember("sent_body", .bool(hop.sentBody)), JSONMember("status", .number(String(hop.status))),
                        JSONMember("reason", .string(hop.reason)), JSONMember("version", .string(hop.version)),
                        JSONMember("response_headers", fields(hop.responseHeaders)),
                        JSONMember("body_size", .number(String(hop.bodySize))),
                        JSONMember("started_at", .number(String(hop.startedAt.timeIntervalSince1970))),
                        JSONMember("wait", .number(String(hop.wait))),
                        JSONMember("receive", .number(String(hop.receive))),
                    ] + phases(hop.phases))
            }
        ).serialized
    }

    /// The hops of `hops(_:)`; an entry of another shape is left out.
    public static func hops(from text: String) -> [ExchangeHop] {
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
                method: HTTPMethod(rawValue: method), url: url, requestHeaders: fields(item["request_headers"]),
                sentBody: sentBody, status: Int(status), reason: string("reason") ?? "",
                version: string("version") ?? "HTTP/1.1", responseHeaders: fields(item["response_headers"]),
                bodySize: Int(number("body_size") ?? 0), startedAt: Date(timeIntervalSince1970: started),
                wait: number("wait") ?? 0, receive: number("receive") ?? 0,
                phases: number("send").map { send in
                    HopPhases(
                        blocked: number("blocked") ?? 0, connect: number("connect"), send: send, dns: number("dns"))
                })
        }
    }

    private static func phases(_ phases: HopPhases?) -> [JSONMember] {
        guard let phases else { return [] }
        return [
            JSONMember("blocked", .number(String(phases.blocked))),
            JSONMember("connect", phases.connect.map { .number(String($0)) } ?? .null),
            JSONMember("send", .number(String(phases.send))),
        ] + (phases.dns.map { [JSONMember("dns", .number(String($0)))] } ?? [])
    }

    private static func fields(_ fields: [HeaderField]) -> JSONValue {
        .array(fields.map { .array([.string($0.name), .string($0.value)]) })
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
        JSONValue.object(values.keys.sorted().map { JSONMember($0, .string(values[$0] ?? "")) }).serialized
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
}
