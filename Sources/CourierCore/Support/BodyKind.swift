/// How a response body should be shown.
public enum BodyKind: Sendable, Equatable {
    /// Valid JSON: pretty-print it.
    case json
    /// Text that is not JSON: show it as it is.
    case text
    /// Bytes that are not valid UTF-8 text: describe them instead of dumping them.
    case binary

    /// Classifies `body`: JSON when it parses (whatever the `Content-Type` claims, since
    /// servers mislabel), binary when it is not UTF-8 or holds NUL bytes, text otherwise.
    public static func classify(_ body: [UInt8], contentType: String?) -> BodyKind {
        if looksLikeJSON(body, contentType: contentType), JSONFormatter.isValid(body) { return .json }
        return isBinary(body) ? .binary : .text
    }

    /// Worth trying as JSON: declared as JSON, or starting with `{` or `[`.
    public static func looksLikeJSON(_ body: [UInt8], contentType: String?) -> Bool {
        if contentType?.lowercased().contains("json") == true { return true }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Not text: holds NUL bytes or is not valid UTF-8.
    public static func isBinary(_ body: [UInt8]) -> Bool {
        body.contains(0) || String(validating: body, as: UTF8.self) == nil
    }

    /// `binary body: 1.2 KB, image/png`.
    public static func binaryNote(size: Int, contentType: String?) -> String {
        "binary body: \(ByteCount.format(size)), \(contentType ?? "unknown type")"
    }
}
