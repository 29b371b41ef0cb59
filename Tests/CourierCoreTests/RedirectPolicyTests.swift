import Testing

@testable import CourierCore

@Suite("Redirect rules")
struct RedirectPolicyTests {
    let headers = [
        HeaderField("Authorization", "Bearer t"), HeaderField("Cookie", "a=b"),
        HeaderField("Content-Type", "application/json"), HeaderField("X-Keep", "1"),
    ]
    let body: [UInt8] = Array("{}".utf8)

    @Test(
        "methods and bodies follow browser rules",
        arguments: [
            (301, "POST", "GET", false), (302, "POST", "GET", false), (303, "POST", "GET", false),
            (303, "PUT", "GET", false), (303, "HEAD", "HEAD", true), (307, "POST", "POST", true),
            (308, "PUT", "PUT", true),
            (301, "PUT", "PUT", true), (302, "DELETE", "DELETE", true),
        ])
    func methods(status: Int, method: HTTPMethod, nextMethod: HTTPMethod, keepsBody: Bool) throws {
        let hop = try #require(
            try RedirectPolicy.next(
                status: status, location: "/next", method: method,
                url: "http://a.test/x", headers: headers, body: body))
        #expect(hop.method == nextMethod)
        #expect((hop.body != nil) == keepsBody)
        #expect(hop.url == "http://a.test/next")
        #expect(hop.headers.value(for: "Authorization") == "Bearer t")
    }

    @Test(
        "credentials are dropped when the origin changes",
        arguments: [
            ("http://b.test/y", true), ("https://a.test/y", true), ("http://a.test:8080/y", true),
            ("//a.test/y", false), ("y", false), ("http://A.TEST/y", false),
        ])
    func credentials(location: String, dropped: Bool) throws {
        let hop = try #require(
            try RedirectPolicy.next(
                status: 307, location: location, method: "GET",
                url: "http://a.test/x", headers: headers, body: nil))
        #expect((hop.headers.value(for: "Authorization") == nil) == dropped)
        #expect((hop.headers.value(for: "Cookie") == nil) == dropped)
        #expect(hop.headers.value(for: "X-Keep") == "1")
    }

    @Test("non-redirects and redirects without Location are returned as they are")
    func notRedirects() throws {
        #expect(
            try RedirectPolicy.next(
                status: 200, location: "/x", method: "GET", url: "http://a/", headers: [], body: nil) == nil)
        #expect(
            try RedirectPolicy.next(
                status: 304, location: "/x", method: "GET", url: "http://a/", headers: [], body: nil) == nil)
        #expect(
            try RedirectPolicy.next(status: 302, location: nil, method: "GET", url: "http://a/", headers: [], body: nil)
                == nil)
        #expect(throws: TransportError.badRedirect(location: "ftp://x/y")) {
            try RedirectPolicy.next(
                status: 302, location: "ftp://x/y", method: "GET", url: "http://a/", headers: [], body: nil)
        }
    }
}
