/// A body of several JSON documents, one per record: newline-delimited JSON (NDJSON, JSON
/// Lines; a document per line) and JSON text sequences (RFC 7464; each record starts with the
/// RS byte 0x1E). Log tails and live exports answer so; as one document such a body is invalid,
/// and as a sequence it is valid when every record is.
public enum JSONSequence {
    /// The media types of a document per line (a live stream shows each line as it comes).
    static let lineMediaTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
        "application/jsonlines",
    ]

    /// Whether `contentType` names a sequence (its parameters aside).
    public static func isSequence(contentType: String?) -> Bool {
        let media = mediaType(contentType)
        return lineMediaTypes.contains(media) || media == "application/json-seq"
    }

    /// `contentType` without its parameters, in lower case.
    static func mediaType(_ contentType: String?) -> String {
        (contentType ?? "").split(separator: ";", maxSplits: 1).first?.trimmingWhitespace().lowercased() ?? ""
    }

    /// Why `body` is not a valid sequence: the first record that is not one JSON document, with
    /// its number and line (nil when every record is one). Blank records are skipped.
    public static func problem(in body: [UInt8]) -> String? {
        let separator: UInt8 = body.contains(0x1E) ? 0x1E : 0x0A
        var number = 0
        var line = 1
        var start = 0
        while start <= body.count {
            let end = body[start...].firstIndex(of: separator) ?? body.count
            let record = body[start..<end]
            // The line the record's text starts on (a text sequence's record may start with a line end).
            let firstLine = line + record.prefix { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.count(of: 0x0A)
            if record.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                number += 1
                if let problem = problem(inRecord: record) {
                    return "record \(number) (line \(firstLine)) is not JSON (\(problem))"
                }
            }
            line += record.count(of: 0x0A) + (separator == 0x0A ? 1 : 0)
            start = end + 1
        }
        return nil
    }

    /// Why one record is not one JSON document, or nil.
    private static func problem(inRecord record: ArraySlice<UInt8>) -> String? {
        record.withUnsafeBufferPointer { buffer in
            if FastJSONFormatter.isValid(buffer) { return nil }
            do throws(JSONSyntaxError) {
                var reader = JSONReader(buffer)
                while try reader.next() != nil {}
                return nil
            } catch {
                return error.reason
            }
        }
    }
}

extension ArraySlice where Element == UInt8 {
    /// How many times `byte` occurs.
    fileprivate func count(of byte: UInt8) -> Int {
        reduce(0) { $0 + ($1 == byte ? 1 : 0) }
    }
}
