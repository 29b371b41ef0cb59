import CourierCore

/// The command palette (Ctrl-P, or `:` outside the form): one list of what can be done — the
/// keymap's actions with their keys, the routes, the environments, the runs and the newest
/// recorded exchanges (read after it opens) — filtered as
/// the user types by a fuzzy match (the letters in order, a run of them and word starts
/// scoring higher); Enter does the one under the cursor.
public struct CommandPalette: Dialog {
    /// What an entry does.
    public enum Choice: Sendable, Equatable {
        /// Open the route (the Request pane shows its form).
        case route(String)
        /// Make environment `index` the active one.
        case environment(Int)
        /// Start the run called this (nil: the default selection).
        case run(String?)
        /// Do `action` as its key would, from `pane` when it needs one focused.
        case action(Action, pane: Pane?)
        /// Show recorded exchange `id` in the Response pane, as `H` then Enter does.
        case record(Int64)
    }

    /// One entry.
    public struct Item: Sendable, Equatable {
        /// What it says: the action's text, or `route users.show`.
        public var title: String
        /// Beside it, dim: the keys, the method and path, the base URL.
        public var detail: String
        public var choice: Choice
        /// `title` and `detail` lower-cased, as UTF-8, matched against (bytes: comparing
        /// `Character`s cost the 5,000-route palette its 16 ms budget).
        let haystack: [UInt8]
    }

