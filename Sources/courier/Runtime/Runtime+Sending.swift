import CourierCore
import CourierHTTP
import CourierPipeline
import CourierTUI

/// Sending the screen's requests: each on its own task, its progress, stream events and
/// WebSocket messages reported as they come, its answer delivered as `.response`.
extension Runtime {
    /// Sends `request` as request `id`.
    func send(id: Int, _ request: PreparedRequest) {
        // The next send's made values are new ones (the preview shows them from now on).
        inbox.append(.drawn(.fresh()))
        let pipeline = sendingPipeline()
        let board = progress
        let input = self.input
        sentAt[id] = ContinuousClock.now
        var outgoing: AsyncStream<HTTPEngine.WebSocketOutgoing>?
        if request.isWebSocket { (outgoing, conversations[id]) = AsyncStream.makeStream() }
        tasks[id] = Task { [weak self] in
            let result: Result<Exchange, TransportError>
            // Printed on the request's task, off the screen's loop, once: the check "body
            // is valid JSON" takes the verdict from it, and the screen shows it as it is.
            let printed = Locked<TextDocument?>(nil)
            do throws(TransportError) {
                let exchange = try await pipeline.send(
                    request, progress: { board.update(id: id, received: $0) },
                    events: { update in
                        board.stream(id: id, update)
                        input.wake()
                    }, partialAfter: ResponseDisplay.partialAfter,
                    examine: { response in
                        let document = ResponseDisplay.printedJSON(of: response)
                        printed.withLock { $0 = document }
                        return document != nil
                    }, outgoing: outgoing)
                result = .success(exchange)
            } catch {
                result = .failure(error)
            }
            board.remove(id: id)
            for message in pipeline.saveCookies(request.origin.environmentName) {
                self?.inbox.append(.notice(message, isError: true))
            }
            self?.sentAt[id] = nil
            self?.conversations[id] = nil
            self?.inbox.append(.response(id: id, result: result, printed: printed.withLock { $0 }))
            self?.tasks[id] = nil
            self?.input.wake()
        }
    }
}
