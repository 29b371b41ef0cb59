import CourierCore

/// One way an instance breaks its schema: where in the instance, which keyword, what, and
/// where in the schema (`json items.3.price: 19.5 is not of type integer (schema
/// #/components/schemas/Item/properties/price)`).
public struct SchemaFailure: Sendable, Equatable, CustomStringConvertible {
    /// The path of the value in the instance (object keys and array indices).
    public var instancePath: [String]
    /// The keyword that failed (`type`, `required`, …).
    public var keyword: String
    /// What is wrong, with the value shown.
    public var message: String
    /// The JSON pointer of the failing schema in its document, as `#/…`.
    public var schemaPath: String

    /// A failure.
    public init(instancePath: [String], keyword: String, message: String, schemaPath: String) {
        self.instancePath = instancePath
        self.keyword = keyword
        self.message = message
        self.schemaPath = schemaPath
    }

    /// `items.3.price`, or `.` for the whole instance (a check's `json` path).
    public var path: String { instancePath.isEmpty ? "." : instancePath.joined(separator: ".") }

    /// `json PATH: MESSAGE (schema #/…)`.
    public var description: String { "json \(path): \(message) (schema \(schemaPath))" }
}
