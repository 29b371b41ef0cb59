import CourierCore

/// The Response pane's own keys: moving, headers, whole body, folds, matches and copy.
extension ResponseDisplay: PaneComponent {
    /// The largest text `c` puts on the clipboard: terminals drop bigger OSC 52 payloads.
    public static let clipboardLimit = 1 << 20

    /// Which pane it is (`PaneComponent.pane`).
    public static let pane = Pane.response

    /// Its keys: moving, headers, whole body, search, path, folds, copies, comparisons.
    public static let keys = [
        KeymapRow(
            "↓ j / ↑ k, g G, PgDn Space / PgUp b", "Response",
            "move the cursor, scroll (a live stream: G follows the newest event)",
            Keymap.moves.flatMap { Keymap.bind($0.keys, .response, $0.action) }
                + Keymap.bind([.char(" ")], .response, .pageDown)
                + Keymap.bind([.char("b")], .response, .pageUp)),
        KeymapRow(
            "h / v", "Response", "headers on/off / `json_path` view ↔ whole body", hints: [.response: "h headers"],
            Keymap.bind([.char("h")], .response, .toggleHeaders)
                + Keymap.bind([.char("v")], .response, .toggleWholeBody)),
        KeymapRow(
            "/ then n N", "Response", "search the body (match count in the title), next / previous match",
            hints: [.response: "/ search"],
            Keymap.bind([.char("/")], .response, .search) + Keymap.bind([.char("n")], .response, .nextMatch)
                + Keymap.bind([.char("N")], .response, .previousMatch)),
        KeymapRow(
            "p", "Response", "type a `json_path` (`items.5.address`), applied as you type; Esc restores",
            hints: [.response: "p path"], Keymap.bind([.char("p")], .response, .typePath)),
        KeymapRow(
            "f / F / 1–9, 0", "Response",
            "fold or unfold at the cursor / cycle fold depth 1, 2, 3, none / fold everything to depth N, 0 unfolds (a stream's JSON events too)",
            hints: [.response: "f fold"],
            Keymap.bind([.char("f")], .response, .foldHere) + Keymap.bind([.char("F")], .response, .cycleFoldDepth)
                + (0...9).map { KeyBinding(.char(Character(String($0))), .response, .digit($0)) }),
        KeymapRow(
            "c / C", "Response", "copy the value under the cursor / its `json_path` to the clipboard (OSC 52)",
            hints: [.response: "c copy"],
            Keymap.bind([.char("c")], .response, .copyValue) + Keymap.bind([.char("C")], .response, .copyPath)),
        KeymapRow(
            "W / ← →", "Response",
            "long lines wrap or are cut at › (wrapped for text, cut for JSON) / scroll sideways when cut",
            Keymap.bind([.char("W")], .response, .toggleWrap) + Keymap.bind([.left], .response, .left)
                + Keymap.bind([.right], .response, .right)),
        KeymapRow(
            "w", "Response", "save the body to a file (as received; secrets masked in text)",
            Keymap.bind([.char("w")], .response, .saveBody)),
        KeymapRow(
            "d", "Response", "send this route to another environment (or the same one again) and show the differences",
            Keymap.bind([.char("d")], .response, .diffEnvironment)),
        KeymapRow(
            "s / x", "Response", "send the shown exchange again / compare a recorded one with the current response",
            Keymap.bind([.char("s")], .response, .resend) + Keymap.bind([.char("x")], .response, .compare)),
    ]

    /// Applies `action` with the body rows `state`'s layout gives the pane.
    public mutating func update(_ action: Action, in state: AppState) -> PaneOutcome {
        handle(action, height: state.responseBodyHeight, width: state.responseBodyWidth)
    }

    /// Applies `action` with `height` body rows `width` cells wide on screen (0: unknown, as
    /// if nothing wrapped).
    public mutating func handle(_ action: Action, height: Int, width: Int = 0) -> PaneOutcome {
        let page = max(1, height - 1)
        switch action {
        case .toggleWholeBody, .foldHere, .cycleFoldDepth, .digit, .nextMatch, .previousMatch, .copyValue, .copyPath:
            // Folds, matches and copies of a body not all there would be wrong, or lost with it.
            if let notice = wholeBodyNotice { return notice }
        default: break
        }
        switch action {
        case .down, .up, .pageDown, .pageUp, .top, .bottom:
            move(action, page: page, height: height)
            if wrap { scroll = firstShown(height: height, width: width) }
            // A stream's view follows new events only while the cursor is on the last line.
            noteMove()
        case .toggleWrap: return toggleWrap(height: height, width: width)
        case .left: return scrollSideways(-1, height: height, width: width)
        case .right: return scrollSideways(1, height: height, width: width)
        case .toggleHeaders:
            showHeaders.toggle()
            scroll = 0
            cursor = 0
            followTail(height: height)
        case .toggleWholeBody:
            showWholeBody.toggle()
            scroll = 0
            cursor = 0
            search = nil
            resetFolds()
        case .foldHere: toggleFold()
        case .cycleFoldDepth:
            // Fold to depth 1, 2, 3, then unfold everything.
            let next: Int? =
                switch foldDepth {
                case nil: 1
                case let depth? where depth < 3: depth + 1
                default: nil
                }
            fold(toDepth: next)
            return .notice(next.map { "folded to depth \($0)" } ?? "unfolded", isError: false)
        case .digit(let depth):
            fold(toDepth: depth == 0 ? nil : depth)
            return .notice(depth == 0 ? "unfolded" : "folded to depth \(depth)", isError: false)
        case .nextMatch: nextMatch(forward: true, height: height)
        case .previousMatch: nextMatch(forward: false, height: height)
        case .copyValue: return copyValue()
        case .copyPath: return copyPath()
        default: return .ignored
        }
        return .handled
    }

    private mutating func move(_ action: Action, page: Int, height: Int) {
        let offset =
            switch action {
            case .down: 1
            case .up: -1
            case .pageDown: page
            case .pageUp: -page
            case .top: -lineCount
            default: lineCount
            }
        moveCursor(by: offset, height: height)
    }

    /// The `json_path` of the value under the cursor, below the path shown.
    func copyPath() -> PaneOutcome {
        let base = showWholeBody ? "" : (jsonPath ?? "")
        let line = sourceLine(ofPaneLine: cursor)
        let inner = isJSON ? line.flatMap { JSONLineLocator.path(of: $0, in: unfoldedBody) } : nil
        let full = [base, inner ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
        guard !full.isEmpty else { return .notice("the top-level value has no json_path", isError: true) }
        return .copy(text: full, notice: "copied json path \(full)")
    }

    /// The value under the cursor (the whole body when it is not JSON), secrets masked.
    func copyValue() -> PaneOutcome {
        let document = unfoldedBody
        let text: String
        if isJSON, let line = sourceLine(ofPaneLine: cursor), let value = JSONLineLocator.value(at: line, in: document)
        {
            text = value
        } else {
            text = (0..<document.lineCount).map(document.line).joined(separator: "\n")
        }
        guard text.utf8.count <= Self.clipboardLimit else {
            return .notice(
                "\(ByteCount.format(text.utf8.count)) is too large for the clipboard; p narrows it", isError: true)
        }
        let masked = SecretMask.apply(text, hiding: secretValues)
        return .copy(text: masked, notice: "copied \(ByteCount.format(masked.utf8.count)) to the clipboard")
    }
}
