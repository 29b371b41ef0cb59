import CourierCore

/// A response prepared for the Response pane: formatted once when it arrives, labelled with
/// the route and environment that produced it.
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
    /// The whole body as display lines (pretty JSON, text, or a binary note).
    public var bodyLines: [String]
    /// The route's `json_path` selection as lines, when there is one.
    public var selectionLines: [String]?
    /// The `json_path` shown by default.
    public var jsonPath: String?
    /// Whether the body is JSON (for syntax colours).
    public var isJSON: Bool
    /// Show the whole body instead of the `json_path` selection.
    public var showWholeBody = false
    /// Show headers above the body.
    public var showHeaders = false
    /// First visible line.
    public var scroll = 0

    /// Lines currently shown, headers first when toggled on.
    public var visibleLines: [String] {
        let body = showWholeBody ? bodyLines : (selectionLines ?? bodyLines)
        return showHeaders ? headerLines + [""] + body : body
    }

    /// Prepares `response` for display, masking `secrets`.
    public init(requestID: Int, request: HTTPRequest, response: HTTPResponse, jsonPath: String?) {
        self.requestID = requestID
        routeName = request.routeName
        environmentName = request.environmentName
        status = response.status
        reason = response.reason
        totalTime = response.totalTime
        size = response.body.count
        headerLines = response.headers.map { request.masking("\($0.name): \($0.value)") }
        self.jsonPath = jsonPath
        let kind = BodyKind.classify(response.body, contentType: response.contentType)
        isJSON = kind == .json
        switch kind {
        case .json:
            let pretty = (try? JSONFormatter().format(response.body)) ?? response.body
            bodyLines = Self.lines(pretty, masking: request)
            if let jsonPath, !jsonPath.isEmpty {
                do {
                    let range = try JSONPath(jsonPath).select(in: response.body)
                    let selected = (try? JSONFormatter().format(response.body, range: range)) ?? []
                    selectionLines = Self.lines(selected, masking: request)
                } catch {
                    selectionLines = ["(\(error.description); v shows the whole body)"]
                }
            }
        case .text:
            bodyLines = Self.lines(response.body, masking: request)
        case .binary:
            bodyLines = [BodyKind.binaryNote(size: response.body.count, contentType: response.contentType)]
        }
        if response.body.isEmpty { bodyLines = ["(empty body)"] }
    }

    private static func lines(_ bytes: [UInt8], masking request: HTTPRequest) -> [String] {
        var text = String(decoding: bytes, as: UTF8.self)
        if !request.secretValues.isEmpty { text = request.masking(text) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Scrolls by `offset` lines within `height` visible rows.
    public mutating func scroll(by offset: Int, height: Int) {
        scroll = min(max(0, scroll + offset), max(0, visibleLines.count - height))
    }
}
