/// What the Response pane knows of a stream (`text/event-stream`, NDJSON) beyond its body:
/// how many events came, whether the view follows the tail, and whether more may come.
public struct LiveStream: Sendable, Equatable {
    /// Where the stream is.
    public enum Phase: Sendable, Equatable {
        /// Events are still arriving.
        case live
        /// Esc ended it; what came is kept.
        case stopped
        /// It broke off (a timeout between events, a reset); what came is kept.
        case failed
        /// It ended on its own: the body is the whole response's.
        case complete
    }

    /// Where the stream is.
    public var phase: Phase
    /// Events shown.
    public var events = 0
    /// Whether each new event scrolls the view to it. Moving up stops it; `G` (or moving
    /// down to the last line) starts it again.
    public var following = true
    /// Body lines that are an event's `event: type  id: n` line (drawn dimmed).
    public var titleLines: Set<Int> = []
    /// The body line each shown event starts on, in order.
    public var eventStarts: [Int] = []
    /// The oldest events, no longer shown: the transcript keeps the newest ones only.
    public var droppedEvents = 0

    /// The most transcript text the pane holds; past it the oldest events go, down to half, so
    /// a stream left running for hours stays flat in memory, as it does in the engine.
    public static let maxShownBytes = 4 << 20

    /// What one is called: `event`, or a WebSocket's `message`.
    public var unit = "event"

    /// A stream in `phase`.
    public init(phase: Phase, unit: String = "event") {
        self.phase = phase
        self.unit = unit
    }

    /// `1 event`, `3 events`, `2 messages`.
    public var count: String { events == 1 ? "1 \(unit)" : "\(events) \(unit)s" }

    /// `● live · 3 events`, `stopped (Esc) · 3 events`: the words the pane title shows.
    public var label: String {
        switch phase {
        case .live: return "● live · \(count)\(dropped)\(following ? "" : " · G follows")"
        case .stopped: return "stopped (Esc) · \(count)\(dropped)"
        case .failed: return "broken off · \(count)\(dropped)"
        case .complete: return count + dropped
        }
    }

    /// ` (the first 120 no longer shown)`, or nothing.
    private var dropped: String {
        droppedEvents == 0 ? "" : " (the first \(droppedEvents) no longer shown)"
    }
}
