import CourierCore
import CourierSampleAPI
import CourierTestSupport
import Testing

@testable import CourierHTTP

/// Cookies through the engine against the sample API: a login's cookie is kept and sent, on
/// every redirect hop too; a bad domain is refused with a warning; logging out expires it.
@Suite("Cookies")
struct CookieTests {
    static let parsed: [(String, SetCookie?)] = [
        (
            "sid=abc; Path=/dev/v1; HttpOnly; Max-Age=3600",
            SetCookie(name: "sid", value: "abc", path: "/dev/v1", maxAge: 3600, httpOnly: true)
        ),
        ("a=1", SetCookie(name: "a", value: "1")),
        ("a=1; Domain=.Example.COM; Secure", SetCookie(name: "a", value: "1", domain: "example.com", secure: true)),
        ("a=1; Path=/", SetCookie(name: "a", value: "1", path: "/")),
        ("a=1; Path=relative", SetCookie(name: "a", value: "1")),
        ("a=\"quoted\"", SetCookie(name: "a", value: "quoted")),
        ("a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", SetCookie(name: "a", value: "1", expires: 1_445_412_480)),
        ("=nameless", nil),
        ("", nil),
    ]

    @Test("Set-Cookie through AsyncHTTPClient's parser, keeping whether Domain and Path were given", arguments: parsed)
    func parse(_ header: String, _ expected: SetCookie?) {
        #expect(CookieSession.parse(header) == expected)
    }

    private func request(_ method: HTTPMethod, _ url: String, body: String? = nil) -> PreparedRequest {
        PreparedRequest(
            request: HTTPRequest(
                method: method, url: url, headers: body == nil ? [] : [HeaderField("Content-Type", "application/json")],
                body: body.map { Array($0.utf8) }),
            options: SendOptions(timeout: Patience.loopback))
    }

    @Test("a login's cookie is sent next time and on the redirect hop; logout expires it; none without a jar")
    func session() async throws {
        try await withServer { server, client in
            let jar = CookieSession()
            let login = #"{"user": "qa", "password": "dev-password"}"#
            let me = server.url("/dev/v1/session")
            // 303 with Set-Cookie: the jar takes it on the first hop and sends it on the second.
            let redirected = try await client.exchange(
                request(.post, server.url("/dev/v1/session?next=/dev/v1/session"), body: login), cookies: jar)
            #expect(redirected.response.status == 200 && redirected.response.hops.map(\.status) == [303, 200])
            #expect(
                redirected.response.hops.last?.requestHeaders.value(for: "Cookie")?.hasPrefix("sid=qa-session-") == true
            )
            #expect(jar.jar.cookies.map(\.path) == ["/dev/v1"] && jar.takeReceived().count == 1)

            #expect(try await client.exchange(request(.get, me), cookies: jar).response.status == 200)
            // Another deployment's path does not get it; a request without the jar is refused.
            #expect(
                try await client.exchange(request(.get, server.url("/prod/v1/session")), cookies: jar).response.status
                    == 401)
            #expect(try await client.exchange(request(.get, me)).response.status == 401)

            _ = try await client.exchange(request(.delete, me), cookies: jar)
            #expect(jar.jar.cookies.isEmpty)
            #expect(try await client.exchange(request(.get, me), cookies: jar).response.status == 401)
        }
    }

    @Test(
        "the Public Suffix List decides which domains a cookie may name",
        arguments: [
            ("co.uk", true), ("github.io", true), ("s3.amazonaws.com", true), ("com", true), (".CO.UK", true),
            ("example.co.uk", false), ("courier.github.io", false), ("example.com", false),
        ])
    func publicSuffixes(domain: String, isSuffix: Bool) {
        #expect(PublicSuffixList.contains(domain) == isSuffix)
    }

    @Test("a cookie set for co.uk, github.io or s3.amazonaws.com never reaches another site under it")
    func crossSiteCookies() throws {
        let cases = [
            ("https://setter.example.co.uk/", "co.uk", "https://victim.other.co.uk/"),
            ("https://attacker.github.io/", "github.io", "https://victim.github.io/"),
            ("https://bucket-a.s3.amazonaws.com/", "s3.amazonaws.com", "https://bucket-b.s3.amazonaws.com/"),
        ]
        for (setter, domain, victim) in cases {
            var jar = CookieJar()
            let cookie = try #require(CookieSession.parse("sid=stolen; Domain=\(domain)"))
            let rejection = jar.receive(cookie, from: setter, now: 0, isPublicSuffix: PublicSuffixList.contains)
            #expect(rejection == .publicSuffix(domain), "\(domain)")
            #expect(jar.header(for: victim, now: 0) == nil)
        }
        // The suffix's own host may set it, for itself alone.
        var own = CookieJar()
        own.receive(
            try #require(CookieSession.parse("a=1; Domain=github.io")), from: "https://github.io/", now: 0,
            isPublicSuffix: PublicSuffixList.contains)
        #expect(own.header(for: "https://github.io/", now: 0) == "a=1")
        #expect(own.header(for: "https://x.github.io/", now: 0) == nil)
        // A registrable domain still shares its cookies with its subdomains.
        var shared = CookieJar()
        shared.receive(
            try #require(CookieSession.parse("a=1; Domain=example.co.uk")), from: "https://www.example.co.uk/",
            now: 0, isPublicSuffix: PublicSuffixList.contains)
        #expect(shared.header(for: "https://api.example.co.uk/", now: 0) == "a=1")
    }

    @Test("a cookie for a domain the server is not is refused, with a one-line warning")
    func badDomain() async throws {
        try await withServer { server, client in
            let jar = CookieSession()
            _ = try await client.exchange(request(.get, server.url("/dev/v1/cookies/bad-domain")), cookies: jar)
            #expect(jar.jar.cookies.isEmpty)
            #expect(
                jar.takeWarnings() == ["ignored a cookie for domain example.com: 127.0.0.1 cannot set cookies for it"])
        }
    }
}
