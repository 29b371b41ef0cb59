/// A JSON value that keeps object member order and number literals, for configuration files
/// and request bodies (a `[String: Any]` would lose the order users wrote their fields in).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number exactly as written, e.g. `"1.50"` or `"1e3"`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The value of the first member named `key`, if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// A short name of the value's type for error messages ("a string", "an object", …).
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as plain text when it is a scalar: strings unquoted, numbers as written.
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let literal): return literal
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array, .object: return nil
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member `key: value`.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
