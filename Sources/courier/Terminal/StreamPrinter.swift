import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Prints a live stream as it arrives (`courier call` of an SSE or NDJSON endpoint): each
/// event as soon as it is complete, written straight to stdout (no buffer to flush), so a
/// pipe sees it at once. `--raw` prints events in their wire format; otherwise a
/// server-sent event is its `event`/`id` line and its data (JSON pretty-printed), and an
/// NDJSON line is its JSON pretty-printed.
final class StreamPrinter: Sendable {
    private let include: Bool
    private let raw: Bool
    private let color: Bool
    private let masking: @Sendable (String) -> String
    private let started = Locked(false)

    init(include: Bool, raw: Bool, color: Bool, masking: @escaping @Sendable (String) -> String) {
        self.include = include
        self.raw = raw
        self.color = color
        self.masking = masking
    }

    /// Whether the response was a stream (its body is printed already).
    var printed: Bool {
        started.withLock { $0 }
    }

    func handle(_ update: StreamUpdate) {
        // Held while printing: events from the engine's thread come out whole and in order.
        started.withLock { started in
            switch update {
            case .head(let status, let reason, let version, let headers):
                started = true
                guard include else { return }
                var head = "\(version) \(status) \(reason)\n"
                for header in headers { head += "\(header.name): \(header.value)\n" }
                Console.out(masking(head) + "\n")
            case .event(let event):
                if raw {
                    Console.raw(event.wireText)
                } else {
                    Console.out(event.readableText(colored: color))
                }
            case .partial:
                // Only a screen asks for the start of a body; the command line prints it whole.
                break
            }
        }
    }
}
