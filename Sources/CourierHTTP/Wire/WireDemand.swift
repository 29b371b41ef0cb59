import NIOCore

/// Tells a `WireHandler` what the consumer of one answer's body wants, from whatever thread
/// it runs on: more (a held-back read goes out) or nothing more (the connection is closed).
struct WireDemand: NIOAsyncSequenceProducerDelegate {
    let handler: NIOLoopBound<WireHandler>
    /// The request the body belongs to.
    let generation: Int

    func produceMore() {
        // The engine's tasks run on the connection's loop (`EventLoopTaskExecutor`): there the
        // read goes out at once, not a loop turn later.
        if handler.eventLoop.inEventLoop {
            handler.value.resume(generation)
            return
        }
        let (handler, generation) = (handler, generation)
        handler.eventLoop.execute { handler.value.resume(generation) }
    }

    func didTerminate() {
        let (handler, generation) = (handler, generation)
        handler.eventLoop.execute { handler.value.abandon(generation) }
    }
}
