import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The sample API's WebSocket endpoints, `PREFIX/ws/KIND` on every deployment: what a user
/// tries (`echo`, JSON `events`, a server that `close`s with a code, a `private` one that
/// needs the deployment's token) and what a hostile server does (`huge`, `bad-utf8`,
/// `silent`, `pings`, `deaf`), for the tests.
enum SampleWebSocket: String, CaseIterable {
    /// Sends every message back.
    case echo
    /// `{"type":"hello"}`, three ticks 50 ms apart, then `{"type":"done"}`; answers
    /// `{"type":"ping"}` with `{"type":"pong"}`, anything else with `{"type":"echo","data":…}`.
    case events
    /// `{"type":"bye"}`, then a close frame with 4001 "session expired".
    case close
    /// An echo that needs `Authorization: Bearer <the deployment's token>`; without it the
    /// upgrade is refused with a 401 and a JSON body.
    case `private`
    /// A 17 MB text message, in 1 MB fragments.
    case huge
    /// A text message that is not UTF-8.
    case badUTF8 = "bad-utf8"
    /// Accepts, then says nothing and answers no close frame.
    case silent
    /// 2,000 pings at once, then `{"type":"done"}`.
    case pings
    /// Accepts, then reads nothing more (its receive buffer 64 KB): what a client sends piles
    /// up in the connection.
    case deaf

    /// The endpoint `uri` names and whether the request may have it; nil for a path that is
    /// no WebSocket endpoint (the request then goes on as plain HTTP).
    static func endpoint(_ head: HTTPRequestHead) -> SampleWebSocket? {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        for deployment in [SampleDeployment.development, .production, .candidate] {
            guard path.hasPrefix(deployment.prefix + "/ws/"),
                let kind = SampleWebSocket(rawValue: String(path.dropFirst(deployment.prefix.count + 4)))
            else { continue }
            if kind == .private && head.headers["Authorization"].first != "Bearer \(deployment.token)" { return nil }
            return kind
        }
        return nil
    }

    /// The upgrader of every endpoint: it takes out the plain-HTTP handler (`httpHandlerName`)
    /// and puts the endpoint's own in its place.
    static func upgrader(httpHandlerName: String) -> NIOWebSocketServerUpgrader {
        NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 24,
            shouldUpgrade: { channel, head in
                channel.eventLoop.makeSucceededFuture(endpoint(head) == nil ? nil : HTTPHeaders())
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    guard let kind = endpoint(head) else { throw ChannelError.inappropriateOperationForState }
                    let pipeline = channel.pipeline.syncOperations
                    let http = try pipeline.context(name: httpHandlerName)
                    pipeline.removeHandler(context: http, promise: nil)
                    try pipeline.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 12,
                            maxAccumulatedFrameSize: 1 << 24))
                    try pipeline.addHandler(SampleWebSocketHandler(kind: kind))
                }
            })
    }

    /// Takes `Upgrade` off a request for a WebSocket the server will not open, so it goes on as
    /// plain HTTP and the router answers it (a 401 for `private` without its token).
    final class RefusalFilter: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .head(var head) = unwrapInboundIn(data), head.headers.contains(name: "Upgrade") else {
                context.fireChannelRead(data)
                return
            }
            guard SampleWebSocket.endpoint(head) == nil else {
                // The upgrade goes ahead, and frames (not HTTP) come next: this one's work is done.
                context.fireChannelRead(data)
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
            head.headers.remove(name: "Upgrade")
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.fireChannelRead(wrapInboundOut(.head(head)))
        }
    }
}
