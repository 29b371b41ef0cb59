/// Where a workspace's routes were imported from when that was a URL (`"imports"` in the
/// file): the URL, its format, and the routes it gave, so `courier import --refresh` pulls it
/// again and adds, changes and removes exactly those routes.
public struct ImportSource: Sendable, Equatable {
    /// The http(s) URL the document was fetched from.
    public var url: String
    /// `ImportFormat`'s name of what it holds.
    public var format: String
    /// The routes the last import of it wrote, in order.
    public var routes: [String]

    /// A source.
    public init(url: String, format: String, routes: [String] = []) {
        self.url = url
        self.format = format
        self.routes = routes
    }

    /// The source as the workspace file writes it.
    public var json: JSONValue {
        .object([
            JSONMember("url", .string(url)), JSONMember("format", .string(format)),
            JSONMember("routes", .array(routes.map { .string($0) })),
        ])
    }
}
