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
        if body.contains(0) { return .binary }
        let validUTF8 = body.withUnsafeBufferPointer { buffer in
            var iterator = buffer.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
        guard validUTF8 else { return .binary }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let looksJSON = contentType?.lowercased().contains("json") == true
            || first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        if looksJSON, (try? JSONFormatter().format(body)) != nil { return .json }
        return .text
    }

    /// `binary body: 1.2 KB, image/png`.
    public static func binaryNote(size: Int, contentType: String?) -> String {
        "binary body: \(ByteCount.format(size)), \(contentType ?? "unknown type")"
    }
}
