import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Testing

@testable import CourierCore

/// The sample API's routes, each checked over real HTTP: the status, and one value of the
/// body picked with a json_path (or a header), so a routing mistake shows as a wrong row.
@Suite("Sample API routes")
struct SampleAPITests {
    /// One request and what must come back.
    struct Case: CustomTestStringConvertible, Sendable {
        var method: HTTPMethod
        var path: String
        var headers: [HeaderField] = []
        var body: String?
        var status: Int
        /// `json_path` → the selected value as the server wrote it, or `header:Name` → its value.
        var expect: [String: String] = [:]

        var testDescription: String { "\(method) \(path) → \(status)" }
    }

    static let dev = [HeaderField("Authorization", "Bearer dev-token")]

    static let cases: [Case] = [
        Case(method: .get, path: "/", status: 200, expect: ["deployments.1.base_path": "\"/prod/v1\""]),
        Case(method: .get, path: "/dev/v1/users", status: 200, expect: ["2.name": "\"Pablo\""]),
        Case(method: .get, path: "/dev/v1/users?city=barcelona", status: 200, expect: ["0.id": "2"]),
        Case(method: .get, path: "/prod/v1/users/7", status: 200, expect: ["name": "\"Marie\""]),
        Case(method: .get, path: "/prod/v1/users/%34%32/", status: 200, expect: ["name": "\"Alan\""]),
        Case(method: .head, path: "/dev/v1/users", status: 200, expect: ["header:Content-Type": "application/json"]),
        Case(method: .get, path: "/dev/v1/users/7", status: 404, expect: ["error": "\"no user with id 7\""]),
        Case(
            method: .post, path: "/dev/v1/users", body: "{}", status: 401, expect: ["header:WWW-Authenticate": "Bearer"]
        ),
        Case(
            method: .post, path: "/dev/v1/users", headers: [HeaderField("Authorization", "Bearer prod-token")],
            body: "{}", status: 401),
        Case(
            method: .post, path: "/dev/v1/users", headers: dev, body: "{\"email\":\"x\"}", status: 422,
            expect: ["errors.city.0": "\"can't be blank\"", "errors.email.0": "\"is not an email address\""]),
        Case(method: .post, path: "/dev/v1/users", headers: dev, body: "[1]", status: 400),
        Case(
            method: .delete, path: "/dev/v1/users", headers: dev, status: 405,
            expect: ["header:Allow": "GET, HEAD, POST"]),
        Case(method: .delete, path: "/dev/v1/users/999", headers: dev, status: 404),
        Case(method: .get, path: "/dev/v1/posts", status: 200, expect: ["1.title": "\"Feature flags\""]),
        Case(method: .get, path: "/prod/v1/posts/1", status: 200, expect: ["title": "\"Release notes 2.0\""]),
        Case(method: .get, path: "/dev/v1/posts/1/comments", status: 200, expect: ["1.author": "\"Núria\""]),
        Case(method: .get, path: "/dev/v1/posts/1/comments/2", status: 200, expect: ["text": "\"Molt bé!\""]),
        Case(method: .get, path: "/dev/v1/posts/9/comments", status: 404, expect: ["error": "\"no post with id 9\""]),
        Case(method: .get, path: "/prod/v1/messages", status: 200, expect: ["1.from": "\"support@example.com\""]),
        Case(method: .get, path: "/prod/v1/headlines?lang=es", status: 200, expect: ["language": "\"es\""]),
        Case(
            method: .get, path: "/dev/v1/headlines", headers: [HeaderField("Accept-Language", "ca-ES,ca;q=0.9")],
            status: 200, expect: ["language": "\"ca\"", "header:Content-Language": "ca"]),
        Case(
            method: .post, path: "/dev/v1/login", body: "{\"user\":\"qa\",\"password\":\"dev-password\"}", status: 200,
            expect: ["access_token": "\"development-session-1\"", "token_type": "\"Bearer\""]),
        Case(
            method: .post, path: "/prod/v1/login", body: "{\"user\":\"qa\",\"password\":\"dev-password\"}", status: 401,
            expect: ["error": "\"wrong user or password\""]),
        Case(
            method: .get, path: "/dev/v1/account", headers: dev, status: 401,
            expect: ["header:WWW-Authenticate": "Bearer"]),
        Case(method: .get, path: "/prod/v1/me", status: 200, expect: ["response.user.name": "\"Alan\""]),
        Case(
            method: .put, path: "/dev/v1/echo/a/b?x=1", body: "plain", status: 200,
            expect: ["method": "\"PUT\"", "path": "\"/dev/v1/echo/a/b\"", "query.x": "\"1\"", "body": "\"plain\""]),
        Case(method: .delete, path: "/prod/v1/echo", status: 200, expect: ["deployment": "\"production\""]),
        Case(method: .get, path: "/dev/v1/status/418", status: 418, expect: ["status": "418"]),
        Case(method: .post, path: "/dev/v1/status/503", status: 503),
        Case(method: .get, path: "/dev/v1/status/abc", status: 400),
        Case(method: .get, path: "/dev/v1/status/204", status: 204),
        Case(method: .get, path: "/dev/v1/delay/1", status: 200, expect: ["delayed_ms": "1"]),
        Case(method: .get, path: "/dev/v1/large?items=3", status: 200, expect: ["items.2.id": "2"]),
        Case(
            method: .get, path: "/dev/v1/text", status: 200,
            expect: ["header:Content-Type": "text/plain; charset=utf-8"]),
        Case(method: .get, path: "/dev/v1/redirect/0", status: 200, expect: ["redirected": "true"]),
        Case(
            method: .get, path: "/staging/v1/users", status: 404,
            expect: ["error": "\"no route for GET /staging/v1/users\""]),
        Case(
            method: .get, path: "/dev/v1/nothing/here", status: 404,
            expect: ["error": "\"no route for GET /dev/v1/nothing/here\""]),
    ]

