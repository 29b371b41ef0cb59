import CourierCore
import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Foundation
import Testing

/// The engine through a real proxy on loopback: the proxy must see each request it carries.
@Suite("Proxies", .serialized)
struct ProxyTests {
    private func get(_ url: String, _ rules: ProxyRules) -> PreparedRequest {
        var options = SendOptions(timeout: Patience.loopback)
        options.proxy = rules
        return PreparedRequest(request: HTTPRequest(method: .get, url: url), options: options)
    }

    @Test("an environment's http:// and socks5:// proxies carry the request; the proxy sees it")
    func environmentProxy() async throws {
        let proxy = try ProxyProcess()
        try await withServer { server, client in
            let url = server.url("/dev/v1/users/42")
            for setting in ["http://127.0.0.1:\(proxy.port)", "socks5://127.0.0.1:\(proxy.port)"] {
                let response = try await client.exchange(
                    get(url, ProxyRules(environmentProxy: setting, variables: [:])))
                #expect(response.response.status == 200, "\(setting)")
            }
            #expect(proxy.log == ["CONNECT 127.0.0.1:\(server.port)", "SOCKS5 127.0.0.1:\(server.port)"])
        }
    }

    @Test("http_proxy from the process environment is used, and no_proxy goes direct")
    func processProxy() async throws {
        let proxy = try ProxyProcess()
        try await withServer { server, client in
            // `localhost` would go direct (loopback never uses the process's proxy); the sample
            // API is reached by a name that is not loopback to the rules: its IPv4-mapped form.
            let url = server.url("/dev/v1/users/42").replacingOccurrences(of: "127.0.0.1", with: "[::ffff:127.0.0.1]")
            let through = ProxyRules(environmentProxy: nil, variables: ["HTTP_PROXY": "127.0.0.1:\(proxy.port)"])
            let viaProxy = try await client.exchange(get(url, through))
            #expect(viaProxy.response.status == 200)
            let direct = ProxyRules(
                environmentProxy: nil,
                variables: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "::ffff:127.0.0.1"])
            let bypassed = try await client.exchange(get(url, direct))
            #expect(bypassed.response.status == 200)
            let off = ProxyRules(environmentProxy: "", variables: ["http_proxy": "http://127.0.0.1:\(proxy.port)"])
            let none = try await client.exchange(get(url, off))
            #expect(none.response.status == 200)
            #expect(
                proxy.log == ["CONNECT [::ffff:127.0.0.1]:\(server.port)"]
                    || proxy.log == ["CONNECT ::ffff:127.0.0.1:\(server.port)"], "\(proxy.log)")
        }
    }

    @Test("a proxy that wants credentials: 407 is named without them, they get through, and are never shown")
    func credentials() async throws {
        let proxy = try ProxyProcess(auth: "qa:pr0xy")
        try await withServer { server, client in
            let url = server.url("/dev/v1/users/42")
            await #expect(
                throws: TransportError.proxy(
                    proxy: "http://127.0.0.1:\(proxy.port)",
                    reason: "the proxy wants a user name and password (407): give them in the proxy URL")
            ) {
                try await client.exchange(
                    get(url, ProxyRules(environmentProxy: "http://127.0.0.1:\(proxy.port)", variables: [:])))
            }
            let wrong = ProxyRules(environmentProxy: "http://qa:nope@127.0.0.1:\(proxy.port)", variables: [:])
            await #expect(
                throws: TransportError.proxy(
                    proxy: "http://qa:••••••@127.0.0.1:\(proxy.port)",
                    reason: "the proxy refused the user name and password (407)")
            ) { try await client.exchange(get(url, wrong)) }
            let right = ProxyRules(environmentProxy: "http://qa:pr0xy@127.0.0.1:\(proxy.port)", variables: [:])
            let allowed = try await client.exchange(get(url, right))
            #expect(allowed.response.status == 200)
        }
    }

    @Test("a proxy that is not there, or cannot reach the server, is one line about the proxy")
    func refused() async throws {
        let proxy = try ProxyProcess()
        try await withServer { _, client in
            await #expect(
                throws: TransportError.proxy(proxy: "http://127.0.0.1:1", reason: "connection refused")
            ) {
                try await client.exchange(
                    get("http://127.0.0.1:9/", ProxyRules(environmentProxy: "http://127.0.0.1:1", variables: [:])))
            }
            await #expect(
                throws: TransportError.proxy(
                    proxy: "http://127.0.0.1:\(proxy.port)",
                    reason: "the proxy refused the tunnel (it could not reach the server)")
            ) {
                try await client.exchange(
                    get(
                        "http://127.0.0.1:1/",
                        ProxyRules(environmentProxy: "http://127.0.0.1:\(proxy.port)", variables: [:])))
            }
        }
    }
}
