import CourierCore

/// Example values from schemas: the example or default a schema declares, else a value built
/// from its required properties (a string `"string"`, a number `0`, an email
/// `user@example.com`…). References are followed; one that comes back to a schema being built
/// (a tree, a linked list) stops there with `null`, so a self-referencing schema cannot hang.
struct SchemaExample {
    let document: OpenAPIDocument
    /// Deep enough for real bodies; a deeper one is cut with `null`.
    static let depthLimit = 24

    /// The example or default `schema` declares, or an allowed value.
    static func declared(_ schema: JSONValue) -> JSONValue? {
        if case .array(let examples)? = schema["examples"], let first = examples.first { return first }
        if let example = schema["example"] { return example }
        if let value = schema["default"] { return value }
        if case .array(let allowed)? = schema["enum"], let first = allowed.first { return first }
        return schema["const"]
    }

    /// A value for `schema`: declared, else built.
    func build(_ schema: JSONValue) throws(ImportError) -> JSONValue {
        try build(schema, visiting: [], depth: 0)
    }

    private func build(_ schema: JSONValue, visiting: Set<String>, depth: Int) throws(ImportError) -> JSONValue {
        if case .string(let reference)? = schema["$ref"] {
            guard !visiting.contains(reference) else { return .null }
            guard depth < Self.depthLimit else { return .null }
            return try build(
                try document.target(of: reference), visiting: visiting.union([reference]), depth: depth + 1)
        }
        if let declared = Self.declared(schema) { return declared }
        guard depth < Self.depthLimit, case .object = schema else { return .null }
        if case .array(let parts)? = schema["allOf"] {
            var members: [JSONMember] = []
            for part in parts {
                if case .object(let more) = try build(part, visiting: visiting, depth: depth + 1) {
                    members += more.filter { member in !members.contains { $0.key == member.key } }
                }
            }
            return .object(members)
        }
        for choice in ["oneOf", "anyOf"] {
            if case .array(let options)? = schema[choice] {
                guard let first = options.first else { return .null }
                return try build(first, visiting: visiting, depth: depth + 1)
            }
        }
        if schema["not"] != nil { return .null }
        switch Self.type(of: schema) {
        case "null": return .null
        case "boolean": return .bool(false)
        case "integer", "number": return .number("0")
        case "string": return .string(Self.sample(format: schema["format"]?.scalarText))
        case "array": return .array([])
        case "object":
            guard case .object(let properties)? = schema["properties"] else { return .object([]) }
            let required = Set(
                (schema["required"].flatMap { value -> [JSONValue]? in
                    if case .array(let names) = value { return names } else { return nil }
                } ?? []).compactMap(\.scalarText))
            var members: [JSONMember] = []
            // In the properties' order, as the document writes them.
            for property in properties where required.contains(property.key) {
                members.append(
                    JSONMember(property.key, try build(property.value, visiting: visiting, depth: depth + 1)))
            }
            return .object(members)
        default: return .null
        }
    }

    /// The schema's type: its `type` (the first that is not `null` of a list), else `object`
    /// when it has properties, `array` when it has items.
    static func type(of schema: JSONValue) -> String? {
        switch schema["type"] {
        case .string(let type)?: return type
        case .array(let types)?:
            let names = types.compactMap(\.scalarText)
            return names.first { $0 != "null" } ?? names.first
        default:
            if schema["properties"] != nil { return "object" }
            if schema["items"] != nil { return "array" }
            return nil
        }
    }

    /// A plausible string for a format.
    static func sample(format: String?) -> String {
        switch format {
        case "date-time": return "2024-01-01T00:00:00Z"
        case "date": return "2024-01-01"
        case "time": return "00:00:00"
        case "email": return "user@example.com"
        case "uuid": return "00000000-0000-0000-0000-000000000000"
        case "uri", "url": return "https://example.com"
        case "ipv4": return "127.0.0.1"
        case "ipv6": return "::1"
        case "hostname": return "example.com"
        case "byte": return "AA=="
        default: return "string"
        }
    }
}
