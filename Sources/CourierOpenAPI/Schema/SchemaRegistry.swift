import CourierCore

/// Where each schema resource, anchor and dynamic anchor of a document is, found by walking
/// only the places a schema can be (`properties`, `items`, `$defs`, …): an `$id` inside an
/// `enum` or a property named `$id` is data, not an identifier.
struct SchemaRegistry {
    /// Absolute resource URI (no fragment) → pointer of its root in the document.
    private(set) var resources: [String: String] = [:]
    /// Pointer of a resource root → its absolute URI.
    private(set) var roots: [String: String] = [:]
    /// `URI#name` → pointer, for `$anchor` (and draft 4's `"id": "#name"`).
    private(set) var anchors: [String: String] = [:]
    /// `URI#name` → pointer, for `$dynamicAnchor`.
    private(set) var dynamicAnchors: [String: String] = [:]

    static let single = [
        "additionalItems", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "items",
    ]
    static let lists = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    static let maps = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"]

    /// Walks `document` from each pointer of `schemaRoots` (the document itself when empty).
    init(document: JSONValue, baseURI: String, dialect: SchemaDialect, schemaRoots: [String]) {
        register(resource: baseURI, at: "")
        for root in schemaRoots.isEmpty ? [""] : schemaRoots {
            guard let schema = Self.node(document, at: root) else { continue }
            walk(schema, pointer: root, base: baseURI, dialect: dialect)
        }
    }

    private mutating func register(resource uri: String, at pointer: String) {
        if resources[uri] == nil { resources[uri] = pointer }
        roots[pointer] = uri
    }

    private mutating func walk(_ schema: JSONValue, pointer: String, base: String, dialect: SchemaDialect) {
        guard case .object(let members) = schema else { return }
        var base = base
        let hasRef = members.contains { $0.key == "$ref" }
        let idKey = dialect == .draft2020 ? "$id" : "id"
        if dialect == .draft2020 || !hasRef, case .string(let id)? = schema[idKey] {
            let resolved = SchemaURI.resolve(id, against: base)
            let (resource, fragment) = SchemaURI.split(resolved)
            if fragment.isEmpty {
                base = resource
                register(resource: resource, at: pointer)
            } else if dialect != .draft2020, !fragment.hasPrefix("/") {
                anchors[resource + "#" + fragment] = pointer
            }
        }
        if case .string(let name)? = schema["$anchor"] { anchors[base + "#" + name] = pointer }
        if case .string(let name)? = schema["$dynamicAnchor"] {
            anchors[base + "#" + name] = pointer
            dynamicAnchors[base + "#" + name] = pointer
        }
        if dialect != .draft2020 && hasRef { return }
        for member in members {
            let here = pointer + "/" + SchemaURI.escape(member.key)
            if Self.single.contains(member.key), case .object = member.value {
                walk(member.value, pointer: here, base: base, dialect: dialect)
            } else if Self.lists.contains(member.key), case .array(let items) = member.value {
                for (index, item) in items.enumerated() {
                    walk(item, pointer: here + "/\(index)", base: base, dialect: dialect)
                }
            } else if Self.maps.contains(member.key), case .object(let entries) = member.value {
                for entry in entries {
                    walk(entry.value, pointer: here + "/" + SchemaURI.escape(entry.key), base: base, dialect: dialect)
                }
            }
        }
    }

    /// The absolute URI of the resource `pointer` is in (its nearest enclosing root).
    func resource(containing pointer: String) -> (uri: String, root: String) {
        var prefix = pointer
        while true {
            if let uri = roots[prefix] { return (uri, prefix) }
            guard let slash = prefix.lastIndex(of: "/") else { return (roots[""] ?? "", "") }
            prefix = String(prefix[..<slash])
        }
    }

    /// The pointer `uri` (absolute, with any fragment) names: a resource, a pointer inside one,
    /// or an anchor; nil when it names nothing in the document.
    func pointer(for uri: String) -> String? {
        let (resource, fragment) = SchemaURI.split(uri)
        if fragment.isEmpty { return resources[resource] }
        if fragment.hasPrefix("/") {
            guard let root = resources[resource] else { return nil }
            return root + fragment
        }
        return anchors[resource + "#" + fragment]
    }

    /// The node at a JSON pointer of `document`.
    static func node(_ document: JSONValue, at pointer: String) -> JSONValue? {
        guard let tokens = SchemaURI.pointerTokens(pointer) else { return nil }
        var current = document
        for token in tokens {
            switch current {
            case .object(let members):
                guard let member = members.last(where: { $0.key == token }) else { return nil }
                current = member.value
            case .array(let items):
                guard let index = Int(token), index >= 0, index < items.count, String(index) == token else {
                    return nil
                }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
