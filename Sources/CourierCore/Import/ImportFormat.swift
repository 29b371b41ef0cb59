/// The formats `courier import` reads, and which one a source is when the user does not say
/// (`courier import api.yaml`): found from the content, not the name, so a Postman export
/// saved as `api.json` or an OpenAPI document served as `text/plain` is still read right.
public enum ImportFormat: String, Sendable, CaseIterable {
    case curl, openapi, postman, http, insomnia, bruno

    /// The format a command line or a file's `bytes` is written in, or nil when none fits.
    /// `name` only breaks a tie for files with no telling content (`.http`, `.rest`).
    public static func detect(_ bytes: [UInt8], name: String) -> ImportFormat? {
        var text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let start = text.drop { $0.isWhitespace }
        if start.hasPrefix("curl ") || start.hasPrefix("curl\t") { return .curl }
        // The whole file: a JSON document cut at the text's first megabyte would not parse.
        if start.hasPrefix("{") { return json(bytes) }
        // YAML: a top-level key at the start of a line.
        let lines = text.split(whereSeparator: \.isNewline)
        if lines.contains(where: { $0.hasPrefix("openapi:") || $0.hasPrefix("swagger:") }) { return .openapi }
        if lines.contains(where: { $0.hasPrefix("type: collection.insomnia.rest/") || $0.hasPrefix("_type: export") }) {
            return .insomnia
        }
        let lower = name.lowercased()
        if lower.hasSuffix(".http") || lower.hasSuffix(".rest") { return .http }
        // A request line: a method, a space, then a URL or a variable.
        let methods = ["GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD ", "OPTIONS "]
        if lines.contains(where: { line in methods.contains { line.hasPrefix($0) } }) { return .http }
        return nil
    }

    /// What a JSON document is, from its top-level keys.
    private static func json(_ bytes: [UInt8]) -> ImportFormat? {
        guard let root = topLevel(bytes) else { return nil }
        if root["openapi"] != nil || root["swagger"] != nil || root["swaggerVersion"] != nil { return .openapi }
        if root["_type"] == .string("export") { return .insomnia }
        if root["info"]?["_postman_id"] != nil || root["info"]?["schema"]?.scalarText?.contains("getpostman") == true
            || root["item"] != nil || (root["requests"] != nil && root["order"] != nil)
        {
            // (`item` alone: Newman runs a collection without `info`; v1 has `requests` and `order`.)
            return .postman
        }
        return nil
    }

    /// The document's top-level members that tell a format: `info` and `_type` with their
    /// values, the others only present (as null), everything else skipped without building it
    /// (a 10 MB description is not turned into a tree twice); nil when it is not one valid
    /// JSON object.
    private static func topLevel(_ bytes: [UInt8]) -> JSONValue? {
        let present: Set = ["openapi", "swagger", "swaggerVersion", "item", "requests", "order"]
        return bytes.withUnsafeBufferPointer { buffer -> JSONValue? in
            var reader = JSONReader(buffer)
            var members: [JSONMember] = []
            guard case .objectStart? = try? reader.next() else { return nil }
            while let event = try? reader.next() {
                guard case .key(let range) = event else {
                    // The object's end, and nothing after it.
                    do { return try reader.next() == nil ? .object(members) : nil } catch { return nil }
                }
                let key = JSONString.decode(buffer, range)
                guard let value = try? reader.next() else { return nil }
                let start = reader.tokenStart
                guard let end = try? reader.skipValue(startedBy: value) else { return nil }
                if key == "info" || key == "_type" {
                    let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
                    members.append(JSONMember(key, (try? JSONValue.parse(slice)) ?? .null))
                } else if present.contains(key) {
                    members.append(JSONMember(key, .null))
                }
            }
            return nil
        }
    }

    /// The format in words, for "read as …".
    public var description: String {
        switch self {
        case .curl: return "a curl command"
        case .openapi: return "an OpenAPI or Swagger document"
        case .postman: return "a Postman collection"
        case .http: return "a .http file"
        case .insomnia: return "an Insomnia export"
        case .bruno: return "a Bruno collection"
        }
    }
}
