import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A response prepared for the Response pane, labelled with the route and environment that
/// produced it. The body is pretty-printed once into a `TextDocument`; lines become strings
/// (and secrets are masked) only when they are drawn.
public struct ResponseDisplay: Sendable, Equatable {
    /// Which request produced it (later requests replace earlier ones, never the reverse).
    public var requestID: Int
    /// Route name at send time.
    public var routeName: String
    /// Environment name at send time.
    public var environmentName: String
    /// `200`.
    public var status: Int
    /// `OK`.
    public var reason: String
    /// Seconds from send to last byte.
    public var totalTime: Double
    /// Body size in bytes.
    public var size: Int
    /// When it was recorded, for an exchange opened from history (drawn as such).
    public var recordedAt: Date?
    /// Header lines `Name: value`, secrets masked; after redirects, the hops come first.
    public var headerLines: [String]
    /// Redirects followed, and the URL the answer came from (masked) when there were any.
    public var redirects = 0
    public var finalURL: String?
    /// Checks (and captures) that ran: passed and total, for the title; nil when none ran.
    public var checkTally: CheckTally?
    /// Failed checks, shown above the headers and body: `✗ json a == 1`, then `  got 2`.
    public private(set) var failureLines: [String] = []
    /// `GET https://…` above everything, for an exchange opened from a run.
    public private(set) var requestLine: String?
    /// The request line (when shown), then the failed checks: made once, read on every draw.
    private var topLines: [String] = []
    /// The whole body for display (pretty JSON, text, or a binary note).
    public var body: TextDocument
    /// The route's `json_path` selection, when there is one.
    public var selection: TextDocument?
    /// The `json_path` shown by default.
    public var jsonPath: String?
    /// Whether the body is JSON (for syntax colours).
    public var isJSON: Bool
    /// Whether the body is plain text (drawn with line numbers).
    public var isText = false
    /// The active search, if any.
    public var search: Search?
    /// The body as received, kept for JSON so a `json_path` can be applied live.
    public var raw: [UInt8] = []
    /// Containers folded or unfolded by hand (source line numbers of their opening lines).
    public var toggledFolds: Set<Int> = []
    /// Fold every container at this depth or deeper.
    public var foldDepth: Int?
    /// The folded form of the current body, when anything is folded.
    public var folded: FoldedView?

    /// A search through the shown body: the query and the pane lines that contain it.
    public struct Search: Sendable, Equatable {
        /// What was searched for.
        public var query: String
        /// Pane line indices with at least one match, in order.
        public var lines: [Int]
        /// Index into `lines` of the current match.
        public var current: Int
    }
    /// Values to mask in every line shown.
    public var secretValues: [String] {
        didSet { secrets = SecretSet(secretValues) }
    }
    /// Every form of `secretValues`, made once rather than for each line drawn.
    var secrets = SecretSet([])
    /// Show the whole body instead of the `json_path` selection.
    public var showWholeBody = false
    /// Show headers above the body.
    public var showHeaders = false
    /// Long lines wrap (text), or are cut at the edge and scrolled sideways (JSON, hex).
    public var wrap = false
    /// How many cells the view is scrolled sideways, when lines do not wrap.
    public var column = 0
    /// First visible line.
    public var scroll = 0
    /// The line under the cursor (folding and the view follow it).
    public var cursor = 0
    /// For a stream: its events, phase and whether the view follows the tail.
    public var stream: LiveStream?
    /// For the start of a large body shown before the rest came: `.live` while it arrives,
    /// `.stopped` or `.failed` when the rest never came (nil: the whole response).
    public var arrival: LiveStream.Phase?

