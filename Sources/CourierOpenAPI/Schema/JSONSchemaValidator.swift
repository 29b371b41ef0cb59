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
    /// Whether subschemas must say which properties and items they evaluated: only
    /// `unevaluatedProperties` and `unevaluatedItems` read that, and most documents have neither
    /// (keeping the sets was a fifth of what validating a body cost).
    let annotates: Bool
    let baseURI: String
    private let nodes = Locked<[String: JSONValue]>([:])
    /// Each schema validated so far, compiled (`SchemaShortcut`), by pointer; nil for one outside
    /// the shortcut's subset.
    private let shortcuts = Locked<[String: SchemaShortcut?]>([:])
    /// `$ref`s resolved so far, by base and reference: the pointer and the resource it is in.
    private let targets = Locked<[String: (pointer: String, resource: String)]>([:])

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
        annotates = dialect == .draft2020 && Self.hasKey(["unevaluatedProperties", "unevaluatedItems"], in: document)
    }

    /// Whether any object in `value`, however deep, has one of `keys`.
    static func hasKey(_ keys: Set<String>, in value: JSONValue) -> Bool {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    if keys.contains(member.key) { return true }
                    pending.append(member.value)
                }
            case .array(let items): pending += items
            default: break
            }
        }
        return false
    }

    /// Every way `instance` breaks the schema at `pointer` (the document's root by default);
    /// empty when it is valid.
    public func validate(_ instance: JSONValue, against pointer: String = "") -> [SchemaFailure] {
        guard let schema = node(at: pointer) else {
            return [
                SchemaFailure(instancePath: [], keyword: "$ref", message: "no schema at #\(pointer)", schemaPath: "#")
            ]
        }
        return validate(instance, schema: schema, at: pointer)
    }

    /// Every way `instance` breaks `schema`, which is the document's node at `pointer` (given by
    /// a caller that holds it already, so no pointer is walked).
    public func validate(_ instance: JSONValue, schema: JSONValue, at pointer: String) -> [SchemaFailure] {
        if shortcut(schema, at: pointer)?.accepts(instance) == true { return [] }
        return evaluated(instance, schema: schema, at: pointer)
    }

    /// `validate`'s answer from the evaluator alone (the shortcut's tests compare with it).
    func evaluated(_ instance: JSONValue, schema: JSONValue, at pointer: String) -> [SchemaFailure] {
        var evaluator = SchemaEvaluator(validator: self)
        // An OpenAPI document without `$id`s is one resource: no pointer to walk back.
        let resource =
            registry.roots.count == 1
            ? (uri: registry.roots[""] ?? baseURI, root: "") : registry.resource(containing: pointer)
        let context = SchemaEvaluator.Context(pointer: pointer, base: resource.uri, dynamic: [resource.uri], depth: 0)
        return evaluator.evaluate(schema, instance, context).failures
    }

    /// The compiled form of `schema` at `pointer`, made the first time it is asked for.
    private func shortcut(_ schema: JSONValue, at pointer: String) -> SchemaShortcut? {
        if let known = shortcuts.withLock({ $0[pointer] }) { return known }
        let made = SchemaShortcut(schema, at: pointer, validator: self)
        shortcuts.withLock { $0[pointer] = .some(made) }
        return made
    }

    /// The document's node at `pointer`, walked once and then remembered (a `$ref` is followed
    /// for every item of every response).
    func node(at pointer: String) -> JSONValue? {
        if let known = nodes.withLock({ $0[pointer] }) { return known }
        guard let found = SchemaRegistry.node(document, at: pointer) else { return nil }
        nodes.withLock { $0[pointer] = found }
        return found
    }

    /// The pointer a `$ref` (or `$dynamicRef`) at `base` names, and the resource it is in; nil
    /// when the document has no such place. A `$ref`'s answer depends only on its base, so it
    /// is worked out once; a `$dynamicRef`'s depends on the resources in `scope` too.
    func target(of reference: String, base: String, dynamic: Bool, scope: [String]) -> (String, String)? {
        let key = base + "\u{0}" + reference
        if !dynamic, let known = targets.withLock({ $0[key] }) { return known }
        let uri = SchemaURI.resolve(reference, against: base)
        guard var target = registry.pointer(for: uri) else { return nil }
        let (resource, fragment) = SchemaURI.split(uri)
        if dynamic, !fragment.isEmpty, !fragment.hasPrefix("/"),
            registry.dynamicAnchors[resource + "#" + fragment] != nil
        {
            // The outermost resource in scope with a dynamic anchor of that name wins.
            for outer in scope {
                if let pointer = registry.dynamicAnchors[outer + "#" + fragment] {
                    target = pointer
                    break
                }
            }
        }
        let found = (pointer: target, resource: registry.resource(containing: target).uri)
        if !dynamic { targets.withLock { $0[key] = found } }
        return found
    }
}
