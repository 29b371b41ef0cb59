import CourierCore

/// A request as the endpoints see it: the body already collected and the route's
/// parameters (`:id`) by name, so an endpoint is a plain function of it and its deployment.
struct SampleRequest: Sendable {
    var method: String
    var path: String
    /// Path and query as sent (what HTTP Digest signs).
    var target: String
    /// The query as sent, without its `?` (nil when the target has no `?`).
    var rawQuery: String?
    var query: [QueryItem]
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// The matched route's parameters, such as `id` for `users/:id`.
    var parameters: [String: String]

    /// The largest body the sample API reads; a bigger one is answered with 413.
    static let bodyLimit = 64 << 20

    /// A request as it arrived: `target` is the path and query as sent. The parameters are
    /// the router's to fill.
    init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts[0])
        rawQuery = parts.count > 1 ? String(parts[1]) : nil
        // Decoded as most web frameworks decode a query (Rails, Django, Express, Go): `+` is a space.
        query = PercentEncoding.formItems(rawQuery)
        self.headers = headers
        self.body = body
        parameters = [:]
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
