import CourierCore

/// The shown exchange's time, phase by phase (`t` in the Response pane): for each hop (each
/// redirect followed, then the answer) a row per phase with a bar on one time line, so where
/// the time went shows at a glance — a new connection, a slow server, a long download.
public struct TimingDialog: Dialog {
    /// One hop as the dialog shows it.
    public struct Hop: Sendable, Equatable {
        /// `GET http://…/users → 200` (URL masked).
        public var title: String
        /// Its phases, in order, with their lengths in seconds.
        public var phases: [Phase]
        /// `(new connection)`, `(kept alive)`, or empty when connecting was not measured apart.
        public var connection: String
    }

    /// A phase and its length.
    public struct Phase: Sendable, Equatable {
        /// `dns`, `connect`, `tls`, `blocked`, `send`, `wait`, `receive`.
        public var name: String
        /// Seconds.
        public var seconds: Double
    }

    /// The hops, redirects first.
    public var hops: [Hop]
    /// The first line shown (the list scrolls when it is longer than the screen).
    public var scroll = ListCursor()

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "t", "Response", "the response's time, phase by phase: dns, connect, tls, send, wait (first byte), receive",
            Keymap.bind([.char("t")], .response, opening)),
        KeymapRow(
            "↑ ↓ j k, Esc", "timing", "scroll, close",
            Keymap.moves.flatMap { Keymap.bind($0.keys, scope, $0.action) }
                + Keymap.bind([.escape, .char("q"), .char("t"), .enter], scope, .cancel)),
    ]

    /// A dialog of `exchange`'s hops.
    public init(_ exchange: Exchange) {
        hops = exchange.response.hops.map { hop in
            let connection = hop.phases.map { $0.connect == nil ? "(kept alive)" : "(new connection)" } ?? ""
            return Hop(
                title: exchange.origin.masking("\(hop.method.rawValue) \(hop.url) → \(hop.status)"),
                phases: HopPhases.lengths(hop).map { Phase(name: $0.name, seconds: $0.seconds) },
                connection: connection)
        }
    }

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> TimingDialog {
        guard let exchange = state.shownExchange else { throw DialogRefusal("no response to time yet: send one") }
        guard !exchange.response.hops.isEmpty else {
            throw DialogRefusal("this exchange was recorded without its timing")
        }
        return TimingDialog(exchange)
    }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        if case .cancel = action { return .close() }
        _ = scroll.apply(action, count: lines(barWidth: 10).count)
        return .stay()
    }

    /// The dialog's lines with bars `barWidth` cells wide, before scrolling.
    func lines(barWidth: Int) -> [(String, Style)] {
        let total = hops.reduce(0) { $0 + $1.phases.reduce(0) { $0 + $1.seconds } }
        var lines: [(String, Style)] = []
        var elapsed = 0.0
        for (index, hop) in hops.enumerated() {
            let count = hops.count > 1 ? "\(index + 1)/\(hops.count)  " : ""
            lines.append((count + hop.title, Theme.strong))
            if hop.connection == "(kept alive)" {
                lines.append(
                    ("  \("connect".padded(to: 8)) \(String(repeating: "·", count: barWidth)) 0 (kept alive)", .plain))
            }
            for phase in hop.phases {
                let bar = Self.bar(from: elapsed, length: phase.seconds, total: total, width: barWidth)
                let note = phase.name == "connect" ? " " + hop.connection : ""
                lines.append(
                    ("  \(phase.name.padded(to: 8)) \(bar) \(HopPhases.milliseconds(phase.seconds))\(note)", .plain))
                elapsed += phase.seconds
            }
            if hop.connection.isEmpty {
                lines.append(("  (recorded before phases were measured: wait includes connecting)", Theme.hint))
            }
        }
        lines.append(("", .plain))
        lines.append(
            (
                "\(HopPhases.milliseconds(total)) in all · " + Self.footnote(hops),
                Theme.hint
            ))
        return lines
    }

    /// What the phases of `hops` leave to explain.
    private static func footnote(_ hops: [Hop]) -> String {
        let names = Set(hops.flatMap { $0.phases.map(\.name) })
        if names.contains("tls") { return "dns is the name lookup, tls the handshake · Esc closes" }
        if names.contains("dns") { return "dns is the name lookup · Esc closes" }
        return "connect includes DNS and TLS · Esc closes"
    }

    /// `····███·····`: the phase's place on the exchange's time line, at least one cell.
    static func bar(from start: Double, length: Double, total: Double, width: Int) -> String {
        guard total > 0, width > 0 else { return String(repeating: "·", count: max(0, width)) }
        let begin = min(width - 1, Int((start / total * Double(width)).rounded(.down)))
        let end = max(begin + 1, min(width, Int(((start + length) / total * Double(width)).rounded())))
        return String(repeating: "·", count: begin) + String(repeating: "█", count: end - begin)
            + String(repeating: "·", count: width - end)
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(20, min(buffer.width - 6, 100))
        let barWidth = max(4, min(50, width - 40))
        var all = lines(barWidth: barWidth)
        let visible = max(1, buffer.height - 4)
        let first = min(scroll.index, max(0, all.count - visible))
        all = Array(all.dropFirst(first).prefix(visible))
        Views.dialog(title: "Timing", lines: all, style: Theme.focusedBorder, width: width, into: &buffer)
    }
}
