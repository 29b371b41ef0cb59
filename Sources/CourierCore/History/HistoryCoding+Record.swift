#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension HistoryCoding {
    /// A whole record as one compact JSON document (bodies in base64), for the spool a
    /// `courier call` appends to instead of opening the database; `record(from:)` reads it.
    public static func document(_ record: HistoryRecord) -> [UInt8] {
        let exchange = record.exchange
        let request = exchange.request
        let response = exchange.response
        // Concrete types: a generic `"\(value)"` is formatted through runtime casts, each a search
        // of every protocol conformance in the binary.
        func number(_ value: Int) -> JSONValue { .number(value.description) }
        func number(_ value: Double) -> JSONValue { .number(value.description) }
        var members: [JSONMember] = [
            JSONMember("recorded_at", number(record.recordedAt.timeIntervalSince1970)),
            JSONMember("workspace", .string(exchange.origin.workspace)),
            JSONMember("environment", .string(exchange.origin.environmentName)),
            JSONMember("route", .string(exchange.origin.routeName)),
            JSONMember("method", .string(request.method.rawValue)),
            JSONMember("url", .string(request.url)),
            JSONMember("request_headers", .string(headers(request.headers))),
            JSONMember("status", number(response.status)),
            JSONMember("reason", .string(response.reason)),
            JSONMember("version", .string(response.version)),
            JSONMember("final_url", .string(response.finalURL)),
            JSONMember("response_headers", .string(headers(response.headers))),
            JSONMember("body", .string(Base64.encode(response.body))),
            JSONMember("body_size", number(response.bodySize)),
            JSONMember("total_time", number(response.totalTime)),
            JSONMember("first_byte", number(response.timeToFirstByte)),
            JSONMember("attempts", number(response.attempts)),
            JSONMember("redirects", number(response.redirectCount)),
            JSONMember("checks", .string(checks(exchange.checks))),
            JSONMember("captured", .string(strings(exchange.captured))),
            JSONMember(
                "hops", .string(hops(response.hops, requestHeaders: request.headers, responseHeaders: response.headers))
            ),
        ]
        if let run = record.run { members.append(JSONMember("run", .string(run))) }
        if let transcript = response.transcript { members.append(JSONMember("transcript", transcript.json)) }
        if let failure = record.failure { members.append(JSONMember("error", .string(failure))) }
        if let body = request.body {
            members.append(JSONMember("request_body", .string(Base64.encode(body))))
        }
        return Array(JSONValue.object(members).serialized.utf8)
    }

    /// The record of `document(_:)`; nil for bytes that are not one.
    public static func record(from bytes: [UInt8]) -> HistoryRecord? {
        guard let value = try? JSONValue.parse(bytes), case .object = value else { return nil }
        func string(_ key: String) -> String? {
            if case .string(let text)? = value[key] { return text }
            return nil
        }
        func double(_ key: String) -> Double? {
            if case .number(let literal)? = value[key] { return Double(literal) }
            return nil
        }
        func int(_ key: String) -> Int? { double(key).map { Int($0) } }
        func decoded(_ key: String) -> [UInt8]? {
            string(key).flatMap(Base64.decode)
        }
        guard let recordedAt = double("recorded_at"), let workspace = string("workspace"),
            let environment = string("environment"), let route = string("route"), let method = string("method"),
            let url = string("url"), let status = int("status"), let body = decoded("body")
        else { return nil }
        var response = HTTPResponse(
            status: status, reason: string("reason") ?? "", version: string("version") ?? "HTTP/1.1",
            headers: headers(from: string("response_headers") ?? "[]"), body: body,
            totalTime: double("total_time") ?? 0, timeToFirstByte: double("first_byte") ?? 0,
            finalURL: string("final_url") ?? url, redirectCount: int("redirects") ?? 0, attempts: int("attempts") ?? 1,
            bodySize: int("body_size") ?? body.count)
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: method), url: url, headers: headers(from: string("request_headers") ?? "[]"),
            body: decoded("request_body"))
        response.hops = hops(
            from: string("hops") ?? "[]", requestHeaders: request.headers, responseHeaders: response.headers)
        response.transcript = value["transcript"].flatMap(WebSocketTranscript.init(json:))
        var exchange = Exchange(
            request: request, response: response,
            origin: ExchangeOrigin(workspace: workspace, environmentName: environment, routeName: route),
            checks: checks(from: string("checks") ?? "[]"))
        exchange.captured = strings(from: string("captured") ?? "{}")
        return HistoryRecord(
            recordedAt: Date(timeIntervalSince1970: recordedAt), run: string("run"), exchange: exchange,
            failure: string("error"))
    }
}
