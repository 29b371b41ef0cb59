import Testing

@testable import CourierCore

/// `certificate` checks: parsed, evaluated against the certificate the server presented, and a
/// clear line when there is none.
@Suite("Certificate checks")
struct CertificateCheckTests {
    /// Valid 2026-01-01 → 2026-03-01, seen on 2026-02-14 at noon: 14 days and 12 hours left.
    static let certificate = PeerCertificate(
        subject: "CN=api.example", issuer: "CN=R11, O=Let's Encrypt, C=US", notBefore: 1_767_225_600,
        notAfter: 1_772_323_200, names: ["api.example", "*.api.example"], seenAt: 1_771_070_400)

    static func evaluate(
        _ line: String, certificate: PeerCertificate? = certificate, url: String = "https://api.example/"
    )
        throws -> CheckResult
    {
        var response = HTTPResponse(status: 200, reason: "OK", finalURL: url)
        response.certificate = certificate
        return CheckEvaluator(response: response).evaluate(try CheckParser.check(line))
    }

    @Test(
        "checks as written",
        arguments: [
            ("certificate expires_in_days > 13", true), ("certificate expires_in_days > 14", false),
            ("certificate expires_in_days == 14", true),
            (#"certificate issuer contains "Let's Encrypt""#, true),
            (#"certificate subject == "CN=api.example""#, true),
            (#"certificate names contains "*.api.example""#, true), ("certificate names count == 2", true),
            (#"certificate not_after == "2026-03-01""#, true), ("certificate issuer exists", true),
        ])
    func checks(line: String, passes: Bool) throws {
        let result = try Self.evaluate(line)
        #expect(result.passed == passes, "\(line): \(result.message ?? "")")
    }

    @Test("an expired certificate has negative days; whole days rounded down")
    func expired() throws {
        var old = Self.certificate
        old.seenAt = old.notAfter + 3_600
        let result = try Self.evaluate("certificate expires_in_days > 14", certificate: old)
        #expect(!result.passed && result.message == "got -1")
    }

    @Test("no certificate: plain HTTP says so, HTTPS says none was seen")
    func missing() throws {
        let plain = try Self.evaluate("certificate expires_in_days > 14", certificate: nil, url: "http://api.example/")
        #expect(!plain.passed && plain.message == "no certificate: not HTTPS")
        let none = try Self.evaluate("certificate issuer exists", certificate: nil)
        #expect(!none.passed && none.message == "no certificate was seen for this response")
    }

    @Test("a field that does not exist is a syntax error listing the fields")
    func unknownField() {
        #expect(throws: CheckSyntaxError.self) { try CheckParser.check("certificate expiry > 14") }
        do {
            _ = try CheckParser.check("certificate expiry > 14")
        } catch {
            #expect(error.description.contains("certificate takes expires_in_days, issuer, subject, names, not_after"))
        }
    }

    @Test(
        "days of the calendar",
        arguments: [
            (0, "1970-01-01"), (951_782_400, "2000-02-29"), (-1, "1969-12-31"),
            (4_102_444_800, "2100-01-01"), (1_772_323_200, "2026-03-01"),
        ])
    func day(seconds: Int64, text: String) {
        #expect(PeerCertificate.day(seconds) == text)
    }
}
