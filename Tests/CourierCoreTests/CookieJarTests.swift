import Testing

@testable import CourierCore

/// RFC 6265 storage (§5.3) and sending (§5.4) rules, as tables.
@Suite("Cookie jar")
struct CookieJarTests {
    static let now = 1_800_000_000.0

    /// (what was set, from which URL, which URL asks, the Cookie header expected there)
    static let matching: [(String, SetCookie, String, String, String?)] = [
        ("host-only: the same host", SetCookie(name: "a", value: "1"), "http://api.test/x", "http://api.test/y", "a=1"),
        (
            "host-only: not a subdomain", SetCookie(name: "a", value: "1"), "http://api.test/", "http://v2.api.test/",
            nil
        ),
        (
            "Domain covers subdomains", SetCookie(name: "a", value: "1", domain: "api.test"), "http://api.test/",
            "http://v2.api.test/", "a=1"
        ),
        (
            "Domain of a parent, set by a subdomain", SetCookie(name: "a", value: "1", domain: "example.com"),
            "http://www.example.com/", "http://shop.example.com/", "a=1"
        ),
        (
            "not a suffix by label", SetCookie(name: "a", value: "1", domain: "example.com"), "http://example.com/",
            "http://badexample.com/", nil
        ),
        (
            "the default path is the request's folder", SetCookie(name: "a", value: "1"), "http://h.test/app/login",
            "http://h.test/app/me", "a=1"
        ),
        (
            "…and not its sibling", SetCookie(name: "a", value: "1"), "http://h.test/app/login", "http://h.test/other",
            nil
        ),
        (
            "a path matches at a / boundary", SetCookie(name: "a", value: "1", path: "/api"), "http://h.test/",
            "http://h.test/api/users", "a=1"
        ),
        (
            "…not mid-segment", SetCookie(name: "a", value: "1", path: "/api"), "http://h.test/", "http://h.test/apix",
            nil
        ),
        (
            "Secure goes over https", SetCookie(name: "a", value: "1", secure: true), "https://h.test/",
            "https://h.test/", "a=1"
        ),
        ("…never over http", SetCookie(name: "a", value: "1", secure: true), "https://h.test/", "http://h.test/", nil),
        (
            "Max-Age in the future", SetCookie(name: "a", value: "1", maxAge: 60), "http://h.test/", "http://h.test/",
            "a=1"
        ),
        (
            "Expires in the past", SetCookie(name: "a", value: "1", expires: now - 1), "http://h.test/",
            "http://h.test/", nil
        ),
        (
            "Max-Age wins over Expires", SetCookie(name: "a", value: "1", expires: now - 1, maxAge: 60),
            "http://h.test/", "http://h.test/", "a=1"
        ),
        (
            "an IP host is host-only", SetCookie(name: "a", value: "1"), "http://127.0.0.1:4010/",
            "http://127.0.0.1:9/", "a=1"
        ),
        ("ports do not matter (§8.5)", SetCookie(name: "a", value: "1"), "http://h.test:1/", "http://h.test:2/", "a=1"),
        ("IPv6 hosts", SetCookie(name: "a", value: "1"), "http://[::1]:8/", "http://[::1]:9/", "a=1"),
    ]

    @Test("domain, path, secure and expiry decide where a cookie goes", arguments: matching)
    func matches(_ name: String, _ set: SetCookie, _ from: String, _ to: String, _ expected: String?) {
        var jar = CookieJar()
        #expect(jar.receive(set, from: from, now: Self.now) == nil, "\(name)")
        #expect(jar.header(for: to, now: Self.now) == expected, "\(name)")
    }

    static let rejections: [(SetCookie, String, CookieJar.Rejection)] = [
        (
            SetCookie(name: "a", value: "1", domain: "other.test"), "http://api.test/",
            .domainMismatch(domain: "other.test", host: "api.test")
        ),
        (
            SetCookie(name: "a", value: "1", domain: "v2.api.test"), "http://api.test/",
            .domainMismatch(domain: "v2.api.test", host: "api.test")
        ),
        (SetCookie(name: "a", value: "1", domain: "test"), "http://api.test/", .publicSuffix("test")),
        (
            SetCookie(name: "a", value: "1", domain: "0.0.1"), "http://127.0.0.1/",
            .domainMismatch(domain: "0.0.1", host: "127.0.0.1")
        ),
        (SetCookie(name: "a", value: "1", secure: true), "http://h.test/", .secureFromInsecure("a")),
        (SetCookie(name: "a", value: String(repeating: "x", count: 5000)), "http://h.test/", .tooLarge("a")),
        (SetCookie(name: "a", value: "1"), "no-scheme", .noHost),
    ]

    @Test("bad domains and other refusals are named, and nothing is stored", arguments: rejections)
    func rejects(_ set: SetCookie, _ from: String, _ expected: CookieJar.Rejection) {
        var jar = CookieJar()
        #expect(jar.receive(set, from: from, now: Self.now) == expected)
        #expect(jar.cookies.isEmpty)
    }

    @Test(
        "the same name, domain and path replaces (creation kept); Max-Age=0 deletes; order is longest path, then oldest"
    )
    func replaceDeleteOrder() {
        var jar = CookieJar()
        jar.receive(SetCookie(name: "b", value: "1", path: "/"), from: "http://h.test/", now: 1)
        jar.receive(SetCookie(name: "a", value: "1", path: "/"), from: "http://h.test/", now: 2)
        jar.receive(SetCookie(name: "deep", value: "1", path: "/x/y"), from: "http://h.test/", now: 3)
        jar.receive(SetCookie(name: "b", value: "2", path: "/"), from: "http://h.test/", now: 4)
        #expect(jar.header(for: "http://h.test/x/y/z", now: 5) == "deep=1; b=2; a=1")
        #expect(jar.cookies.first { $0.name == "b" }?.created == 1)
        jar.receive(SetCookie(name: "a", value: "", maxAge: 0), from: "http://h.test/", now: 6)
        #expect(jar.header(for: "http://h.test/", now: 7) == "b=2")
        // A session cookie stays; an expiring one goes when its time comes.
        jar.receive(SetCookie(name: "soon", value: "1", maxAge: 10), from: "http://h.test/", now: 10)
        #expect(jar.removeExpired(now: 21) && jar.cookies.map(\.name) == ["b", "deep"])
    }
}