    /// Prepares `exchange`'s response for display; `printed` is its body already printed and
    /// indexed by `printedJSON(of:)` (nil: done here when it is JSON).
    public init(
        requestID: Int, exchange: Exchange, jsonPath: String?, showRequest: Bool = false, printed: TextDocument? = nil
    ) {
        let response = exchange.response
        self.requestID = requestID
        routeName = exchange.origin.routeName
        environmentName = exchange.origin.environmentName
        status = response.status
        reason = response.reason
        totalTime = response.totalTime
        size = response.bodySize
        secretValues = exchange.origin.secretValues
        secrets = SecretSet(secretValues)  // an initialiser's assignment runs no `didSet`
        headerLines = response.headers.map { exchange.origin.masking("\($0.name): \($0.value)") }
        if response.hops.count > 1 {
            // Each hop, as the redirects went: what was asked where and what it answered.
            let last = response.hops.count - 1
            redirects = last
            finalURL = exchange.origin.masking(response.hops[last].url)
            headerLines =
                response.hops.enumerated().map { index, hop in
                    let mark = index == last ? "=" : "↪"
                    return exchange.origin.masking("\(mark) \(hop.status) \(hop.method) \(hop.url)")
                } + [""] + headerLines
        }
        checkTally = exchange.checkTally
        if showRequest {
            requestLine = "\(exchange.request.method) \(exchange.origin.masking(exchange.request.url))"
        }
        // The check, then what came on a line of its own, so a narrow pane cuts neither short.
        failureLines = exchange.checks.filter { !$0.passed }.flatMap { result in
            ["✗ " + exchange.origin.masking(result.check)]
                + (result.message.map { ["  " + exchange.origin.masking($0)] } ?? [])
        }
        topLines = (requestLine.map { [$0] } ?? []) + failureLines
        self.jsonPath = jsonPath
        if let file = response.bodyFile {
            isJSON = false
            body = TextDocument(lines: [
                "The body (\(ByteCount.format(response.bodySize))) is larger than the in-memory limit and was saved to:",
                "  \(file)",
                "", "Open it with a pager, or `courier format \(file)`. COURIER_MAX_BODY_MB sets the limit.",
            ])
        } else if let transcript = response.transcript {
            // A WebSocket conversation, shown as it was live, then how it ended.
            isJSON = false
            body = TextDocument([])
            stream = LiveStream(phase: .complete, unit: "message")
            for message in transcript.messages { append(.message(message)) }
            let ending = [transcript.close.map(\.summary), transcript.problem].compactMap { $0 }
            if !ending.isEmpty { body.append((ending.joined(separator: "\n") + "\n").utf8) }
        } else if let events = StreamFramer.events(in: response.body, contentType: response.contentType),
            !events.isEmpty
        {
            // Shown as it was live: one event after another, not the wire format.
            isJSON = false
            body = TextDocument([])
            stream = LiveStream(phase: .complete)
            for event in events { append(event) }
        } else if let pretty = printed ?? Self.printedJSON(of: response) {
            isJSON = true
            body = pretty
            raw = response.body
            if let jsonPath, !jsonPath.isEmpty { apply(path: jsonPath) }
        } else if BodyKind.isBinary(response.body) {
            isJSON = false
            body = TextDocument(
                lines: [BodyKind.binaryNote(size: response.body.count, contentType: response.contentType), ""]
                    + BodyKind.hexDump(response.body))
        } else {
            isJSON = false
            isText = true
            wrap = true
            body = TextDocument(response.body)
        }
        if response.body.isEmpty && response.bodyFile == nil && response.transcript == nil {
            body = TextDocument(lines: ["(empty body)"])
        }
    }

    /// The body printed and indexed by line, when the Response pane shows it as JSON: in
    /// memory, not an event stream, JSON by its Content-Type or first byte, and valid. A 22 MB
    /// body takes ~40 ms, so the runtime does it on the request's task and hands it over with
    /// the answer (the check "body is valid JSON" then reads the verdict from it instead of
    /// walking the body again, and the screen's loop is not held).
    public static func printedJSON(of response: HTTPResponse) -> TextDocument? {
        guard response.bodyFile == nil, BodyKind.looksLikeJSON(response.body, contentType: response.contentType),
            StreamFramer.events(in: response.body, contentType: response.contentType)?.isEmpty ?? true
        else { return nil }
        guard let printed = try? JSONFormatter().formatIndexed(response.body) else { return nil }
        return printed.lineStarts.map { TextDocument(printed.text, lineStarts: $0) } ?? TextDocument(printed.text)
    }

    /// Shows the part of the body at `path` (`""` shows everything), or why it is not there.
    public mutating func apply(path: String) {
        guard isJSON else { return }
        scroll = 0
        cursor = 0
        search = nil
        resetFolds()
        guard !path.isEmpty else {
            jsonPath = nil
            selection = nil
            return
        }
        jsonPath = path
        showWholeBody = false
        do {
            let range = try JSONPath(path).select(in: raw)
            selection = TextDocument((try? JSONFormatter().format(raw, range: range)) ?? [])
        } catch {
            selection = TextDocument(lines: ["(\(error.description); v shows the whole body)"])
        }
    }

    /// The body or selection before folding.
    public var unfoldedBody: TextDocument { showWholeBody ? body : (selection ?? body) }

    /// The document the body area shows now (folded when folds are set).
    public var shownBody: TextDocument { folded?.document ?? unfoldedBody }

