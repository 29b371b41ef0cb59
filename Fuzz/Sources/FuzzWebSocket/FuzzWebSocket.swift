// A WebSocket's answer and frames as a hostile server sends them, through the very handlers
// the engine uses (`WebSocketHandshake`, swift-nio's frame decoder, `WebSocketPeer`) on an
// embedded channel. The first byte picks how the rest arrives: after a valid `101` head (even)
// or as the answer itself (odd), and where it is cut in two. Whatever comes: no crash, the
// upgrade ends one way, no message over the limit, every text message UTF-8, one end and
// nothing after it; the answer's head and a refusal's body read the same whole or cut.
import CourierCore
import CourierWebSocket
import FuzzSupport
import NIOCore
import NIOEmbedded
import NIOWebSocket

/// What the peer reported, in order.
final class Reports: @unchecked Sendable {
    var events: [WebSocketPeer.Event] = []
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    guard let control = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    let split = rest.isEmpty ? 0 : Int(control >> 1) % (rest.count + 1)
    answerReads(rest, split: split)
    let head = Array(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: a\r\n\r\n"
            .utf8)
    conversation(control & 1 == 0 ? head + rest : rest, split: control & 1 == 0 ? head.count + split : split)
    return 0
}

/// The head reader and a refusal's body give the same whether the bytes come whole or cut.
func answerReads(_ bytes: [UInt8], split: Int) {
    var whole = WebSocketAnswer()
    var cut = WebSocketAnswer()
    let once = try? whole.head(bytes)
    var twice: (WebSocketAnswer.Head, rest: [UInt8])?
    var failed = false
    do {
        twice = try cut.head(bytes[..<split])
        if twice == nil { twice = try cut.head(bytes[split...]) } else { twice?.rest += bytes[split...] }
    } catch {
        failed = true
    }
    Invariant.require((once == nil) == (twice == nil) || failed, "the head depends on how the bytes were cut")
    guard let (head, after) = once, let other = twice else { return }
    Invariant.require(head == other.0 && after == other.rest, "the head or what follows it depends on the cut")
    var body = WebSocketRefusalBody(head)
    var pieces = WebSocketRefusalBody(head)
    let one = Result { try body.feed(after) }
    let cutAt = after.isEmpty ? 0 : split % (after.count + 1)
    let two = Result {
        try pieces.feed(Array(after[..<cutAt]))
        try pieces.feed(Array(after[cutAt...]))
    }
    if case .success = one, case .success = two {
        Invariant.require(body.kept == pieces.kept && body.size == pieces.size, "the body depends on the cut")
    }
    Invariant.require(body.kept.count <= WebSocketRefusalBody.keptLimit, "more than the limit kept")
}

/// The bytes as the server's side of a connection, in two reads.
func conversation(_ bytes: [UInt8], split: Int) {
    let channel = EmbeddedChannel()
    let reports = Reports()
    let limit = 1024
    let outcome = channel.eventLoop.makePromise(of: WebSocketHandshake.Outcome.self)
    let handshake = WebSocketHandshake(
        request: Array("GET / HTTP/1.1\r\n\r\n".utf8), accept: "a", promise: outcome
    ) { pipeline, handshake in
        try pipeline.addHandlers(
            [
                ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: limit)), WebSocketFrameEncoder(),
                WebSocketPeer(limit: limit) { reports.events.append($0) },
            ], position: .after(handshake))
    }
    do {
        try channel.pipeline.syncOperations.addHandler(handshake)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        for piece in [bytes[..<min(split, bytes.count)], bytes[min(split, bytes.count)...]] where !piece.isEmpty {
            try channel.writeInbound(channel.allocator.buffer(bytes: piece))
        }
    } catch {
        // A broken frame or answer closes the channel: what was reported still holds the rules.
    }
    outcome.fail(WebSocketUpgradeError.closedBeforeAnswer)  // ignored when already completed
    _ = try? channel.finish()
    // The waits for an answer to a close run now, so nothing they hold outlives the input.
    channel.embeddedEventLoop.advanceTime(by: .seconds(60))
    channel.embeddedEventLoop.run()
    var ended = false
    for event in reports.events {
        Invariant.require(!ended, "an event after the end")
        switch event {
        case .message(let kind, let data):
            Invariant.require(data.count <= limit, "a message over the limit")
            if kind == .text { Invariant.require(String(validating: data, as: UTF8.self) != nil, "text not UTF-8") }
        case .ended(let close, let problem, _):
            ended = true
            if let problem { Invariant.require(!problem.contains("\n"), "a problem on two lines") }
            _ = close?.summary
        }
    }
}