    @Test("each route answers with its status and body", arguments: cases)
    func route(_ item: Case) async throws {
        let response = try await withServer { server, client in
            let request = HTTPRequest(
                method: item.method, url: server.url(item.path), headers: item.headers,
                body: item.body.map { Array($0.utf8) })
            return try await client.send(
                request, options: SendOptions(timeout: Patience.loopback, followRedirects: false))
        }
        #expect(response.status == item.status, "\(String(decoding: response.body, as: UTF8.self))")
        for (key, expected) in item.expect.sorted(by: { $0.key < $1.key }) {
            if key.hasPrefix("header:") {
                #expect(response.headers.value(for: String(key.dropFirst(7))) == expected, "\(key)")
            } else {
                let range = try JSONPath(key).select(in: response.body)
                #expect(String(decoding: response.body[range], as: UTF8.self) == expected, "\(key)")
            }
        }
    }

    @Test("a user created in development can be read, changed and deleted there, and production never sees it")
    func userLifecycle() async throws {
        try await withServer { server, client in
            func send(_ method: HTTPMethod, _ path: String, _ body: String? = nil) async throws -> HTTPResponse {
                let request = HTTPRequest(
                    method: method, url: server.url(path), headers: Self.dev, body: body.map { Array($0.utf8) })
                return try await client.send(request, options: SendOptions(timeout: Patience.loopback))
            }
            // GIVEN a new user in development
            let created = try await send(.post, "/dev/v1/users", "{\"name\":\"Lin\",\"city\":\"Oslo\"}")
            #expect(created.status == 201 && created.headers.value(for: "Location") == "/dev/v1/users/43")
            // WHEN it is changed, THEN the change is what is read back, in development only
            #expect(try await send(.patch, "/dev/v1/users/43", "{\"city\":\"Bergen\"}").status == 200)
            let read = try await send(.get, "/dev/v1/users/43")
            #expect(try JSONValue.parse(read.body)["address"]?["city"] == .string("Bergen"))
            #expect(try await send(.get, "/prod/v1/users/43").status == 404)
            // WHEN it is deleted, THEN it is gone
            #expect(try await send(.delete, "/dev/v1/users/43").status == 204)
            #expect(try await send(.get, "/dev/v1/users/43").status == 404)
            // AND the log lists every request but its own reads, in order, with the query
            _ = try await send(.get, "/dev/v1/users?city=Oslo")
            let log = try await send(.get, "/_requests")
            let expected = [
                "POST /dev/v1/users", "PATCH /dev/v1/users/43", "GET /dev/v1/users/43", "GET /prod/v1/users/43",
                "DELETE /dev/v1/users/43", "GET /dev/v1/users/43", "GET /dev/v1/users?city=Oslo",
            ]
            #expect(try JSONValue.parse(log.body)["requests"] == .array(expected.map(JSONValue.string)))
        }
    }
}
