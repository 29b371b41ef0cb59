import CourierCore

/// Keys of the Response pane: scrolling, folds, search, the live `json_path` filter, copy.
extension AppState {
    mutating func responseKey(_ key: Key) {
        guard var shown = response else { return }
        let page = max(1, responseBodyHeight - 1)
        switch key {
        case .down, .char("j"): shown.moveCursor(by: 1, height: responseBodyHeight)
        case .up, .char("k"): shown.moveCursor(by: -1, height: responseBodyHeight)
        case .pageDown, .char(" "): shown.moveCursor(by: page, height: responseBodyHeight)
        case .pageUp, .char("b"): shown.moveCursor(by: -page, height: responseBodyHeight)
        case .home, .char("g"): shown.moveCursor(by: -shown.lineCount, height: responseBodyHeight)
        case .end, .char("G"): shown.moveCursor(by: shown.lineCount, height: responseBodyHeight)
        case .char("h"):
            shown.showHeaders.toggle()
            shown.scroll = 0
            shown.cursor = 0
        case .char("v"):
            shown.showWholeBody.toggle()
            shown.scroll = 0
            shown.cursor = 0
            shown.search = nil
            shown.resetFolds()
        case .char("f"): shown.toggleFold()
        case .char("F"):
            // Cycle: fold to depth 1, 2, 3, then unfold everything.
            let next: Int? =
                switch shown.foldDepth {
                case nil: 1
                case let depth? where depth < 3: depth + 1
                default: nil
                }
            shown.fold(toDepth: next)
            status = StatusLine(text: next.map { "folded to depth \($0)" } ?? "unfolded", isError: false)
        case .char(let digit) where digit.isASCII && digit.isNumber:
            // 1–9 fold everything to that depth; 0 unfolds.
            let depth = Int(String(digit)) ?? 0
            shown.fold(toDepth: depth == 0 ? nil : depth)
            status = StatusLine(text: depth == 0 ? "unfolded" : "folded to depth \(depth)", isError: false)
        case .char("n"): shown.nextMatch(forward: true, height: responseBodyHeight)
        case .char("N"): shown.nextMatch(forward: false, height: responseBodyHeight)
        default: break
        }
        response = shown
    }

    /// The largest body `c` puts on the clipboard: terminals drop bigger OSC 52 payloads.
    public static let clipboardLimit = 1 << 20

    /// `c` copies the value under the cursor (the whole body when it is not JSON), `C` the
    /// `json_path` of the value under the cursor.
    mutating func copy(path: Bool) -> [Effect] {
        guard let shown = response else { return [] }
        let document = shown.unfoldedBody
        let headerCount = shown.showHeaders ? shown.headerLines.count + 1 : 0
        let row = shown.cursor - headerCount
        let line = row < 0 ? nil : (shown.folded?.sourceLines[safe: row] ?? row)
        if path {
            let base = shown.showWholeBody ? "" : (shown.jsonPath ?? "")
            let inner = shown.isJSON ? line.flatMap { JSONLineLocator.path(of: $0, in: document) } : nil
            let full = [base, inner ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            guard !full.isEmpty else {
                status = StatusLine(text: "the top-level value has no json_path", isError: true)
                return []
            }
            status = StatusLine(text: "copied json path \(full)", isError: false)
            return [.copy(text: full)]
        }
        var text: String
        if shown.isJSON, let line, let value = JSONLineLocator.value(at: line, in: document) {
            text = value
        } else {
            text = (0..<document.lineCount).map(document.line).joined(separator: "\n")
        }
        guard text.utf8.count <= Self.clipboardLimit else {
            status = StatusLine(
                text: "\(ByteCount.format(text.utf8.count)) is too large for the clipboard; p narrows it", isError: true
            )
            return []
        }
        let masked = SecretMask.apply(text, hiding: shown.secretValues)
        status = StatusLine(text: "copied \(ByteCount.format(masked.utf8.count)) to the clipboard", isError: false)
        return [.copy(text: masked)]
    }

    /// Keys while typing a `json_path` in the Response pane: every change is applied at once.
    mutating func typePath(_ key: Key) -> [Effect] {
        guard let filter = pathFilter else { return [] }
        var typed = filter.typed
        let before = filter.before
        if case .edited = TextEntry.apply(key, to: &typed) {
            pathFilter = (typed, before)
            response?.apply(path: typed)
            return []
        }
        switch key {
        case .enter:
            pathFilter = nil
            return []
        case .escape:
            pathFilter = nil
            response?.apply(path: before ?? "")
            return []
        default: return []
        }
    }

    /// Keys while typing a search in the Response pane.
    mutating func typeQuery(_ key: Key) -> [Effect] {
        guard var query = responseQuery else { return [] }
        switch TextEntry.apply(key, to: &query) {
        case .edited:
            responseQuery = query
            return []
        case .backspaceOnEmpty:
            responseQuery = nil
            return []
        case .ignored:
            break
        }
        switch key {
        case .escape:
            responseQuery = nil
            return []
        case .enter:
            responseQuery = nil
            let height = responseBodyHeight
            response?.find(query, height: height)
            if let search = response?.search {
                status = search.lines.isEmpty ? StatusLine(text: "no match for '\(query)'", isError: true) : nil
            }
            return []
        default:
            return []
        }
    }
}
