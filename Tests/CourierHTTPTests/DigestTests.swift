import CourierCore
import CourierSampleAPI
import Foundation
import Testing

@testable import CourierHTTP

/// HTTP Digest: the RFC 7616 §3.9.1 example, then the engine against the sample API.
@Suite("HTTP Digest")
struct DigestTests {
    static let challenge = """
        Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=ALGORITHM, \
        nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"
        """

    @Test(
        "RFC 7616 §3.9.1: Mufasa's response for MD5 and SHA-256",
        arguments: [
            ("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
            ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
        ])
    func rfcExample(_ algorithm: String, _ response: String) throws {
        let digest = try DigestAuthorization(
            challenges: AuthChallenge.parse([Self.challenge.replacingOccurrences(of: "ALGORITHM", with: algorithm)]))
        let header = digest.header(
            username: "Mufasa", password: "Circle of Life", method: "GET", uri: "/dir/index.html",
            cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"
        ) { DigestHash.hex($0, digest.algorithm) }
        #expect(
            header == """
                Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", \
                algorithm=\(algorithm), nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, \
                cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, response="\(response)", \
                opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"
                """)
    }

    @Test("the request target Digest signs: path and query, never the fragment")
    func target() {
        #expect(DigestHash.requestTarget("http://h:1/a/b?x=1#f") == "/a/b?x=1")
        #expect(DigestHash.requestTarget("http://h") == "/")
        #expect(DigestHash.requestTarget("http://h?q=1") == "/?q=1")
    }

    @Test("the engine answers the sample API's challenge (MD5 and SHA-256); a wrong password gets the 401")
    func againstSample() async throws {
        try await withServer { server, client in
            for algorithm in ["md5", "sha-256"] {
                let url = server.url("/dev/v1/digest/\(algorithm)?x=1")
                let prepared = PreparedRequest(request: HTTPRequest(method: .get, url: url))
                var good = prepared
                good.auth = .digest(username: "qa", password: "dev-password")
                let response = try await client.exchange(good).response
                #expect(response.status == 200, "\(algorithm)")
                #expect(response.hops.map(\.status) == [401, 200])
                #expect(response.hops.last?.requestHeaders.value(for: "Authorization")?.hasPrefix("Digest ") == true)

                var wrong = prepared
                wrong.auth = .digest(username: "qa", password: "nope")
                #expect(try await client.exchange(wrong).response.status == 401)
                // Without Digest credentials the 401 comes back as it is, unanswered.
                #expect(try await client.exchange(prepared).response.hops.count == 1)
            }
        }
    }
}
