import Foundation
import Testing

@testable import CourierCore

@Suite("Exchanges exported as HAR 1.2")
struct HARExportTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000.125)

    /// A POST answered by a 307 (the body goes again) and then a 200 with a JSON body.
    private func redirected(body: [UInt8] = Array(#"{"ok":true}"#.utf8)) -> HistoryRecord {
        let request = HTTPRequest(
            method: .post, url: "http://api.test/v1/login?next=%2Fhome&x",
            headers: [HeaderField("Content-Type", "application/json"), HeaderField("Cookie", "a=1; b=2")],
            body: Array(#"{"user":"pablo"}"#.utf8))
        var response = HTTPResponse(
            status: 200, reason: "OK", version: "HTTP/2.0",
            headers: [HeaderField("Content-Type", "application/json"), HeaderField("Set-Cookie", "s=9; Path=/")],
            body: body, totalTime: 0.040, timeToFirstByte: 0.020, finalURL: "http://api.test/v2/login",
            redirectCount: 1)
        response.hops = [
            ExchangeHop(
                method: .post, url: request.url, requestHeaders: request.headers, sentBody: true, status: 307,
                reason: "Temporary Redirect", version: "HTTP/2.0",
                responseHeaders: [HeaderField("Location", "/v2/login")], startedAt: start, wait: 0.0105,
                receive: 0.0005,
                phases: HopPhases(blocked: 0.000_2, connect: 0.003, send: 0.000_1)),
            ExchangeHop(
                method: .post, url: "http://api.test/v2/login", requestHeaders: request.headers, sentBody: true,
                status: 200, reason: "OK", version: "HTTP/2.0", responseHeaders: response.headers, bodySize: 11,
                startedAt: start.addingTimeInterval(0.011), wait: 0.02, receive: 0.008,
                phases: HopPhases(blocked: 0.000_1, send: 0.000_4)),
        ]
        response.bodySize = 11
        return HistoryRecord(
            id: 7, recordedAt: start.addingTimeInterval(0.04), run: "smoke",
            exchange: Exchange(
                request: request, response: response,
                origin: ExchangeOrigin(workspace: "/w.json", environmentName: "staging", routeName: "auth.login")))
    }

    private func entries(_ records: [HistoryRecord]) throws -> [JSONValue] {
        let document = try JSONValue.parse(HARExport(creatorVersion: "9.9").document(records))
        #expect(document["log"]?["version"] == .string("1.2"))
        #expect(document["log"]?["creator"]?["name"] == .string("Courier"))
        guard case .array(let entries)? = document["log"]?["entries"] else { return [] }
        return entries
    }

    @Test("a lookup measured apart is dns, and connect the rest of connecting; no comment then")
    func dnsApart() throws {
        var record = redirected()
        record.exchange.response.hops[0].phases = HopPhases(blocked: 0.000_2, connect: 0.003, send: 0.000_1, dns: 0.001)
        let entries = try entries([record])
        try #require(entries.count == 2)
        let timings = ["blocked", "dns", "connect", "ssl", "send"].map { entries[0]["timings"]?[$0] }
        #expect(timings == ["0.200", "1.000", "2.000", "-1", "0.100"].map { .number($0) })
        #expect(entries[0]["time"] == .number("14.300"))
        #expect(entries[0]["timings"]?["comment"] == nil)
    }

    @Test("a handshake measured apart is ssl, and connect still holds it (HAR 1.2)")
    func sslApart() throws {
        var record = redirected()
        record.exchange.response.hops[0].phases = HopPhases(
            blocked: 0.000_2, connect: 0.009, send: 0.000_1, dns: 0.001, tls: 0.006)
        let entries = try entries([record])
        try #require(entries.count == 2)
        let timings = ["blocked", "dns", "connect", "ssl", "send"].map { entries[0]["timings"]?[$0] }
        #expect(timings == ["0.200", "1.000", "8.000", "6.000", "0.100"].map { .number($0) })
        // `time` adds the phases up without `ssl`, which `connect` holds.
        #expect(entries[0]["time"] == .number("20.300"))
        #expect(entries[0]["timings"]?["comment"] == nil)
    }

    @Test("one entry per hop, each with its own start, timings in milliseconds and the real HTTP version")
    func hops() throws {
        let entries = try entries([redirected()])
        try #require(entries.count == 2)
        #expect(
            entries.map { $0["startedDateTime"] } == [
                .string("2027-01-15T08:00:00.125Z"), .string("2027-01-15T08:00:00.136Z"),
            ])
        #expect(entries.map { $0["response"]?["status"] } == [.number("307"), .number("200")])
        #expect(entries[0]["response"]?["redirectURL"] == .string("/v2/login"))
        #expect(entries[1]["response"]?["redirectURL"] == .string(""))
        #expect(
            entries[0]["timings"]?["wait"] == .number("10.500") && entries[0]["timings"]?["receive"] == .number("0.500")
        )
        // The first hop opened its connection (DNS and TLS inside `connect`), the second reused it.
        let timings = entries.map { entry in ["blocked", "dns", "connect", "ssl", "send"].map { entry["timings"]?[$0] }
        }
        #expect(timings[0] == ["0.200", "-1", "3.000", "-1", "0.100"].map { .number($0) })
        #expect(timings[1] == ["0.100", "-1", "-1", "-1", "0.400"].map { .number($0) })
        #expect(entries.map { $0["time"] } == [.number("14.300"), .number("28.500")])
        #expect(entries[0]["timings"]?["comment"] == .string("connect includes the DNS lookup and the TLS handshake"))
        #expect(entries[1]["timings"]?["comment"] == nil)
        #expect(entries[1]["request"]?["httpVersion"] == .string("HTTP/2.0"))
        #expect(entries[1]["request"]?["url"] == .string("http://api.test/v2/login"))
        // The body went with both hops (307 keeps it); only the last response carries content.
        for entry in entries {
            #expect(entry["request"]?["postData"]?["text"] == .string(#"{"user":"pablo"}"#))
            #expect(entry["request"]?["postData"]?["mimeType"] == .string("application/json"))
            #expect(
                entry["_courier"]?["route"] == .string("auth.login") && entry["_courier"]?["run"] == .string("smoke"))
        }
        #expect(entries[0]["response"]?["content"]?["text"] == nil)
        #expect(entries[1]["response"]?["content"]?["text"] == .string(#"{"ok":true}"#))
        #expect(entries[1]["response"]?["content"]?["size"] == .number("11"))
    }

    @Test("query strings and cookies are listed by name; binary content is base64; a cut body says so")
    func details() throws {
        let entries = try entries([redirected(body: [0xFF, 0x00, 0x41])])
        let request = try #require(entries.first?["request"])
        #expect(
            request["queryString"]
                == .array([
                    .object([JSONMember("name", .string("next")), JSONMember("value", .string("/home"))]),
                    .object([JSONMember("name", .string("x")), JSONMember("value", .string(""))]),
                ]))
        #expect(
            request["cookies"]
                == .array([
                    .object([JSONMember("name", .string("a")), JSONMember("value", .string("1"))]),
                    .object([JSONMember("name", .string("b")), JSONMember("value", .string("2"))]),
                ]))
        let response = try #require(entries.last?["response"])
        #expect(
            response["cookies"]
                == .array([.object([JSONMember("name", .string("s")), JSONMember("value", .string("9"))])]))
        #expect(
            response["content"]?["text"] == .string("/wBB") && response["content"]?["encoding"] == .string("base64"))
        #expect(response["content"]?["comment"] == .string("the first 3 bytes of 11, as recorded"))
    }

    @Test("an exchange recorded without hops is one entry, timed from its totals")
    func withoutHops() throws {
        var record = redirected()
        record.exchange.response.hops = []
        let entries = try entries([record, record])
        #expect(entries.count == 2)
        #expect(entries.first?["startedDateTime"] == .string("2027-01-15T08:00:00.125Z"))
        #expect(entries.first?["request"]?["url"] == .string("http://api.test/v2/login"))
        #expect(entries.first?["timings"]?["wait"] == .number("20.000"))
        #expect(entries.first?["timings"]?["receive"] == .number("20.000"))
    }

    /// What HAR 1.2 requires of an object: each key with its JSON type (`s` string, `n`
    /// number, `a` array, `o` object), from the specification's field lists.
    static let required: [String: [String: Character]] = [
        "log": ["version": "s", "creator": "o", "entries": "a"],
        "creator": ["name": "s", "version": "s"],
        "entry": ["startedDateTime": "s", "time": "n", "request": "o", "response": "o", "cache": "o", "timings": "o"],
        "request": [
            "method": "s", "url": "s", "httpVersion": "s", "cookies": "a", "headers": "a", "queryString": "a",
            "headersSize": "n", "bodySize": "n",
        ],
        "response": [
            "status": "n", "statusText": "s", "httpVersion": "s", "cookies": "a", "headers": "a", "content": "o",
            "redirectURL": "s", "headersSize": "n", "bodySize": "n",
        ],
        "content": ["size": "n", "mimeType": "s"],
        "postData": ["mimeType": "s", "text": "s"],
        "timings": ["send": "n", "wait": "n", "receive": "n"],
        "pair": ["name": "s", "value": "s"],
    ]

    private func conforms(_ value: JSONValue?, to kind: String, at place: String) {
        guard let value, let fields = Self.required[kind] else {
            Issue.record("\(place): missing")
            return
        }
        for (key, type) in fields {
            let member = value[key]
            let found: Character? =
                switch member {
                case .string?: "s"
                case .number?: "n"
                case .array?: "a"
                case .object?: "o"
                default: nil
                }
            #expect(found == type, "\(place).\(key) should be \(type), is \(String(describing: member))")
        }
    }

    @Test("every entry has what HAR 1.2 requires, with its type; timings add up to the entry's time")
    func structure() throws {
        var cookieless = redirected()
        cookieless.exchange.response.hops = []
        let document = try JSONValue.parse(HARExport(creatorVersion: "9.9").document([redirected(), cookieless]))
        conforms(document["log"], to: "log", at: "log")
        conforms(document["log"]?["creator"], to: "creator", at: "log.creator")
        let entries = try entries([redirected(), cookieless])
        #expect(entries.count == 3)
        for (index, entry) in entries.enumerated() {
            let place = "entries[\(index)]"
            conforms(entry, to: "entry", at: place)
            conforms(entry["request"], to: "request", at: place + ".request")
            conforms(entry["response"], to: "response", at: place + ".response")
            conforms(entry["response"]?["content"], to: "content", at: place + ".response.content")
            conforms(entry["timings"], to: "timings", at: place + ".timings")
            if let postData = entry["request"]?["postData"] {
                conforms(postData, to: "postData", at: place + ".postData")
            }
            for list in ["headers", "cookies", "queryString"] {
                if case .array(let pairs)? = entry["request"]?[list] {
                    for pair in pairs { conforms(pair, to: "pair", at: "\(place).request.\(list)") }
                }
            }
            // ISO 8601 with a time zone, as the format asks.
            if case .string(let started)? = entry["startedDateTime"] {
                #expect(started.count == 24 && started.hasSuffix("Z"), "\(started)")
            }
            // `time` is the sum of the timings that are known (not -1).
            if case .object(let timings)? = entry["timings"], case .number(let total)? = entry["time"] {
                let sum = timings.compactMap { member -> Double? in
                    guard case .number(let literal) = member.value, let value = Double(literal), value >= 0 else {
                        return nil
                    }
                    return value
                }.reduce(0, +)
                #expect(abs(sum - (Double(total) ?? -1)) < 0.002, "\(place): \(sum) vs \(total)")
            }
        }
    }

    @Test("hops survive their history column, and the redactor masks them")
    func hopsColumn() {
        var exchange = redirected().exchange
        let decoded = HistoryCoding.hops(from: HistoryCoding.hops(exchange.response.hops))
        // Seconds since 1970 in the column; `Date` counts from 2001, so the last bits may differ.
        for (back, hop) in zip(decoded, exchange.response.hops) {
            #expect(abs(back.startedAt.timeIntervalSince(hop.startedAt)) < 1e-6)
            var same = back
            same.startedAt = hop.startedAt
            #expect(same == hop)
        }
        #expect(decoded.count == 2)
        #expect(HistoryCoding.hops(from: "not json").isEmpty)
        exchange.origin.secretValues = ["pablo", "v2"]
        exchange.response.hops[0].requestHeaders.append(HeaderField("Authorization", "Bearer abc"))
        let masked = HistoryRedactor.record(exchange).exchange.response.hops
        #expect(masked[1].url == "http://api.test/••••••/login")
        #expect(masked[0].responseHeaders.value(for: "Location") == "/••••••/login")
        #expect(masked[0].requestHeaders.value(for: "Authorization") == "Bearer ••••••")
        #expect(masked[0].requestHeaders.value(for: "Cookie") == "a=••••••; b=••••••")
    }
}
