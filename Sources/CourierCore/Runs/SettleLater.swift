/// A way to send a request without settling its answer (its checks, captures and record), and
/// to settle that answer afterwards on any thread (`SendPipeline.sendUnsettled` and
/// `settleAtOnce`). With it and `CheckRunner.idle`, a one-job run settles each answer while
/// the next request is in flight.
///
/// Why: on loopback, checking an answer and handing it to history took 14 µs of the sending
/// thread after each answer, a tenth of a check run's time, while the server answered the
/// next request it could already have had.
public struct SettleLater: Sendable {
    /// Whether an answer to the request can be settled later (`SendPipeline.settlesAtOnce`).
    public var applies: @Sendable (PreparedRequest) -> Bool
    /// Sends the request and returns the answer unsettled.
    public var send: CheckRunner.Send
    /// Settles an answer of `send`.
    public var settle: @Sendable (Exchange, PreparedRequest) -> Exchange

    /// A way of settling later.
    public init(
        applies: @escaping @Sendable (PreparedRequest) -> Bool, send: @escaping CheckRunner.Send,
        settle: @escaping @Sendable (Exchange, PreparedRequest) -> Exchange
    ) {
        self.applies = applies
        self.send = send
        self.settle = settle
    }

    /// An answer waiting to be settled: by the work handed to `idle`, or by the run when it
    /// needs the result first, whichever comes first; exactly once.
    final class Pending: Sendable {
        private enum State {
            case waiting(Exchange)
            case settled(Exchange)
        }

        private let state: Locked<State>
        private let prepared: PreparedRequest
        private let settle: @Sendable (Exchange, PreparedRequest) -> Exchange

        init(
            _ exchange: Exchange, _ prepared: PreparedRequest,
            settle: @escaping @Sendable (Exchange, PreparedRequest) -> Exchange
        ) {
            state = Locked(.waiting(exchange))
            self.prepared = prepared
            self.settle = settle
        }

        /// The settled answer, settled now if it was still waiting.
        func settled() -> Exchange {
            // Under the lock: the other side waits instead of settling (and recording) it twice.
            state.withLock { state in
                switch state {
                case .settled(let exchange):
                    return exchange
                case .waiting(let exchange):
                    let settled = settle(exchange, prepared)
                    state = .settled(settled)
                    return settled
                }
            }
        }
    }
}
