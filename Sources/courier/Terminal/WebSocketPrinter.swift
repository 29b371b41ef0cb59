import CourierCore

/// Prints a WebSocket conversation as it passes (`courier call` of a WebSocket route): each
/// message received as soon as it is whole (JSON pretty-printed; `--raw` as it came, one per
/// line), and with `--include` the upgrade's answer first and every message both ways, each
/// under an `← 0.052 s` or `→ 0.001 s` line, like a transcript.
final class WebSocketPrinter: Sendable {
    private let include: Bool
    private let raw: Bool
    private let color: Bool
    private let masking: @Sendable (String) -> String
    private let lock = Locked(())

    init(include: Bool, raw: Bool, color: Bool, masking: @escaping @Sendable (String) -> String) {
        self.include = include
        self.raw = raw
        self.color = color
        self.masking = masking
    }

    /// The upgrade's answer (`--include` only).
    func opened(_ response: HTTPResponse) {
        guard include else { return }
        var head = response.statusLine + "\n"
        for header in response.headers { head += "\(header.name): \(header.value)\n" }
        lock.withLock { _ in Console.out(masking(head) + "\n") }
    }

    func message(_ message: WebSocketMessage) {
        guard include || message.direction == .received else { return }
        lock.withLock { _ in
            if include {
                var title = "\(message.arrow) \(Seconds.fixed(message.time, places: 3)) s"
                if message.kind == .binary { title += "  binary" }
                Console.out((color ? "\u{1B}[2m" + title + "\u{1B}[0m" : title) + "\n")
            }
            if raw {
                Console.raw(message.data + [10])
            } else {
                Console.out(message.readableText(colored: color))
            }
        }
    }
}
