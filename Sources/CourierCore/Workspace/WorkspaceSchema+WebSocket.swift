/// `"websocket": true` and `"messages": […]` on a route.
extension WorkspaceSchema {
    /// A WebSocket route (`"websocket": true`, or a path that is a `ws://` URL) upgrades a
    /// GET and has no body; `messages` belong to one.
    func checkWebSocket(_ route: Route, _ path: String, bodies: [String]) throws(WorkspaceError) {
        guard route.isWebSocket else {
            for (key, given) in [("messages", !route.messages.isEmpty), ("until", route.until != nil)] where given {
                throw reader.fail(reader.join(path, key), "applies to a WebSocket route (\"websocket\": true)")
            }
            return
        }
        guard route.method == .get else {
            throw reader.fail(
                reader.join(path, "method"), "is \(route.method.rawValue); a WebSocket route upgrades a GET")
        }
        if let body = bodies.first {
            throw reader.fail(reader.join(path, body), "is a body; a WebSocket route sends messages instead")
        }
    }

    /// `"until": "json type == \"done\""`: one check line.
    func until(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Check {
        let line = try reader.string(value, path)
        do {
            return try parsedChecks.check(line)
        } catch {
            throw reader.fail(path, error.description)
        }
    }
}
