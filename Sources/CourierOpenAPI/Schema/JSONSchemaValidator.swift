import CourierCore

/// Validates JSON values against a JSON Schema inside a document (a schema file, or an OpenAPI
/// document whose `$ref`s point into its `components`): draft 4, OpenAPI 3.0's dialect and
/// 2020-12, with `$ref`, `$id`, anchors, `$dynamicRef` and `unevaluated*` resolved inside the
/// document. Nothing is fetched: a reference to another document is a failure that says so.
/// Formats are annotations, as 2020-12 says by default. The official JSON-Schema-Test-Suite
/// (drafts 4 and 2020-12) runs in `JSONSchemaSuiteTests`.
public struct JSONSchemaValidator: Sendable {
    /// The document the schemas are in.
    public let document: JSONValue
    /// The dialect of the schemas (a root `$schema` wins).
    public let dialect: SchemaDialect
    let registry: SchemaRegistry
    let baseURI: String

    /// Evaluations of one `validate` at most: a schema that refers to itself in circles, or a
    /// huge instance, ends with a failure that says so instead of running on.
    public static let stepLimit = 2_000_000
    /// Schemas nested at most this deep while validating (references followed included).
    public static let depthLimit = 200

    /// A validator of the schemas in `document`. `schemaRoots` are the pointers where schemas
    /// start when the document is not itself one (an OpenAPI document's `/components/schemas`).
    public init(
        document: JSONValue, dialect: SchemaDialect, baseURI: String = "", schemaRoots: [String] = []
    ) {
        var dialect = dialect
        if case .string(let uri)? = document["$schema"], let named = SchemaDialect(schemaURI: uri) { dialect = named }
        self.document = document
        self.dialect = dialect
        self.baseURI = baseURI
        registry = SchemaRegistry(document: document, baseURI: baseURI, dialect: dialect, schemaRoots: schemaRoots)
    }

    /// Every way `instance` breaks the schema at `pointer` (the document's root by default);
    /// empty when it is valid.
    public func validate(_ instance: JSONValue, against pointer: String = "") -> [SchemaFailure] {
        guard let schema = SchemaRegistry.node(document, at: pointer) else {
            return [
                SchemaFailure(instancePath: [], keyword: "$ref", message: "no schema at #\(pointer)", schemaPath: "#")
            ]
        }
        var evaluator = SchemaEvaluator(validator: self)
        let resource = registry.resource(containing: pointer)
        let context = SchemaEvaluator.Context(
            instancePath: [], pointer: pointer, base: resource.uri, dynamic: [resource.uri], depth: 0)
        return evaluator.evaluate(schema, instance, context).failures
    }
}
