import CourierCore

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
    /// Header lines `Name: value`, secrets masked.
    public var headerLines: [String]
    /// The whole body for display (pretty JSON, text, or a binary note).
    public var body: TextDocument
    /// The route's `json_path` selection, when there is one.
    public var selection: TextDocument?
    /// The `json_path` shown by default.
    public var jsonPath: String?
    /// Whether the body is JSON (for syntax colours).
    public var isJSON: Bool
    /// Values to mask in every line shown.
    public var secretValues: [String]
    /// Show the whole body instead of the `json_path` selection.
    public var showWholeBody = false
    /// Show headers above the body.
    public var showHeaders = false
    /// First visible line.
    public var scroll = 0

    /// Prepares `response` for display.
    public init(requestID: Int, request: HTTPRequest, response: HTTPResponse, jsonPath: String?) {
        self.requestID = requestID
        routeName = request.routeName
        environmentName = request.environmentName
        status = response.status
        reason = response.reason
        totalTime = response.totalTime
        size = response.body.count
        secretValues = request.secretValues
        headerLines = response.headers.map { request.masking("\($0.name): \($0.value)") }
        self.jsonPath = jsonPath
        let formatter = JSONFormatter()
        if BodyKind.looksLikeJSON(response.body, contentType: response.contentType),
           let pretty = try? formatter.format(response.body) {
            isJSON = true
            body = TextDocument(pretty)
            if let jsonPath, !jsonPath.isEmpty {
                do {
                    let range = try JSONPath(jsonPath).select(in: response.body)
                    selection = TextDocument((try? formatter.format(response.body, range: range)) ?? [])
                } catch {
                    selection = TextDocument(lines: ["(\(error.description); v shows the whole body)"])
                }
            }
        } else if BodyKind.isBinary(response.body) {
            isJSON = false
            body = TextDocument(lines: [BodyKind.binaryNote(size: response.body.count, contentType: response.contentType)])
        } else {
            isJSON = false
            body = TextDocument(response.body)
        }
        if response.body.isEmpty { body = TextDocument(lines: ["(empty body)"]) }
    }

    /// The document the body area shows now.
    public var shownBody: TextDocument { showWholeBody ? body : (selection ?? body) }

    /// Lines in the pane: headers (when shown), a blank line, then the body.
    public var lineCount: Int { (showHeaders ? headerLines.count + 1 : 0) + shownBody.lineCount }

    /// Line `index` of the pane as text, secrets masked.
    public func line(_ index: Int) -> String {
        let headerCount = showHeaders ? headerLines.count + 1 : 0
        if index < headerCount { return index < headerLines.count ? headerLines[index] : "" }
        var text = shownBody.line(index - headerCount)
        for secret in secretValues where !secret.isEmpty && text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: "••••••")
        }
        return text
    }

    /// Whether pane line `index` is a header line.
    public func isHeader(_ index: Int) -> Bool { showHeaders && index <= headerLines.count }

    /// Scrolls by `offset` lines within `height` visible rows.
    public mutating func scroll(by offset: Int, height: Int) {
        scroll = min(max(0, scroll + offset), max(0, lineCount - height))
    }
}
