import Foundation
import Testing

@testable import CourierCore

@Suite("Request building")
struct RequestBuilderTests {
    let workspace = Workspace(
        headers: [HeaderField("Accept", "application/json"), HeaderField("X-Layer", "top")],
        variables: ["city": "Lisbon", "shared": "yes"],
        languages: ["en", "es"],
        environments: [
            Environment(
                name: "development", baseURL: "http://127.0.0.1:4010/dev/v1/",
                headers: [HeaderField("Authorization", "Bearer {{token}}"), HeaderField("x-layer", "env")],
                variables: ["token": "dev-token", "city": "Madrid"], secrets: ["token"], timeout: 7, retries: 2),
            Environment(
                name: "production", baseURL: "https://api.example.com", variables: ["token": "${PROD_TOKEN}"],
                isProtected: true, tls: TLSSettings(caFile: "certs/ca.pem")),
        ],
        routes: [],
        baseDirectory: "/work/project"
    )

    var builder: RequestBuilder { RequestBuilder(workspace: workspace, processEnvironment: ["PROD_TOKEN": "p"]) }
    var development: Environment { workspace.environments[0] }
    var production: Environment { workspace.environments[1] }

    @Test(
        "URLs join base and path with exactly one slash and fill parameters",
        arguments: [
            ("/users", [String: String](), [QueryItem](), "http://127.0.0.1:4010/dev/v1/users"),
            ("users", [:], [], "http://127.0.0.1:4010/dev/v1/users"),
            // Only the slash between the two is collapsed: a server may redirect `/v1` to `/v1/`.
            ("/", [:], [], "http://127.0.0.1:4010/dev/v1/"),
            ("/users/", [:], [], "http://127.0.0.1:4010/dev/v1/users/"),
            ("/users/:id", ["id": "42"], [], "http://127.0.0.1:4010/dev/v1/users/42"),
            ("/users/{id}", ["id": "a b/c"], [], "http://127.0.0.1:4010/dev/v1/users/a%20b%2Fc"),
            ("/users/:id", ["id": "{{city}}"], [], "http://127.0.0.1:4010/dev/v1/users/Madrid"),
            (
                "/users", [:], [QueryItem("city", "{{city}}"), QueryItem("q", "a&b=c")],
                "http://127.0.0.1:4010/dev/v1/users?city=Madrid&q=a%26b%3Dc"
            ),
            ("/users", [:], [QueryItem("{{city}}_id", "1")], "http://127.0.0.1:4010/dev/v1/users?Madrid_id=1"),
        ])
    func urls(path: String, params: [String: String], query: [QueryItem], expected: String) throws {
        let route = Route(name: "r", method: "GET", path: path)
        let request = try builder.build(
            route: route, environment: development, input: RequestInput(pathParameters: params, query: query))
        #expect(request.request.url == expected)
    }

