import CourierCore
import CourierHTTP

/// A WebSocket route through the one pipeline: its cookies, token, checks, captures and
/// history as any request's, with the transcript.
extension SendPipeline {
    /// Opens `prepared`'s WebSocket and converses as its plan says: the plan's messages first,
    /// then each of `outgoing` (a front end's: stdin's lines, the screen's message field),
    /// until the plan has heard enough, the server closes, or nothing passes for the timeout.
    /// Without `until` or `count`, the conversation closes when it has nothing more to send.
    /// - Parameters:
    ///   - opened: called with the upgrade's answer once accepted.
    ///   - message: called with each message, both ways, as it passes.
    public func converse(
        _ prepared: PreparedRequest, run: String? = nil,
        outgoing: AsyncStream<HTTPEngine.WebSocketOutgoing>? = nil,
        opened: (@Sendable (HTTPResponse) -> Void)? = nil,
        message: (@Sendable (WebSocketMessage) -> Void)? = nil
    ) async throws(TransportError) -> Exchange {
        let plan = prepared.webSocket ?? WebSocketPlan()
        let (merged, feed) = AsyncStream<HTTPEngine.WebSocketOutgoing>.makeStream()
        for text in plan.messages { feed.yield(.message(.text, Array(text.utf8))) }
        var forwarding: Task<Void, Never>?
        if let outgoing {
            forwarding = Task {
                for await item in outgoing { feed.yield(item) }
                if !plan.waits { feed.finish() }
            }
        } else if !plan.waits {
            feed.finish()
        }
        defer {
            forwarding?.cancel()
            feed.finish()
        }
        let context = prepared.checkPlan?.context ?? TemplateContext()
        var enough: (@Sendable (WebSocketTranscript) -> Bool)?
        if plan.waits { enough = { plan.isDone($0, context: context) } }
        let started = ContinuousClock.now
        let exchange: Exchange
        do throws(TransportError) {
            exchange = try await engine.converse(
                prepared, cookies: cookies.session(for: prepared), tokens: tokens, outgoing: merged, opened: opened,
                message: message, enough: enough)
        } catch {
            if case .cancelled = error {
            } else {
                recorder?.recordFailure(
                    prepared, error: error, elapsed: (ContinuousClock.now - started).inSeconds, run: run)
            }
            throw error
        }
        return await settle(exchange, prepared, run: run, bodyIsJSON: false)
    }
}
