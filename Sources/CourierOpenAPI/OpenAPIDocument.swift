import CourierCore
import CourierImport

/// An OpenAPI 3.0 or 3.1 document (or a Swagger 2.0 one, converted) as a tree of values, read from JSON (the JSON engine, which
/// keeps order and number literals) or YAML (`YAMLReader`), with its local references
/// followed on demand. An import reads a few parts of a document (servers, operations, their
/// parameters, bodies and security, and the schemas those name), so nothing else is decoded
/// or checked: a description's prose or an unusual response never stops an import.
struct OpenAPIDocument {
    let root: JSONValue
    let fileName: String
    /// The files beside it that its references name, by path relative to its folder.
    var files: [String: JSONValue] = [:]
    /// Why a file a reference names was not read, by its path.
    var failures: [String: String] = [:]
    /// What reading the document assumed (a Swagger 2.0 document's scheme).
    var warnings: [String] = []
    /// Paths a Swagger 2.0 document's conversion could not take, and why.
    var skipped: [ImportPlan.Skip] = []

    /// The document in `bytes`; Swagger 1.x, a file that is not OpenAPI, a syntax error, an
    /// alias bomb and UTF-16 each get one line with the place.
    /// `load` reads a file beside it (a path relative to its folder) that a reference names;
    /// without it, such a reference is an error naming it.
    static func read(
        _ bytes: [UInt8], fileName: String, load: ((String) throws(ImportError) -> [UInt8])? = nil
    ) throws(ImportError) -> OpenAPIDocument {
        let root = try StructuredText.read(bytes, fileName: fileName)
        guard case .object = root else { throw ImportError("\(fileName): not an OpenAPI document (not a mapping)") }
        if let swagger = root["swagger"]?.scalarText ?? root["swaggerVersion"]?.scalarText {
            guard swagger == "2.0" else {
                throw ImportError("\(fileName): Swagger \(swagger) is not supported; Swagger 2.0 and OpenAPI 3 are")
            }
            // A 2.0 document's other files are written into it first, so the conversion sees
            // one document (references back into the document itself stay references).
            guard let load, OpenAPIReferences.names(root) else {
                return try SwaggerConversion.openAPI(root, fileName: fileName)
            }
            let split = try OpenAPIReferences.resolve(root, load: load)
            var converted = try SwaggerConversion.openAPI(
                OpenAPIReferences.inlined(split.root, files: split.files), fileName: fileName)
            // A recursive schema's reference left in place is still followed into its file.
            converted.files = split.files
            converted.failures = split.failures
            return converted
        }
        guard let version = root["openapi"]?.scalarText else {
            throw ImportError("\(fileName): not an OpenAPI document (no \"openapi\" version)")
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw ImportError("\(fileName): OpenAPI \(version) is not supported; 3.0 and 3.1 are")
        }
        guard let load else { return OpenAPIDocument(root: root, fileName: fileName) }
        let split = try OpenAPIReferences.resolve(root, load: load)
        return OpenAPIDocument(root: split.root, fileName: fileName, files: split.files, failures: split.failures)
    }

    /// `value`, or what its `$ref` names (followed again while the target is a reference).
    /// Only references into this document are followed.
    func resolved(_ value: JSONValue) throws(ImportError) -> JSONValue {
        var current = value
        var seen: Set<String> = []
        while case .string(let reference)? = current["$ref"] {
            guard seen.insert(reference).inserted else {
                throw ImportError("the reference \(reference) leads back to itself")
            }
            current = try target(of: reference)
        }
        return current
    }

    /// What the reference `#/a/b` names (a JSON pointer: `~1` is `/`, `~0` is `~`), or
    /// `FILE#/a/b` in a file beside the document that was read.
    func target(of reference: String) throws(ImportError) -> JSONValue {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        var node = root
        if hash > reference.startIndex {
            let path = String(reference[..<hash])
            guard let file = files[path] else {
                throw ImportError(
                    failures[path]
                        ?? "the reference \(reference) is outside this document; only local references are followed")
            }
            node = file
        }
        let fragment = hash < reference.endIndex ? String(reference[reference.index(after: hash)...]) : ""
        guard let found = Self.walk(node, fragment) else { throw missing(reference) }
        return found
    }

    /// What the JSON pointer `fragment` (`/a/b`, `~1` is `/`, `~0` is `~`, percent-encoded or
    /// not) names in `node`; nil when nothing.
    static func walk(_ node: JSONValue, _ fragment: String) -> JSONValue? {
        var node = node
        let pointer = PercentEncoding.decoded(fragment) ?? fragment
        for segment in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = segment.replacingText("~1", with: "/").replacingText("~0", with: "~")
            switch node {
            case .object:
                guard let next = node[String(key)] else { return nil }
                node = next
            case .array(let items):
                guard let position = Int(key), items.indices.contains(position) else { return nil }
                node = items[position]
            default: return nil
            }
        }
        return node
    }

    private func missing(_ reference: String) -> ImportError {
        ImportError("the reference \(reference) names nothing in this document")
    }

    /// `value`'s members in order, when it is a mapping (nothing when it is absent); `place`
    /// names it in the error for anything else.
    static func members(_ value: JSONValue?, _ place: String) throws(ImportError) -> [JSONMember] {
        switch value {
        case nil, .null?: return []
        case .object(let members)?: return members
        case let other?: throw ImportError("\(place): expected a mapping, found \(other.typeDescription)")
        }
    }

    /// `value`'s items, when it is a sequence (nothing when it is absent).
    static func items(_ value: JSONValue?, _ place: String) throws(ImportError) -> [JSONValue] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?: return items
        case let other?: throw ImportError("\(place): expected a sequence, found \(other.typeDescription)")
        }
    }

    /// `value` as text, when it is a string (nil when it is absent).
    static func text(_ value: JSONValue?, _ place: String) throws(ImportError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw ImportError("\(place): expected a string, found \(other.typeDescription)")
        }
    }

    /// The security schemes a requirement may name.
    var securitySchemes: JSONValue? { root["components"]?["securitySchemes"] }
}
