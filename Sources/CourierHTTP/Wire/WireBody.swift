import NIOCore

/// An answer's body as a `WireHandler` hands it on: whole, when it came in the same reads as
/// the head (a small answer, nearly every one a check run gets), or as a sequence read from the
/// socket as it is consumed. A whole body costs no producer, no back-pressure and no task
/// switch per part.
struct WireBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    private enum Parts: Sendable {
        case whole([ByteBuffer])
        case streaming(WireHandler.Body)
    }

    private let parts: Parts

    /// A body that has ended: `parts` is all of it.
    static func whole(_ parts: [ByteBuffer]) -> WireBody { WireBody(parts: .whole(parts)) }

    /// A body still arriving.
    static func streaming(_ sequence: WireHandler.Body) -> WireBody { WireBody(parts: .streaming(sequence)) }

    /// Whether the body had ended when it was handed on.
    var isWhole: Bool {
        if case .whole = parts { return true }
        return false
    }

    func makeAsyncIterator() -> AsyncIterator {
        switch parts {
        case .whole(let parts): AsyncIterator(whole: parts.makeIterator(), stream: nil)
        case .streaming(let sequence): AsyncIterator(whole: nil, stream: sequence.makeAsyncIterator())
        }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var whole: IndexingIterator<[ByteBuffer]>?
        fileprivate var stream: WireHandler.Body.AsyncIterator?

        mutating func next() async throws -> ByteBuffer? {
            if whole != nil { return whole?.next() }
            return try await stream?.next()
        }
    }
}
