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
    /// What is typed, the matches (indices into `items`) and the cursor.
    public private(set) var finder: FuzzyFinder
    /// Typed so far.
    public var query: String { finder.query }
    /// Indices into `items` of the matches, best first.
    public var matches: [Int] { finder.matches }
    /// The row under the cursor, among the matches.
    public var cursor: ListCursor { finder.cursor }

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
        finder = FuzzyFinder(haystacks: items.map(\.haystack))
    }

    /// The dialog as `Action.open` opens it (`Dialog.open`).
    public static func open(in state: AppState) throws(DialogRefusal) -> CommandPalette {
        CommandPalette(items: Self.items(in: state))
    }

    /// Adds the workspace's newest recorded exchanges (they are read from the store after the
    /// palette opens): `#12 users.show · development 200 · 12 ms`, failed attempts with `—`.
    mutating func addRecent(_ entries: [HistoryEntry]) {
        var added: [Item] = []
        for entry in entries {
            let status = entry.failure == nil ? String(entry.status) : "—"
            let title = "history #\(entry.id) \(entry.route) · \(entry.environment) \(status)"
            let detail = HistoryListing.localTime(entry.recordedAt)
            added.append(
                Item(
                    title: title, detail: detail, choice: .record(entry.id),
                    haystack: FuzzyFinder.folded(title + " " + detail)))
        }
        items += added
        finder.append(added.map(\.haystack))
    }

    /// The entries for `state`: actions first (those that work from the panes, and the
    /// Response pane's when a response is shown), then routes, environments and runs.
    static func items(in state: AppState) -> [Item] {
        func item(_ title: String, _ detail: String, _ choice: Choice) -> Item {
            Item(title: title, detail: detail, choice: choice, haystack: FuzzyFinder.folded(title + " " + detail))
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
            guard let index = finder.selected else { return .stay() }
            return .close(.palette(items[index].choice))
        default: finder.apply(action)
        }
        return .stay()
    }

    /// Typing narrows the list (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome {
        finder.type(key)
        return .stay()
    }

    /// Replaces what is typed (as typing it would).
    mutating func setQuery(_ text: String) { finder.setQuery(text) }

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
