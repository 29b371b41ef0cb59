import CourierCore

/// A large body shown while it arrives: its first lines, printed from the bytes that came,
/// until the whole response replaces them (keeping the reader's place). Lines only: folds,
/// search, a `json_path` and copying wait for the whole body.
extension ResponseDisplay {
    /// Bytes of a body after which its start is shown while the rest arrives: thousands of
    /// lines of JSON, more than any screen, and a body smaller than this is in at once.
    public static let partialAfter = 64 << 10

    /// The pane for the start of a body still arriving for `request`; nil when nothing of it
    /// can be shown yet (no complete line, or not text).
    public init?(
        requestID: Int, partialOf request: PreparedRequest, status: Int, reason: String, headers: [HeaderField],
        firstBytes: [UInt8]
    ) {
        let document: TextDocument
        let json = BodyKind.looksLikeJSON(firstBytes, contentType: headers.value(for: "Content-Type"))
        if json {
            // The same lines the whole body's print starts with (see `formatStart`).
            document = TextDocument(JSONFormatter().formatStart(of: firstBytes))
        } else {
            // Complete lines only: a line cut short (or a character cut in two) is not shown.
            let end = firstBytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let lines = Array(firstBytes[..<end])
            guard !BodyKind.isBinary(lines) else { return nil }
            document = TextDocument(lines)
        }
        guard document.lineCount > 0 else { return nil }
        self.init(requestID: requestID, headOf: request, status: status, reason: reason, headers: headers)
        size = firstBytes.count
        body = document
        isJSON = json
        isText = !json
        arrival = .live
    }

    /// The words the pane title shows for a body shown before it was whole.
    public var arrivalLabel: String? {
        switch arrival {
        case .live?: return "receiving…"
        case .stopped?: return "stopped (Esc) · the start of the body only"
        case .failed?: return "broken off · the start of the body only"
        case .complete?, nil: return nil
        }
    }

    /// What a key that needs the whole body says while only its start is shown (nil: it is whole).
    var wholeBodyNotice: PaneOutcome? {
        switch arrival {
        case .live?: return .notice("the body is still arriving", isError: false)
        case .stopped?, .failed?: return .notice("only the start of the body came", isError: true)
        case .complete?, nil: return nil
        }
    }
}
