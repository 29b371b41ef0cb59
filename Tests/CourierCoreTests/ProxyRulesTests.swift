import Testing

@testable import CourierCore

/// Proxy URLs and the choice of proxy per URL, as curl reads the process environment.
@Suite("Proxy rules")
struct ProxyRulesTests {
    static let urls: [(String, ProxySetting?)] = [
        ("http://proxy:3128", ProxySetting(kind: .http, host: "proxy", port: 3128)),
        ("http://proxy", ProxySetting(kind: .http, host: "proxy", port: 80)),
        ("proxy.corp:8080", ProxySetting(kind: .http, host: "proxy.corp", port: 8080)),
        ("https://p:443/", ProxySetting(kind: .http, host: "p", port: 443)),
        ("socks5://127.0.0.1", ProxySetting(kind: .socks5, host: "127.0.0.1", port: 1080)),
        ("socks5h://s:9050", ProxySetting(kind: .socks5, host: "s", port: 9050)),
        (
            "http://user:p%40ss@proxy:3128",
            ProxySetting(kind: .http, host: "proxy", port: 3128, username: "user", password: "p@ss")
        ),
        ("http://[::1]:8888", ProxySetting(kind: .http, host: "::1", port: 8888)),
        ("ftp://proxy:21", nil),
        ("http://proxy:0", nil),
        ("http://proxy:x", nil),
        ("http://proxy/path", nil),
        ("http://", nil),
        ("", nil),
    ]

    @Test("proxy URLs: scheme, credentials (percent-decoded), host, port", arguments: urls)
    func parse(_ text: String, _ expected: ProxySetting?) {
        #expect(ProxySetting.parse(text) == expected)
    }

    @Test("a proxy shown anywhere never shows its password")
    func masked() throws {
        let proxy = try #require(ProxySetting.parse("http://user:secret@proxy:3128"))
        #expect(proxy.masked == "http://user:••••••@proxy:3128")
        #expect(ProxySetting.parse("socks5://[::1]:1")?.masked == "socks5://[::1]:1")
    }

    static let choices: [([String: String], String?, String, String?)] = [
        (["https_proxy": "http://s:1"], nil, "https://api.test/x", "s"),
        (["https_proxy": "http://s:1"], nil, "http://api.test/x", nil),
        (["HTTP_PROXY": "http://upper:1"], nil, "http://api.test/", "upper"),
        (["HTTP_PROXY": "http://upper:1", "http_proxy": "http://lower:1"], nil, "http://api.test/", "lower"),
        (["ALL_PROXY": "socks5://all:1"], nil, "https://api.test/", "all"),
        (["https_proxy": "http://s:1", "no_proxy": "api.test"], nil, "https://api.test/", nil),
        (["https_proxy": "http://s:1", "NO_PROXY": ".test"], nil, "https://deep.api.test/", nil),
        (["https_proxy": "http://s:1", "no_proxy": "test.com"], nil, "https://api.latest.com/", "s"),
        (["https_proxy": "http://s:1", "no_proxy": "localhost, 10.0.0.1:8080"], nil, "https://10.0.0.1:443/", nil),
        (["https_proxy": "http://s:1", "no_proxy": "*"], nil, "https://anything/", nil),
        (["https_proxy": "http://s:1", "no_proxy": "fe80::1"], nil, "https://[fe80::1]:8443/", nil),
        (["https_proxy": "http://s:1"], "", "https://api.test/", nil),
        (["https_proxy": "http://s:1", "no_proxy": "*"], "http://env:2", "https://api.test/", "env"),
        ([:], nil, "https://api.test/", nil),
        (["http_proxy": "http://s:1"], nil, "http://127.0.0.1:4010/dev", nil),
        (["http_proxy": "http://s:1"], nil, "http://localhost/", nil),
        (["https_proxy": "http://s:1"], nil, "https://[::1]/", nil),
        ([:], "http://env:2", "http://127.0.0.1/", "env"),
    ]

    @Test(
        "the environment's proxy wins; else https_/http_/all_proxy by scheme, lower case first; no_proxy and loopback go direct",
        arguments: choices)
    func choose(_ variables: [String: String], _ environmentProxy: String?, _ url: String, _ host: String?) {
        let rules = ProxyRules(environmentProxy: environmentProxy, variables: variables)
        #expect(rules.proxy(for: url)?.host == host)
    }
}
