import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Foundation
import NIOCore
import NIOSSL
import Testing

@testable import CourierCore

/// Certificate verification against a real TLS server on loopback whose certificate is
/// signed by a test CA (fixtures generated once with openssl, valid for 100 years).
@Suite("TLS verification")
struct TLSTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/tls")
    static let caFile = fixtures.appendingPathComponent("ca.pem").path

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// Runs `body` with the sample API over HTTPS on an ephemeral port; with
    /// `clientCA`, the server requires a client certificate signed by it (mutual TLS).
    static func withTLSServer(
        clientCA: String? = nil, certificate: String = "server", _ body: (Int) async throws -> Void
    ) async throws {
        let chain = try NIOSSLCertificate.fromPEMFile(Self.fixtures.appendingPathComponent("\(certificate).pem").path)
        let key = try NIOSSLPrivateKey(
            file: Self.fixtures.appendingPathComponent("\(certificate)-key.pem").path, format: .pem)
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        if let clientCA {
            tls.certificateVerification = .noHostnameVerification
            tls.trustRoots = .file(clientCA)
        }
        let context = try NIOSSLContext(configuration: tls)
        let server = try await SampleServer.start { channel in
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
        }
        do {
            try await body(server.port)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func send(_ port: Int, _ tls: TLSSettings) async -> Result<CourierCore.HTTPResponse, TransportError> {
        let client = makeEngine()
        let request = CourierCore.HTTPRequest(method: .get, url: "https://127.0.0.1:\(port)/")
        let result: Result<CourierCore.HTTPResponse, TransportError>
        do throws(TransportError) {
            result = .success(
                try await client.send(request, options: SendOptions(timeout: Patience.loopback, tls: tls)))
        } catch {
            result = .failure(error)
        }
        await client.shutdown()
        return result
    }

    @Test("verification is on by default: an unknown CA is a TLS failure naming the fix")
    func verifiesByDefault() async throws {
        try await Self.withTLSServer { port in
            guard case .failure(.tls(_, let reason)) = await Self.send(port, TLSSettings()) else {
                Issue.record("expected a TLS failure")
                return
            }
            #expect(reason.contains("certificate verify failed"))
            #expect(reason.contains("ca_file"))
        }
    }

    @Test(
        "an expired certificate, or one for other names, is named as such, trusted or not, and insecure is never suggested",
        arguments: [
            ("expired", "the server's certificate expired on 2021-01-02; renew it on the server"),
            (
                "other-names",
                "the server's certificate is issued for other names: other.example, www.other.example (not 127.0.0.1)"
            ),
        ])
    func namedReasons(certificate: String, expected: String) async throws {
        try await Self.withTLSServer(certificate: certificate) { port in
            for settings in [TLSSettings(caFile: Self.fixture("\(certificate).pem")), TLSSettings()] {
                guard case .failure(.tls(_, let reason)) = await Self.send(port, settings) else {
                    Issue.record("expected a TLS failure")
                    return
                }
                #expect(reason == expected)
                #expect(!reason.contains("insecure"))
            }
        }
    }

    @Test("the environment's ca_file makes the server trusted")
    func customCA() async throws {
        try await Self.withTLSServer { port in
            let result = await Self.send(port, TLSSettings(caFile: Self.caFile))
            #expect((try? result.get())?.status == 200)
            #expect(
                (try? result.get()).map { String(decoding: $0.body, as: UTF8.self) }?.contains("Courier sample API")
                    == true)
        }
    }

    @Test("insecure skips verification, and only when asked")
    func insecure() async throws {
        try await Self.withTLSServer { port in
            #expect((try? await Self.send(port, TLSSettings(insecure: true)).get())?.status == 200)
        }
    }

    @Test("the certificate the server presented reaches the response: issuer, names, days left; expired is negative")
    func certificate() async throws {
        try await Self.withTLSServer { port in
            let response = try await Self.send(port, TLSSettings(caFile: Self.caFile)).get()
            let certificate = try #require(response.certificate)
            #expect(certificate.issuer == "CN=Courier Test CA" && certificate.subject == "CN=127.0.0.1")
            #expect(certificate.names == ["127.0.0.1", "localhost"])
            #expect(PeerCertificate.day(certificate.notAfter) == "2126-10-29")
            let check = try CheckParser.check(#"certificate issuer contains "Courier Test""#)
            #expect(CheckEvaluator(response: response).evaluate(check).passed)
        }
        try await Self.withTLSServer(certificate: "expired") { port in
            let response = try await Self.send(port, TLSSettings(insecure: true)).get()
            let days = try CheckParser.check("certificate expires_in_days < 0")
            #expect(CheckEvaluator(response: response).evaluate(days).passed)
        }
    }

    @Test("a CA file that cannot be read is reported before connecting")
    func missingCAFile() async {
        let result = await Self.send(1, TLSSettings(caFile: "/nonexistent/ca.pem"))
        #expect(
            throws: TransportError.tls(
                url: "https://127.0.0.1:1/", reason: "CA file /nonexistent/ca.pem cannot be read")
        ) {
            try result.get()
        }
    }

    @Test("mutual TLS: the environment's client certificate gets in; none is refused; a key of another one is named")
    func clientCertificate() async throws {
        let clientCA = Self.fixture("client-ca.pem")
        try await Self.withTLSServer(clientCA: clientCA) { port in
            let good = TLSSettings(
                caFile: Self.caFile, certFile: Self.fixture("client.pem"), keyFile: Self.fixture("client-key.pem"))
            #expect((try? await Self.send(port, good).get())?.status == 200)

            let without = await Self.send(port, TLSSettings(caFile: Self.caFile))
            guard case .failure(.tls) = without else {
                Issue.record("a server that requires a client certificate must refuse a client without one: \(without)")
                return
            }
            var mismatched = good
            mismatched.keyFile = Self.fixture("other-key.pem")
            await #expect(
                throws: TransportError.tls(
                    url: "https://127.0.0.1:\(port)/", reason: "the client certificate and key do not match")
            ) { try await Self.send(port, mismatched).get() }
            var notAKey = good
            notAKey.keyFile = Self.fixture("client.pem")
            await #expect(
                throws: TransportError.tls(
                    url: "https://127.0.0.1:\(port)/",
                    reason: "\(Self.fixture("client.pem")) is not a PEM private key (or it is encrypted)")
            ) { try await Self.send(port, notAKey).get() }
        }
    }
}
