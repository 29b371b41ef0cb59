import Foundation
import Testing

@testable import CourierCore

@Suite("History's JSON columns")
struct HistoryCodingTests {
    @Test(
        "each column as exact text, read back the same",
        arguments: [
            (
                [HeaderField("Accept", "*/*"), HeaderField("X-Q", #"a "quoted" \ value"#)],
                #"[["Accept","*/*"],["X-Q","a \"quoted\" \\ value"]]"#
            ),
            ([], "[]"),
            ([HeaderField("X-Line", "one\ntwo\u{1}")], #"[["X-Line","one\ntwo\u0001"]]"#),
        ])
    func headers(fields: [HeaderField], text: String) {
        #expect(HistoryCoding.headers(fields) == text)
        #expect(HistoryCoding.headers(from: text) == fields)
    }

    @Test("checks keep their optional parts only when present, in order")
    func checks() {
        let results = [
            CheckResult(check: "status == 200", passed: true),
            CheckResult(
                check: "json id == 42", passed: false, message: "was 41", expected: "42", actual: "41"),
        ]
        let text = HistoryCoding.checks(results)
        #expect(
            text
                == #"[{"check":"status == 200","passed":true},{"check":"json id == 42","passed":false,"#
                + #""message":"was 41","expected":"42","actual":"41"}]"#)
        #expect(HistoryCoding.checks(from: text) == results)
        #expect(HistoryCoding.strings(["b": "2", "a": "\"1\""]) == #"{"a":"\"1\"","b":"2"}"#)
        #expect(HistoryCoding.strings([:]) == "{}")
    }

    @Test("a hop's headers equal to the record's are left out of the column and put back when read")
    func hopsShareTheRecordsHeaders() {
        let sent = [HeaderField("Accept", "application/json"), HeaderField("X-Trace", "tr-1")]
        let redirect = [HeaderField("Location", "/v2/users")]
        let final = [HeaderField("Content-Type", "application/json"), HeaderField("ETag", "\"etag-77\"")]
        let start = Date(timeIntervalSince1970: 1_700_000_000.25)
        let hops = [
            ExchangeHop(
                method: .get, url: "http://api.test/users", requestHeaders: sent, status: 301,
                responseHeaders: redirect, startedAt: start, wait: 0.01, receive: 0.001),
            // The second request carried a cookie the first did not: its headers are its own.
            ExchangeHop(
                method: .get, url: "http://api.test/v2/users", requestHeaders: sent + [HeaderField("Cookie", "s=1")],
                status: 200, responseHeaders: final, bodySize: 12, startedAt: start, wait: 0.02, receive: 0.002,
                phases: HopPhases(blocked: 0.000_1, connect: nil, send: 0.000_2)),
        ]
        let text = HistoryCoding.hops(hops, requestHeaders: sent, responseHeaders: final)
        #expect(!text.contains("etag-77"))
        #expect(text.components(separatedBy: "X-Trace").count == 2)
        #expect(text.contains("Location") && text.contains("Cookie"))
        let back = HistoryCoding.hops(from: text, requestHeaders: sent, responseHeaders: final)
        #expect(back == hops)
        // Written with nothing to share, every hop keeps its own: what older rows hold.
        let whole = HistoryCoding.hops(hops)
        #expect(whole.contains("etag-77"))
        #expect(HistoryCoding.hops(from: whole) == hops)
    }

    @Test("the writer puts commas between values, none after keys or at the start of a container")
    func writer() {
        var out = JSONWriter()
        out.openObject()
        out.key("a")
        out.openArray()
        out.number(1)
        out.number(0.5)
        out.null()
        out.bool(false)
        out.openObject()
        out.closeObject()
        out.closeArray()
        out.member("none", nil)
        out.member("b", "x")
        out.key("c")
        out.number(Double.nan)
        out.closeObject()
        #expect(out.text == #"{"a":[1,0.5,null,false,{}],"b":"x","c":null}"#)
        #expect((try? JSONValue.parse(out.text)) != nil)
    }
}