    /// Rows above the body: failed checks and a blank line, then (when shown) each header and
    /// a blank line.
    public var headerRowCount: Int { checkRowCount + (showHeaders ? headerLines.count + 1 : 0) }

    /// Rows the request line and the failed checks take, with a blank line after them.
    public var checkRowCount: Int { topLines.isEmpty ? 0 : topLines.count + 1 }

    /// Whether pane line `index` lists a failed check.
    public func isFailure(_ index: Int) -> Bool {
        let first = requestLine == nil ? 0 : 1
        return index >= first && index < first + failureLines.count
    }

    /// Whether pane line `index` is the request line.
    public func isRequestLine(_ index: Int) -> Bool { requestLine != nil && index == 0 }

    /// The line of the unfolded body that pane line `index` shows (`nil` on header rows).
    public func sourceLine(ofPaneLine index: Int) -> Int? {
        let row = index - headerRowCount
        guard row >= 0 else { return nil }
        return folded?.sourceLines[safe: row] ?? row
    }

    /// Whether folds apply: a JSON body, or a stream's events (each JSON one printed on its
    /// own from the first column, and a blank line after it, so containers end inside it).
    var isFoldable: Bool { isJSON || stream != nil }

    /// Folds or unfolds the container at (or around) the cursor.
    public mutating func toggleFold() {
        guard isFoldable else { return }
        let source = sourceLine(ofPaneLine: max(cursor, headerRowCount)) ?? 0
        guard let opening = FoldedView.container(of: source, in: unfoldedBody) else { return }
        if toggledFolds.contains(opening) { toggledFolds.remove(opening) } else { toggledFolds.insert(opening) }
        refold(keeping: opening)
    }

    /// Folds every container at `depth` or deeper (`nil` unfolds everything).
    public mutating func fold(toDepth depth: Int?) {
        guard isFoldable else { return }
        let source = sourceLine(ofPaneLine: max(cursor, headerRowCount)) ?? 0
        foldDepth = depth
        toggledFolds = []
        // The cursor stays on its line, or on the fold that now hides it.
        refold(keeping: source)
    }

    private mutating func refold(keeping source: Int?) {
        search = nil
        let headerCount = headerRowCount
        if toggledFolds.isEmpty && foldDepth == nil {
            folded = nil
            cursor = headerCount + (source ?? 0)
        } else {
            let view = FoldedView(unfoldedBody, toggled: toggledFolds, depth: foldDepth)
            folded = view
            let row = source.flatMap { wanted in view.sourceLines.lastIndex { $0 <= wanted } } ?? 0
            cursor = headerCount + row
        }
        cursor = min(cursor, max(0, lineCount - 1))
        scroll = min(scroll, cursor)
    }

    /// The folded view made again over the body as it is now (a stream's events came or went),
    /// the cursor left where it is.
    mutating func refoldInPlace() {
        guard folded != nil || !toggledFolds.isEmpty || foldDepth != nil else { return }
        folded = FoldedView(unfoldedBody, toggled: toggledFolds, depth: foldDepth)
        cursor = min(cursor, max(0, lineCount - 1))
    }

    /// Drops every fold (the body shown changed).
    mutating func resetFolds() {
        toggledFolds = []
        foldDepth = nil
        folded = nil
    }

    /// Lines in the pane: headers (when shown), a blank line, then the body.
    public var lineCount: Int { headerRowCount + shownBody.lineCount }

    /// Line `index` of the pane as text, secrets masked.
    public func line(_ index: Int) -> String {
        let headerCount = headerRowCount
        if index < checkRowCount { return topLines[safe: index] ?? "" }
        if index < headerCount {
            let header = index - checkRowCount
            return header < headerLines.count ? headerLines[header] : ""
        }
        return secrets.mask(shownBody.line(index - headerCount))
    }

    /// Whether pane line `index` is a header line.
    public func isHeader(_ index: Int) -> Bool { index < headerRowCount }

    /// Scrolls by `offset` lines within `height` visible rows, keeping the cursor on screen.
    public mutating func scroll(by offset: Int, height: Int) {
        scroll = min(max(0, scroll + offset), max(0, lineCount - height))
        cursor = min(max(cursor, scroll), scroll + height - 1)
    }

    /// Moves the cursor by `offset` lines; the view follows it.
    public mutating func moveCursor(by offset: Int, height: Int) {
        cursor = min(max(0, cursor + offset), max(0, lineCount - 1))
        if cursor < scroll { scroll = cursor }
        if cursor >= scroll + height { scroll = cursor - height + 1 }
    }
}