    @Test("route defaults: params and query, overridden by the user")
    func defaultsAndOverrides() throws {
        let route = Route(
            name: "users.show", method: "GET", path: "/users/:id",
            query: [QueryItem("city", "{{city}}"), QueryItem("page", "1")], params: ["id": "7"])
        #expect(
            try builder.build(route: route, environment: development).request.url
                == "http://127.0.0.1:4010/dev/v1/users/7?city=Madrid&page=1")
        let input = RequestInput(
            pathParameters: ["id": "9"], query: [QueryItem("page", "2"), QueryItem("extra", "x")],
            variables: ["city": "Vigo"])
        #expect(
            try builder.build(route: route, environment: development, input: input).request.url
                == "http://127.0.0.1:4010/dev/v1/users/9?city=Vigo&page=2&extra=x")
    }

    @Test("parameter problems are errors that name the parameter")
    func parameterErrors() {
        let route = Route(name: "users.show", method: "GET", path: "/users/:id")
        #expect(throws: RequestError.missingPathParameter("id", route: "users.show")) {
            try builder.build(route: route, environment: development)
        }
        #expect(throws: RequestError.missingPathParameter("id", route: "users.show")) {
            try builder.build(route: route, environment: development, input: RequestInput(pathParameters: ["id": ""]))
        }
        #expect(throws: RequestError.unknownPathParameter("user", route: "users.show", available: ["id"])) {
            try builder.build(
                route: route, environment: development, input: RequestInput(pathParameters: ["id": "1", "user": "2"]))
        }
    }

    @Test("URLs that cannot be built name the route and environment")
    func badURLs() {
        let route = Route(name: "r", method: "GET", path: "/x")
        for (base, reason) in [
            ("127.0.0.1:4010", "has no scheme (expected http:// or https://)"),
            ("ftp://host", "uses 'ftp', expected http or https (or ws, wss)"),
            ("http://:80", "has no host"),
            ("/relative", "has no scheme (expected http:// or https://)"),
        ] {
            let env = Environment(name: "odd", baseURL: base)
            #expect(
                throws: RequestError.invalidURL(
                    RequestBuilder.join(base: base, path: "/x"), route: "r", environment: "odd", reason: reason)
            ) {
                try builder.build(route: route, environment: env)
            }
        }
    }

    @Test(
        "the quick URL check only passes URLs the full parser accepts",
        arguments: [
            ("http://127.0.0.1:4010/dev/v1/users/42?n=1", true),
            ("https://api.example.com/a/b%20c?q=x%2Fy&r=1", true),
            ("HTTP://host/x", false),  // upper-case scheme: the full parser decides
            ("http://user:pw@host/x", false),  // credentials: the full parser decides
            ("http://[::1]:8080/x", false),  // IPv6 literal: the full parser decides
            ("http://host/a#b#c", false),  // two fragments: the full parser rejects it
            ("http://host:8080", true),
            ("http://host:/x", false),
            ("http://host:80x/y", false),
            ("http://host/%zz", false),
            ("http://host/%4", false),
            ("http://host/a b", false),
            ("http://host/ü", false),
            ("http://:80/x", false),
            ("http:///x", false),
            ("ftp://host/x", false),
            ("127.0.0.1:4010/x", false),
        ])
    func quickURLCheck(url: String, quick: Bool) {
        #expect(RequestBuilder.isPlainHTTPURL(url) == quick)
        if quick {
            #expect(URLComponents(string: url)?.host?.isEmpty == false)
        }
    }

    @Test("headers merge top level › environment › language › route › user, names case-insensitive")
    func headerMerge() throws {
        let route = Route(
            name: "r", method: "GET", path: "/",
            headers: [HeaderField("X-LAYER", "route"), HeaderField("X-Route", "1")])
        let input = RequestInput(headers: [HeaderField("x-layer", "user"), HeaderField("Accept", "")], language: "es")
        let request = try builder.build(route: route, environment: development, input: input)
        #expect(
            request.request.headers == [
                HeaderField("User-Agent", CourierVersion.userAgent),
                HeaderField("x-layer", "user"),
                HeaderField("Authorization", "Bearer dev-token"),
                HeaderField("Accept-Language", "es"),
                HeaderField("X-Route", "1"),
            ])
    }

    @Test("a password in the base URL's userinfo and a proxy's are secrets, with their user:password")
    func credentialsInURLs() throws {
        var environment = Environment(name: "u", baseURL: "http://qa:pa%24%24word@h.test")
        environment.proxy = "http://p:pr0xy-pw@127.0.0.1:3128"
        let builder = RequestBuilder(workspace: Workspace(environments: [environment]), processEnvironment: [:])
        let prepared = try builder.build(route: Route(name: "r", method: "GET", path: "/"), environment: environment)
        let secrets = Set(prepared.origin.secretValues)
        #expect(secrets.isSuperset(of: ["pa%24%24word", "pa$$word", "qa:pa$$word", "pr0xy-pw", "p:pr0xy-pw"]))
        #expect(!prepared.origin.masking(prepared.request.url).contains("word"))
    }

    @Test("User-Agent is courier/VERSION unless the workspace or the user sets one; an empty one removes it")
    func userAgent() throws {
        let route = Route(name: "r", method: "GET", path: "/")
        func agent(_ input: RequestInput, _ workspace: Workspace? = nil) throws -> [String] {
            let builder = workspace.map { RequestBuilder(workspace: $0, processEnvironment: [:]) } ?? self.builder
            return try builder.build(route: route, environment: development, input: input).request.headers
                .filter { $0.name.lowercased() == "user-agent" }.map(\.value)
        }
        #expect(try agent(RequestInput()) == ["courier/\(CourierVersion.current)"])
        #expect(try agent(RequestInput(headers: [HeaderField("user-agent", "qa-bot/2")])) == ["qa-bot/2"])
        #expect(try agent(RequestInput(headers: [HeaderField("User-Agent", "")])) == [])
        var own = workspace
        own.headers.append(HeaderField("User-Agent", "team/1"))
        #expect(try agent(RequestInput(), own) == ["team/1"])
    }

    @Test("bodies keep JSON types and fill templates in strings")
    func bodies() throws {
        let route = Route(
            name: "c", method: "POST", path: "/users",
            body: .object([
                JSONMember("name", .string("{{city}} fan")), JSONMember("age", .number("30")),
                JSONMember("admin", .bool(false)), JSONMember("note", .null),
            ]))
        let request = try builder.build(route: route, environment: development)
        #expect(
            String(decoding: request.request.body ?? [], as: UTF8.self)
                == "{\"name\":\"Madrid fan\",\"age\":30,\"admin\":false,\"note\":null}")
        #expect(request.request.headers.value(for: "content-type") == "application/json")

        let typed = try builder.build(
            route: route, environment: development, input: RequestInput(body: "{\"n\": 1.0, \"s\": \"{{shared}}\"}"))
        #expect(String(decoding: typed.request.body ?? [], as: UTF8.self) == "{\"n\":1.0,\"s\":\"yes\"}")

        #expect(throws: RequestError.self) {
            try builder.build(route: route, environment: development, input: RequestInput(body: "{oops"))
        }
    }

    @Test("settings come from input, then environment, then defaults; CA paths resolve against the workspace")
    func settings() throws {
        let route = Route(name: "r", method: "GET", path: "/")
        let dev = try builder.build(route: route, environment: development)
        #expect(dev.options.timeout == 7 && dev.options.retry.retries == 2 && dev.options.followRedirects)
        let overridden = try builder.build(
            route: route, environment: development, input: RequestInput(timeout: 1, retries: 0, followRedirects: false))
        #expect(
            overridden.options.timeout == 1 && overridden.options.retry.retries == 0
                && !overridden.options.followRedirects)
        let prod = try builder.build(route: route, environment: production)
        #expect(prod.options.timeout == RequestBuilder.defaultTimeout)
        #expect(prod.options.tls.caFile == "/work/project/certs/ca.pem")
    }

    @Test(
        "protected environments need confirmation for anything but GET, HEAD and OPTIONS",
        arguments: [
            ("GET", false), ("HEAD", false), ("OPTIONS", false), ("POST", true), ("PUT", true), ("PATCH", true),
            ("DELETE", true),
        ])
    func confirmation(method: HTTPMethod, needed: Bool) throws {
        let route = Route(name: "r", method: method, path: "/")
        #expect(try builder.build(route: route, environment: production).needsConfirmation == needed)
        #expect(try builder.build(route: route, environment: development).needsConfirmation == false)
    }

    @Test("secret values are known so they can be masked")
    func secrets() throws {
        let request = try builder.build(route: Route(name: "r", method: "GET", path: "/"), environment: development)
        #expect(request.origin.secretValues == ["dev-token"])
        #expect(request.origin.masking("Authorization: Bearer dev-token") == "Authorization: Bearer ••••••")
    }

    @Test("an unset ${NAME} only matters for the environment that uses it")
    func processEnvironmentIsLazy() throws {
        let route = Route(name: "r", method: "GET", path: "/", headers: [HeaderField("Authorization", "{{token}}")])
        let unset = RequestBuilder(workspace: workspace, processEnvironment: [:])
        #expect(throws: RequestError.unsetProcessVariable("PROD_TOKEN")) {
            try unset.build(route: route, environment: production)
        }
        #expect(
            try unset.build(route: route, environment: development).request.headers.value(for: "Authorization")
                == "dev-token")
    }

    @Test(
        "-H parsing",
        arguments: [
            ("X-A: b", HeaderField("X-A", "b") as HeaderField?),
            ("X-A:b:c", HeaderField("X-A", "b:c")),
            ("X-A:", HeaderField("X-A", "")),
            ("no colon", nil),
            ("bad name: x", nil),
        ])
    func headerParsing(text: String, expected: HeaderField?) {
        #expect((try? HeaderField.parse(text)) == expected)
    }
}
