/// `GET ws/:kind` reached as plain HTTP: the upgrade was not asked for, or (for `private`)
/// refused. An accepted upgrade never gets here (`SampleWebSocket` takes the connection).
extension SampleRouter {
    func webSocketRefusal(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let kind = request.parameters["kind"] ?? ""
        guard SampleWebSocket(rawValue: kind) != nil else {
            return .error(
                404,
                "no WebSocket endpoint '\(kind)'; there are "
                    + SampleWebSocket.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if kind == SampleWebSocket.private.rawValue {
            var reply = SampleReply.error(
                401, "ws/private needs 'Authorization: Bearer <token>' for the \(deployment.name) deployment")
            reply.headers.append(("WWW-Authenticate", "Bearer"))
            return reply
        }
        var reply = SampleReply.error(426, "ws/\(kind) is a WebSocket endpoint: send an upgrade (Upgrade: websocket)")
        reply.headers.append(("Upgrade", "websocket"))
        return reply
    }
}
