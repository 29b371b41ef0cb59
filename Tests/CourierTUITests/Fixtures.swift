import CourierCore
import Testing

@testable import CourierTUI

/// A small workspace: development, protected production, three routes.
enum Fixtures {
    static let workspace = Workspace(
        headers: [HeaderField("Accept", "application/json")],
        languages: ["en", "es"],
        environments: [
            Environment(
                name: "development", baseURL: "http://dev.test/v1",
                headers: [HeaderField("Authorization", "Bearer {{token}}")],
                variables: ["token": "dev-secret", "city": "Madrid"], secrets: ["token"]),
            Environment(
                name: "production", baseURL: "https://prod.test", variables: ["token": "prod-secret", "city": "Paris"],
                secrets: ["token"], isProtected: true),
        ],
        routes: [
            Route(name: "users.index", method: "GET", path: "/users", query: [QueryItem("city", "{{city}}")]),
            showRoute,
            createRoute,
        ]
    )

    /// `users.show`, with two checks (the city must be the environment's).
    static var showRoute: Route {
        var route = Route(
            name: "users.show", method: "GET", path: "/users/:id", params: ["id": "42"], jsonPath: "address.city")
        route.checks = [
            Check(query: .status, predicate: .equal, value: .number("200"), source: "status == 200"),
            Check(
                query: .json(JSONPath("address.city")), predicate: .equal, value: .string("{{city}}"),
                source: "json address.city == \"{{city}}\""),
        ]
        return route
    }

    /// `users.create`, which captures the new user's id as `created`.
    static var createRoute: Route {
        var route = Route(
            name: "users.create", method: "POST", path: "/users",
            body: .object([
                JSONMember("name", .string("Pablo")), JSONMember("age", .number("30")),
                JSONMember("admin", .bool(false)), JSONMember("tags", .array([])),
            ]))
        route.captures = [Capture(name: "created", query: .json(JSONPath("id")))]
        return route
    }

    static func state(session: SessionState = SessionState(), width: Int = 100, height: Int = 30) -> AppState {
        AppState(workspace: workspace, processEnvironment: [:], session: session, width: width, height: height)
    }

    static func response(
        _ body: String, status: Int = 200, headers: [HeaderField] = [HeaderField("Content-Type", "application/json")]
    ) -> HTTPResponse {
        HTTPResponse(
            status: status, reason: status == 200 ? "OK" : "Error", headers: headers, body: Array(body.utf8),
            totalTime: 0.012)
    }
}

extension AppState {
    /// Sends each key in turn and returns all effects.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        keys.flatMap { update(.key($0)) }
    }

    /// Presses Enter in the open form and delivers `response` as the answer to that request.
    mutating func sendAndAnswer(_ response: HTTPResponse) throws {
        let id = try #require(press(.enter).sent.first?.id)
        answer(id, with: response)
    }

    /// Delivers `response` as the answer to request `id`, as the runtime would: an exchange
    /// carrying the request and origin that were sent (a blank one when `id` is not in flight),
    /// with the body printed ahead and the route's checks and captures run on it.
    mutating func answer(_ id: Int, with response: HTTPResponse) {
        let sent = inFlight[id]?.request ?? PreparedRequest(request: HTTPRequest(method: .get, url: ""))
        var exchange = Exchange(request: sent.request, response: response, origin: sent.origin)
        let printed = ResponseDisplay.printedJSON(of: response)
        sent.checkPlan?.apply(to: &exchange, bodyIsJSON: printed != nil)
        _ = update(.response(id: id, result: .success(exchange), printed: printed))
    }

    /// Types `text` character by character.
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        text.flatMap { update(.key(.char($0))) }
    }
}

extension Array where Element == Effect {
    /// The requests these effects send, with their ids and send options.
    var sent: [(id: Int, request: HTTPRequest, options: SendOptions)] {
        compactMap { effect in
            if case .send(let id, let prepared) = effect { return (id, prepared.request, prepared.options) }
            return nil
        }
    }
}

extension ResponseDisplay {
    /// Every line the pane would show, as text.
    var allLines: [String] { (0..<lineCount).map(line) }
}
