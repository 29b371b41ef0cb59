/// A connection of the engine's own, as the pool holds it: HTTP/1.1, one request at a time,
/// or HTTP/2, a stream per request.
enum WireLink: Sendable {
    case single(WireConnection)
    case multiplexed(WireMultiplexer)

    /// Closes it (requests on it fail).
    func close() {
        switch self {
        case .single(let connection): connection.close()
        case .multiplexed(let multiplexer): multiplexer.close()
        }
    }
}
