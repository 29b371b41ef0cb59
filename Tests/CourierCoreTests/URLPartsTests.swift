import Testing

@testable import CourierCore

/// The one URL splitter that cookies, proxies, Digest and masking read.
@Suite("URL parts")
struct URLPartsTests {
    @Test(
        "scheme, userinfo, host, port, path, query and the request target",
        arguments: [
            (
                "HTTPS://Api.Example.com/v1/users?id=1#top", "https", nil, "api.example.com", nil, "/v1/users", "id=1",
                "/v1/users?id=1"
            ),
            ("http://user:p@ss@host:8080/a", "http", "user:p@ss", "host", "8080", "/a", nil, "/a"),
            ("http://[::1]:4010?x=1", "http", nil, "::1", "4010", "", "x=1", "/?x=1"),
            ("http://[FE80::1]", "http", nil, "fe80::1", nil, "", nil, "/"),
            ("http://host#frag/not/path", "http", nil, "host", nil, "", nil, "/"),
            ("http://host/a%2Fb/?q=%20", "http", nil, "host", nil, "/a%2Fb/", "q=%20", "/a%2Fb/?q=%20"),
            ("http://BÜCHER.Example:81/x", "http", nil, "bücher.example", "81", "/x", nil, "/x"),
            ("HtTp://h?q=a?b#c?d", "http", nil, "h", nil, "", "q=a?b", "/?q=a?b"),
            ("http://h:/x", "http", nil, "h", "", "/x", nil, "/x"),
            ("http://u@[::1", "http", "u", "::1", nil, "", nil, "/"),
        ] as [(String, String, String?, String, String?, String, String?, String)])
    func parts(
        url: String, scheme: String, userinfo: String?, host: String, port: String?, path: String, query: String?,
        target: String
    ) throws {
        let parts = try #require(URLParts(url))
        #expect(parts.scheme == scheme && parts.userinfo == userinfo && parts.host == host && parts.port == port)
        #expect(parts.path == path && parts.query == query && parts.requestTarget == target)
    }

    @Test("no scheme, or no host, is not a URL here", arguments: ["example.com/x", "/x", "http:///x", "http://user@"])
    func refused(url: String) {
        #expect(URLParts(url) == nil)
    }
}
