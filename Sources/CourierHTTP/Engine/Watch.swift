import CourierCore

/// The caller's view of one request while it runs: bytes received so far, and the events of a
/// live stream, with a note of whether any event was shown (a stream that breaks after that is
/// not sent again by a retry: its events would show twice).
final class Watch: Sendable {
    let progress: (@Sendable (Int) -> Void)?
    let events: (@Sendable (StreamUpdate) -> Void)?
    /// Bytes after which a body still arriving is reported once as `.partial` (nil: never).
    let partialAfter: Int?
    /// The request's secret values: a header holding one stays behind on a redirect to
    /// another origin.
    let secrets: [String]
    private let shown = Locked(false)

    init(
        progress: (@Sendable (Int) -> Void)?, events: (@Sendable (StreamUpdate) -> Void)?, partialAfter: Int? = nil,
        secrets: [String] = []
    ) {
        self.progress = progress
        self.events = events
        self.partialAfter = events == nil ? nil : partialAfter
        self.secrets = secrets
    }

    /// Whether a stream event was reported.
    var streamed: Bool { shown.withLock { $0 } }

    func report(_ update: StreamUpdate) {
        if case .event = update { shown.withLock { $0 = true } }
        events?(update)
    }
}
