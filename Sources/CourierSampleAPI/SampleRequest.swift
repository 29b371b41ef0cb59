import CourierCore
import Foundation
import Hummingbird

/// A request as the endpoints see it: the body already collected and the route's
/// parameters (`:id`) by name, so an endpoint is a plain function of it and its deployment.
struct SampleRequest: Sendable {
    var method: String
    var path: String
    /// Path and query as sent (what HTTP Digest signs).
    var target: String
    var query: [(name: String, value: String)]
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// The matched route's parameters, such as `id` for `users/:id`.
    var parameters: [String: String]

    /// The largest body the sample API reads; a bigger one is refused by the server library.
    static let bodyLimit = 64 << 20

    /// Reads `request`'s body and the parameters Hummingbird's router matched.
    init(_ request: Request, context: BasicRequestContext) async throws {
        let body = try await request.body.collect(upTo: Self.bodyLimit)
        method = request.method.rawValue
        path = request.uri.path
        target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        // Decoded as most web frameworks decode a query (Rails, Django, Express, Go): `+` is a space.
        query = PercentEncoding.formItems(request.uri.query).map { ($0.name, $0.value) }
        headers = request.headers.map { ($0.name.rawName, $0.value) }
        self.body = Array(body.readableBytesView)
        // The router matches the raw path; values are decoded so `users/%34%32` is user 42.
        parameters = Dictionary(
            context.parameters.map { (String($0.key), $0.value.removingPercentEncoding ?? String($0.value)) },
            uniquingKeysWith: { first, _ in first })
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The token of `Authorization: Bearer …` (`""` without one).
    var bearerToken: String {
        let header = self.header("Authorization") ?? ""
        return header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
    }

    /// The route parameter `name` (`""` when the route has none by that name).
    func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }
}
