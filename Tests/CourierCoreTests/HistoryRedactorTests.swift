import Foundation
import Testing

@testable import CourierCore

@Suite("What history keeps")
struct HistoryRedactorTests {
    @Test(
        "credentials leave the headers before anything is written",
        arguments: [
            ("Authorization", "Bearer eyJhbGciOi.payload.sig", "Bearer ••••••"),
            ("Authorization", "Basic dXNlcjpwdw==", "Basic ••••••"),
            ("authorization", "rawtoken", "••••••"),
            ("Proxy-Authorization", "Basic cHJveHk6cHc=", "Basic ••••••"),
            ("Cookie", "session=abc123; theme=dark", "session=••••••; theme=••••••"),
            ("Set-Cookie", "session=abc123; Path=/; HttpOnly", "session=••••••; Path=/; HttpOnly"),
            ("X-Api-Key", "key-s3cret-1", "key-••••••"),
            ("Accept", "application/json", "application/json"),
        ])
    func headers(name: String, value: String, kept: String) {
        let field = HistoryRedactor.header(HeaderField(name, value)) { SecretMask.apply($0, hiding: ["s3cret-1"]) }
        #expect(field == HeaderField(name, kept))
    }

    @Test("secrets are masked in the URL, bodies, checks and captures; the body keeps 1 MB and its true size")
    func record() {
        let secret = "s3cret-token"
        var exchange = Exchange(
            request: HTTPRequest(
                method: "POST", url: "https://api.test/login?key=s3cret-token",
                body: Array(
                    #"{"password":"s3cret-token"}"#.utf8)),
            response: HTTPResponse(
                status: 200, reason: "OK", body: Array(#"{"token":"s3cret-token"}"#.utf8),
                finalURL: "https://api.test/login?key=s3cret-token", bodyFile: "/tmp/courier-body-x"),
            origin: ExchangeOrigin(environmentName: "production", routeName: "auth.login", secretValues: [secret, ""]))
        exchange.checks = [CheckResult(check: "json token == 1", passed: false, message: "got \"s3cret-token\"")]
        exchange.captured = ["token": secret, "city": "Paris"]
        let record = HistoryRedactor.record(exchange, run: "smoke", at: Date(timeIntervalSince1970: 0))
        let kept = record.exchange
        #expect(kept.request.url == "https://api.test/login?key=••••••")
        #expect(kept.response.finalURL == "https://api.test/login?key=••••••")
        #expect(String(decoding: kept.request.body ?? [], as: UTF8.self) == #"{"password":"••••••"}"#)
        #expect(String(decoding: kept.response.body, as: UTF8.self) == #"{"token":"••••••"}"#)
        #expect(kept.checks.first?.message == "got \"••••••\"")
        #expect(kept.captured == ["token": "••••••", "city": "Paris"])
        #expect(kept.origin.secretValues.isEmpty)
        #expect(kept.response.bodyFile == nil)
        #expect(record.run == "smoke")
    }

    @Test(
        "a body over the limit keeps its first bytes and true size; a secret across the cut is masked whole",
        arguments: [
            ("0123456789", 4, "0123"),
            ("ab-SECRET-cd", 5, "ab-••"),  // cut inside the mask, never inside the secret
            ("ab-SECRET-cd", 100, "ab-••••••-cd"),
            ("SECRETSECRET", 6, "••"),
        ])
    func cut(body: String, limit: Int, kept: String) {
        let exchange = Exchange(
            request: HTTPRequest(method: "GET", url: "http://x/"),
            response: HTTPResponse(status: 200, reason: "OK", body: Array(body.utf8)),
            origin: ExchangeOrigin(secretValues: ["SECRET"]))
        let record = HistoryRedactor.record(exchange, bodyLimit: limit)
        #expect(record.exchange.response.body == Array(kept.utf8).prefix(limit).map { $0 })
        #expect(record.exchange.response.bodySize == body.utf8.count)
    }

    @Test("masking is not cutting: only a body past history's limit is said to be cut")
    func maskingIsNotCutting() {
        func record(_ body: [UInt8]) -> HistoryRecord {
            HistoryRedactor.record(
                Exchange(
                    request: HTTPRequest(method: "GET", url: "http://x/"),
                    response: HTTPResponse(status: 200, reason: "OK", body: body),
                    origin: ExchangeOrigin(secretValues: ["a-secret-much-longer-than-its-mask"])))
        }
        // The mask is shorter than the secret: the kept body is shorter than the true size.
        let masked = record(Array("{\"token\": \"a-secret-much-longer-than-its-mask\"}".utf8))
        #expect(masked.exchange.response.body.count < masked.exchange.response.bodySize && !masked.isBodyCut)
        #expect(record([UInt8](repeating: 65, count: HistorySettings.bodyLimit + 1)).isBodyCut)
        #expect(!record([UInt8](repeating: 65, count: HistorySettings.bodyLimit)).isBodyCut)
    }

    @Test("headers, checks and captures survive their JSON columns")
    func coding() {
        let headers = [HeaderField("Set-Cookie", "a=1"), HeaderField("Set-Cookie", "b=\"2\""), HeaderField("X", "")]
        #expect(HistoryCoding.headers(from: HistoryCoding.headers(headers)) == headers)
        let checks = [
            CheckResult(check: "status == 200", passed: true),
            CheckResult(check: "json a == 1", passed: false, message: "got 2", expected: "1", actual: "2"),
        ]
        #expect(HistoryCoding.checks(from: HistoryCoding.checks(checks)) == checks)
        #expect(HistoryCoding.strings(from: HistoryCoding.strings(["b": "2", "a": "ü"])) == ["a": "ü", "b": "2"])
        #expect(HistoryCoding.headers(from: "not json").isEmpty)
    }
}
