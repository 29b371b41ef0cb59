/// Compares two exchanges as DESIGN.md §7 says: the status, the headers (volatile ones left
/// out unless asked), and the bodies — JSON as values (key order ignored, arrays by index,
/// numbers by value), anything else as a unified line diff.
public struct ExchangeDiff: Sendable {
    /// Headers that differ between any two responses, left out unless `allHeaders`.
    public static let volatileHeaders: Set<String> = [
        "date", "age", "expires", "last-modified", "etag", "set-cookie", "content-length", "x-request-id",
        "x-correlation-id", "x-trace-id", "traceparent", "tracestate", "x-amzn-trace-id", "x-amzn-requestid",
        "cf-ray", "x-runtime", "server-timing", "request-id", "x-b3-traceid", "x-b3-spanid", "x-cloud-trace-context",
    ]

    /// Places to leave out.
    public var ignores: [DiffIgnore]
    /// Compare the volatile headers too.
    public var allHeaders: Bool

    /// A comparison.
    public init(ignores: [DiffIgnore] = [], allHeaders: Bool = false) {
        self.ignores = ignores
        self.allHeaders = allHeaders
    }

    /// What differs between two responses; empty when nothing does.
    public func compare(_ left: HTTPResponse, _ right: HTTPResponse) -> DiffResult {
        var differences: [Difference] = []
        if left.status != right.status {
            differences.append(Difference(place: "status", left: String(left.status), right: String(right.status)))
        }
        differences += headers(left.headers, right.headers)
        var lines: [String] = []
        let leftJSON = json(left)
        let rightJSON = json(right)
        switch (leftJSON, rightJSON) {
        case (let a?, let b?):
            JSONDiff(ignores: ignores).compare(a, b, path: [], into: &differences)
        case (nil, nil)
        where left.body != right.body && (BodyKind.isBinary(left.body) || BodyKind.isBinary(right.body)):
            // Raw bytes in a line diff break the terminal and say nothing: sizes, then where the
            // bytes part and what they are there, in hex.
            differences += Self.binary(left.body, right.body)
        case (nil, nil):
            if left.body != right.body {
                lines = LineDiff.unified(
                    String(decoding: left.body, as: UTF8.self), String(decoding: right.body, as: UTF8.self))
                if lines.isEmpty {
                    differences.append(
                        Difference(place: "body", left: "\(left.bodySize) bytes", right: "\(right.bodySize) bytes"))
                }
            }
        default:
            differences.append(Difference(place: "body", left: kind(left, leftJSON), right: kind(right, rightJSON)))
        }
        return DiffResult(differences: differences, bodyLines: lines)
    }

    private func headers(_ left: [HeaderField], _ right: [HeaderField]) -> [Difference] {
        func table(_ fields: [HeaderField]) -> [String: (name: String, value: String)] {
            var table: [String: (name: String, value: String)] = [:]
            for field in fields {
                let key = field.name.lowercased()
                if let known = table[key] {
                    table[key] = (known.name, known.value + ", " + field.value)
                } else {
                    table[key] = (field.name, field.value)
                }
            }
            return table
        }
        let a = table(left)
        let b = table(right)
        var names: [String] = []
        for field in left + right where !names.contains(field.name.lowercased()) {
            names.append(field.name.lowercased())
        }
        return names.compactMap { key in
            guard allHeaders || !Self.volatileHeaders.contains(key),
                !ignores.contains(where: { $0.covers(header: key) })
            else { return nil }
            let first = a[key]?.value
            let second = b[key]?.value
            guard first != second else { return nil }
            return Difference(
                place: "header " + (a[key]?.name ?? b[key]?.name ?? key), left: first ?? Difference.missing,
                right: second ?? Difference.missing)
        }
    }

    private func json(_ response: HTTPResponse) -> JSONValue? {
        guard !response.body.isEmpty, BodyKind.looksLikeJSON(response.body, contentType: response.contentType) else {
            return nil
        }
        return try? JSONValue.parse(response.body)
    }

    /// Two differing bodies, one of them binary: their kinds and sizes, then the first place
    /// they part with 16 bytes of each in hex.
    static func binary(_ left: [UInt8], _ right: [UInt8]) -> [Difference] {
        func kind(_ body: [UInt8]) -> String {
            (BodyKind.isBinary(body) ? "binary, " : "text, ") + ByteCount.format(body.count)
        }
        var differences = [Difference(place: "body", left: kind(left), right: kind(right))]
        let first = (0..<min(left.count, right.count)).first { left[$0] != right[$0] } ?? min(left.count, right.count)
        let start = first / 16 * 16
        func hex(_ body: [UInt8]) -> String {
            guard start < body.count else { return "(ends at byte \(body.count))" }
            return body[start..<min(start + 16, body.count)].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
        }
        differences.append(
            Difference(
                place: "body bytes from \(start) (first difference at \(first))", left: hex(left), right: hex(right)))
        return differences
    }

    private func kind(_ response: HTTPResponse, _ parsed: JSONValue?) -> String {
        if parsed != nil { return "JSON" }
        if response.body.isEmpty { return "empty" }
        let type = response.contentType.map { " (\($0))" } ?? ""
        return (BodyKind.isBinary(response.body) ? "binary" : "not JSON") + type
    }
}

/// What `ExchangeDiff.compare` found.
public struct DiffResult: Sendable, Equatable {
    /// One line per differing place.
    public var differences: [Difference]
    /// A unified diff of two bodies that are not JSON (empty when they are, or are the same).
    public var bodyLines: [String]

    /// True when the exchanges are the same (after ignores).
    public var isSame: Bool { differences.isEmpty && bodyLines.isEmpty }
}
