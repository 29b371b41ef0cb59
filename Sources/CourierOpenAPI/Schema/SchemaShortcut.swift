import CourierCore

/// A schema of the subset API documents are mostly written in (`type`, `properties`,
/// `required`, `additionalProperties`, `items`, local `$ref`s, OpenAPI 3.0's `nullable`, and
/// annotations), compiled once into a tree that answers one question fast: is this instance
/// valid? "Yes" is final; "no" sends the instance to `SchemaEvaluator`, which says why. The
/// evaluator walks the document's nodes and looks each keyword up by name, which for a valid
/// body of a few fields cost a check run a sixth of its time.
///
/// It never answers "yes" where the evaluator would find a failure: a keyword outside the
/// subset, anywhere the schema reaches, leaves the schema uncompiled (`nil`). The official
/// suite (`JSONSchemaSuiteTests`) goes through it.
struct SchemaShortcut: Sendable {
    /// A compiled node; references are indexes into `nodes`, so a schema may refer to itself.
    private struct Node: Sendable {
        /// The JSON types allowed (`SchemaEvaluator.matches`); nil for any.
        var types: [String]?
        /// OpenAPI 3.0's `nullable: true`: null passes whatever `type` says.
        var nullable = false
        var properties: [(name: String, node: Int)] = []
        var required: [String] = []
        /// `additionalProperties`: nil allows any member `properties` does not name.
        var additional: Int?
        var items: Int?
        var reference: Int?
        /// `false`: nothing is valid.
        var never = false
    }

    private let nodes: [Node]

    /// Keywords that assert nothing (formats are annotations here, as in the evaluator).
    private static let annotations: Set<String> = [
        "description", "title", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "format",
        "externalDocs", "xml", "$comment", "$schema", "definitions", "$defs",
    ]

    /// The shortcut for `schema` at `pointer`, or nil when the schema (or one it reaches) uses
    /// a keyword outside the subset, or the document has resources of its own (`$id`).
    init?(_ schema: JSONValue, at pointer: String, validator: JSONSchemaValidator) {
        guard validator.registry.roots.count == 1, !validator.annotates else { return nil }
        var compiler = Compiler(validator: validator)
        // A reference back to where the walk starts (`"$ref": "#"`) is the first node.
        compiler.targets[pointer] = 0
        guard compiler.compile(schema, pointer: pointer) != nil else { return nil }
        nodes = compiler.nodes
    }

    /// Whether `instance` is valid; false also when it is too deep or too large to say (the
    /// evaluator then reports the limit it met).
    func accepts(_ instance: JSONValue) -> Bool {
        var steps = 0
        return accepts(instance, node: 0, depth: 0, steps: &steps)
    }

    private func accepts(_ instance: JSONValue, node index: Int, depth: Int, steps: inout Int) -> Bool {
        steps += 1
        // Half the evaluator's limits: it counts a step per reference followed as well.
        guard depth < JSONSchemaValidator.depthLimit / 2, steps < JSONSchemaValidator.stepLimit / 2 else {
            return false
        }
        let node = nodes[index]
        if node.never { return false }
        if let reference = node.reference, !accepts(instance, node: reference, depth: depth + 1, steps: &steps) {
            return false
        }
        if let types = node.types, !(node.nullable && instance == .null),
            !types.contains(where: { SchemaEvaluator.matches(instance, type: $0) })
        {
            return false
        }
        switch instance {
        case .object(let members):
            for name in node.required where !members.contains(where: { $0.key == name }) { return false }
            for member in members {
                // Every member, a repeated key's too: stricter than the evaluator, never looser.
                if let entry = node.properties.first(where: { $0.name == member.key }) {
                    if !accepts(member.value, node: entry.node, depth: depth + 1, steps: &steps) { return false }
                } else if let additional = node.additional,
                    !accepts(member.value, node: additional, depth: depth + 1, steps: &steps)
                {
                    return false
                }
            }
        case .array(let items):
            if let schema = node.items {
                for item in items where !accepts(item, node: schema, depth: depth + 1, steps: &steps) { return false }
            }
        default:
            break
        }
        return true
    }

    /// Compiles nodes depth first; a reference's target is compiled once, however often named.
    private struct Compiler {
        let validator: JSONSchemaValidator
        var nodes: [Node] = []
        var targets: [String: Int] = [:]

        /// The index of `schema`'s node, or nil when it is outside the subset.
        mutating func compile(_ schema: JSONValue, pointer: String) -> Int? {
            let index = nodes.count
            nodes.append(Node())
            switch schema {
            case .bool(let allowed):
                nodes[index].never = !allowed
                return index
            case .object(let members):
                guard let node = compile(members, pointer: pointer) else { return nil }
                nodes[index] = node
                return index
            default:
                // The evaluator lets anything through a schema that is neither; so does this.
                return index
            }
        }

        private mutating func compile(_ members: [JSONMember], pointer: String) -> Node? {
            var node = Node()
            let legacy = validator.dialect != .draft2020
            // Before 2019-09 a `$ref` stands for the whole schema: its siblings are ignored.
            let referenceOnly = legacy && members.contains { $0.key == "$ref" }
            for member in members where !referenceOnly || member.key == "$ref" {
                switch (member.key, member.value) {
                case ("$ref", .string(let reference)):
                    guard let target = resolve(reference) else { return nil }
                    node.reference = target
                case ("type", .string(let name)): node.types = [name]
                case ("type", .array(let names)):
                    var types: [String] = []
                    for case .string(let name) in names { types.append(name) }
                    guard types.count == names.count else { return nil }
                    node.types = types
                case ("nullable", .bool(let flag)):
                    // Only OpenAPI 3.0 reads it; elsewhere it is an unknown word.
                    node.nullable = flag && validator.dialect == .openAPI30
                case ("properties", .object(let entries)):
                    for entry in entries where !node.properties.contains(where: { $0.name == entry.key }) {
                        let place = pointer + "/properties/" + SchemaURI.escape(entry.key)
                        guard let child = compile(entry.value, pointer: place) else { return nil }
                        node.properties.append((entry.key, child))
                    }
                case ("required", .array(let names)):
                    for case .string(let name) in names { node.required.append(name) }
                case ("additionalProperties", .bool(true)): break
                case ("additionalProperties", let schema):
                    guard let child = compile(schema, pointer: pointer + "/additionalProperties") else { return nil }
                    node.additional = child
                case ("items", let schema) where !schema.isArray:
                    guard let child = compile(schema, pointer: pointer + "/items") else { return nil }
                    node.items = child
                case (let key, _) where SchemaShortcut.annotations.contains(key) || key.hasPrefix("x-"):
                    break
                default:
                    return nil
                }
            }
            // A member given twice: the evaluator reads the first; leave such a schema to it.
            guard SchemaEvaluator.firstOfEachKey(members).count == members.count else { return nil }
            return node
        }

        /// The node a local `$ref` names, compiled on first use.
        private mutating func resolve(_ reference: String) -> Int? {
            let base = validator.registry.roots[""] ?? validator.baseURI
            guard let (target, _) = validator.target(of: reference, base: base, dynamic: false, scope: []),
                let schema = validator.node(at: target)
            else { return nil }
            if let known = targets[target] { return known }
            targets[target] = nodes.count
            return compile(schema, pointer: target)
        }
    }
}

extension JSONValue {
    fileprivate var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
