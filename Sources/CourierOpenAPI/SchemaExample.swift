import CourierCore
import Foundation
import OpenAPIKit

/// Example values from schemas: the example or default a schema declares, else a value built
/// from its required properties (a string `"string"`, a number `0`, an email
/// `user@example.com`…). References are followed; one that comes back to a schema being built
/// (a tree, a linked list) stops there with `null`, so a self-referencing schema cannot hang.
struct SchemaExample: Sendable {
    let components: OpenAPI.Components
    /// Deep enough for real bodies; a deeper one is cut with `null`.
    static let depthLimit = 24

    /// An `AnyCodable` example as JSON (object keys sorted, since Swift dictionaries have none).
    func json(_ value: AnyCodable) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let parsed = try? JSONValue.parse([UInt8](data)) else {
            return .null
        }
        return parsed
    }

    /// The example or default `schema` declares, or an allowed value.
    func declared(_ schema: JSONSchema) -> JSONValue? {
        if let example = schema.examples.first { return json(example) }
        if let value = schema.defaultValue { return json(value) }
        if let first = schema.allowedValues?.first { return json(first) }
        return nil
    }

    /// A value for `schema`: declared, else built.
    func build(_ schema: JSONSchema) throws -> JSONValue {
        try build(schema, visiting: [], depth: 0)
    }

    private func build(_ schema: JSONSchema, visiting: Set<String>, depth: Int) throws -> JSONValue {
        if let declared = declared(schema) { return declared }
        guard depth < Self.depthLimit else { return .null }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(false)
        case .integer, .number: return .number("0")
        case .string(let core, _): return .string(Self.sample(format: core.formatString))
        case .array: return .array([])
        case .object(_, let object):
            var members: [JSONMember] = []
            for name in object.requiredProperties {
                guard let property = object.properties[name] else { continue }
                members.append(JSONMember(name, try build(property, visiting: visiting, depth: depth + 1)))
            }
            return .object(members)
        case .all(let parts, _):
            var members: [JSONMember] = []
            for part in parts {
                if case .object(let more) = try build(part, visiting: visiting, depth: depth + 1) {
                    members += more.filter { member in !members.contains { $0.key == member.key } }
                }
            }
            return .object(members)
        case .one(let options, _), .any(let options, _):
            guard let first = options.first else { return .null }
            return try build(first, visiting: visiting, depth: depth + 1)
        case .not, .fragment: return .null
        case .reference(let reference, _):
            guard case .internal = reference else {
                throw ImportError(
                    "the reference \(reference.absoluteString) is outside this document; only local references are followed"
                )
            }
            let key = reference.absoluteString
            guard !visiting.contains(key) else { return .null }
            guard let target = components[reference] else {
                throw ImportError("the reference \(key) names nothing in this document")
            }
            return try build(target, visiting: visiting.union([key]), depth: depth + 1)
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