    /// Every entry, in the order shown with nothing typed.
    public private(set) var items: [Item]
    /// Typed so far.
    public private(set) var query = ""
    /// Indices into `items` of the matches, best first.
    public private(set) var matches: [Int]
    /// The letters `matches` were found for: a letter typed after them can only narrow them.
    private var needle: [UInt8] = []
    /// The row under the cursor, among the matches.
    public var cursor = ListCursor()

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "Ctrl-P, :", "anywhere / outside the form",
            "command palette: every action (with its key), route, environment, run and recent exchange, found as you type",
            Keymap.bind([.ctrl("p")], .anywhere, opening) + Keymap.bind([.char(":")], .outsideForm, opening)),
        KeymapRow(
            "typing, ↑ ↓, Enter, Backspace, Ctrl-U, Esc", "palette", "find, move, do it, delete, clear, close",
            Keymap.bind([.up], scope, .up) + Keymap.bind([.down], scope, .down) + Keymap.bind([.enter], scope, .accept)
                + Keymap.bind([.backspace], scope, .deleteBackward) + Keymap.bind([.ctrl("u")], scope, .clear)
                + Keymap.bind([.escape, .ctrl("p")], scope, .cancel)),
    ]

    /// A palette over `items`, nothing typed.
    public init(items: [Item]) {
        self.items = items
        matches = Array(items.indices)
    }

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> CommandPalette {
        CommandPalette(items: Self.items(in: state))
    }

    /// Adds the workspace's newest recorded exchanges (they are read from the store after the
    /// palette opens): `#12 users.show · development 200 · 12 ms`, failed attempts with `—`.
    mutating func addRecent(_ entries: [HistoryEntry]) {
        for entry in entries {
            let status = entry.failure == nil ? String(entry.status) : "—"
            let title = "history #\(entry.id) \(entry.route) · \(entry.environment) \(status)"
            let detail = HistoryListing.localTime(entry.recordedAt)
            items.append(
                Item(
                    title: title, detail: detail, choice: .record(entry.id), haystack: Self.folded(title + " " + detail)
                ))
        }
        let typed = query
        needle = []
        setQuery(typed)
    }

    /// The entries for `state`: actions first (those that work from the panes, and the
    /// Response pane's when a response is shown), then routes, environments and runs.
    static func items(in state: AppState) -> [Item] {
        func item(_ title: String, _ detail: String, _ choice: Choice) -> Item {
            Item(title: title, detail: detail, choice: choice, haystack: folded(title + " " + detail))
        }
        var items: [Item] = []
        for row in state.keymap.rows {
            guard let binding = row.bindings.first, binding.action != opening else { continue }
            let pane: Pane?
            switch binding.scope {
            case .outsideForm, .panes, .anywhere: pane = nil
            case .response where state.response != nil: pane = .response
            default: continue
            }
            items.append(item(row.what.filter { $0 != "`" }, row.keys, .action(binding.action, pane: pane)))
        }
        for route in state.workspace.routes {
            items.append(item("route \(route.name)", "\(route.method.rawValue) \(route.path)", .route(route.name)))
        }
        for (index, environment) in state.workspace.environments.enumerated() {
            items.append(item("environment \(environment.name)", environment.baseURL, .environment(index)))
        }
        items.append(item("run the default selection", "checks", .run(nil)))
        for run in state.workspace.runs { items.append(item("run \(run.name)", "checks", .run(run.name))) }
        return items
    }

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        switch action {
        case .cancel: return .close()
        case .accept:
            guard let index = matches[safe: cursor.index] else { return .stay() }
            return .close(.palette(items[index].choice))
        case .deleteBackward: setQuery(String(query.dropLast()))
        case .clear: setQuery("")
        default: _ = cursor.apply(action, count: matches.count)
        }
        return .stay()
    }

    /// Typing narrows the list (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome {
        if case .char(let character) = key { setQuery(query + String(character)) }
        return .stay()
    }

    /// `text` lower-cased as UTF-8 bytes; ASCII, which names and paths nearly always are,
    /// without going through `String.lowercased`.
    static func folded(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(text.lowercased().utf8) }
        for index in bytes.indices where bytes[index] &- 65 < 26 { bytes[index] |= 0x20 }
        return bytes
    }

    /// Replaces the query and ranks the entries against it, the cursor on the best.
    mutating func setQuery(_ text: String) {
        query = text
        let typed = Self.folded(text).filter { $0 != 32 }
        if typed.isEmpty {
            matches = Array(items.indices)
        } else if typed != needle {
            // Letters added at the end can only drop entries: look among the matches alone.
            let candidates = !needle.isEmpty && typed.starts(with: needle) ? matches.sorted() : Array(items.indices)
            let scored = candidates.compactMap { index in
                Self.score(typed, in: items[index].haystack).map { ($0, index) }
            }
            matches = scored.sorted { ($0.0, -$0.1) > ($1.0, -$1.1) }.map(\.1)
        }
        needle = typed
        cursor = ListCursor()
    }

    /// How well `needle` matches `haystack` (its letters in order), nil when it does not: each
    /// letter scores, more at a word's start and more right after the letter before it; the
    /// best way to place the letters counts (a row of them beats the first letters found).
    static func score(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        // Most entries fail here, before any scoring.
        var position = 0
        for letter in needle {
            while position < haystack.count && haystack[position] != letter { position += 1 }
            guard position < haystack.count else { return nil }
            position += 1
        }
        let count = haystack.count
        let none = Int.min / 2
        // previous[j]: the best score with the letters so far, the last one at j. Two rows on
        // the stack, swapped letter by letter: the first letter typed scores every entry.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { rows -> Int? in
            guard let base = rows.baseAddress else { return nil }
            var previous = UnsafeMutableBufferPointer(start: base, count: count)
            var current = UnsafeMutableBufferPointer(start: base + count, count: count)
            previous.initialize(repeating: none)
            current.initialize(repeating: none)
            for (index, letter) in needle.enumerated() {
                var bestBefore = none
                for j in 0..<count {
                    if j > 0 { bestBefore = max(bestBefore, previous[j - 1]) }
                    guard haystack[j] == letter else {
                        current[j] = none
                        continue
                    }
                    let start = 1 + (j == 0 || isSeparator(haystack[j - 1]) ? 3 : 0)
                    if index == 0 {
                        current[j] = start
                    } else {
                        let adjacent = j > 0 && previous[j - 1] > none ? previous[j - 1] + 4 : none
                        let best = max(adjacent, bestBefore)
                        current[j] = best > none ? best + start : none
                    }
                }
                swap(&previous, &current)
            }
            let best = previous.max() ?? none
            return best > none ? best : nil
        }
    }

    /// A byte after which a letter starts a word: space . / - _ :
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 46 || byte == 47 || byte == 45 || byte == 95 || byte == 58
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(20, min(buffer.width - 6, 100))
        let visible = max(1, buffer.height - 9)
        let first = min(max(0, cursor.index - visible + 1), max(0, matches.count - visible))
        var lines: [(String, Style)] = [("> " + query + "▏", Theme.strong), ("", .plain)]
        let titleWidth = max(10, width - 24)
        for (row, index) in matches.enumerated().dropFirst(first).prefix(visible) {
            let item = items[index]
            let text = item.title.truncatedInMiddle(to: titleWidth).padded(to: titleWidth) + "  " + item.detail
            lines.append((text, row == cursor.index ? Style.plain.reversed : .plain))
        }
        if matches.isEmpty { lines.append(("nothing matches", Theme.hint)) }
        lines.append(("", .plain))
        lines.append(("Enter does it · ↑ ↓ move · Esc closes · \(matches.count)/\(items.count)", Theme.hint))
        Views.dialog(title: "Palette", lines: lines, style: Theme.focusedBorder, width: width, into: &buffer)
    }
}

extension CommandPalette.Choice {
    /// The recorded exchange's id, for a history entry.
    var recordID: Int64? {
        if case .record(let id) = self { return id }
        return nil
    }
}
