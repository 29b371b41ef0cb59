import CourierCore

/// An OpenAPI document read for what it promises about responses: for an operation (by
/// `operationId`, or `METHOD /path`), which statuses are documented, which headers they
/// require, and the schema of each media type's body. `check` holds a response to it.
public struct OpenAPIContract: Sendable {
    let validator: JSONSchemaValidator
    /// Each operation by its `operationId` and by `METHOD /path`: its pointer and its node.
    let operations: [String: (pointer: String, node: JSONValue)]
    /// Schema failures reported per response at most; the rest are counted.
    public static let failureLimit = 10

    /// The contract of `bytes`, read from `fileName`; `load` reads files its `$ref`s name.
    public static func read(
        _ bytes: [UInt8], fileName: String, load: ((String) throws(ImportError) -> [UInt8])? = nil
    ) throws(ImportError) -> OpenAPIContract {
        OpenAPIContract(root: try OpenAPIDocument.read(bytes, fileName: fileName, load: load).root)
    }

    /// The contract of a 3.x document tree (a Swagger 2.0 one converted).
    public init(root: JSONValue) {
        let version = root["openapi"]?.scalarText ?? "3.0"
        var roots: [String] = []
        if case .object(let schemas)? = root["components"]?["schemas"] {
            roots = schemas.map { "/components/schemas/" + SchemaURI.escape($0.key) }
        }
        validator = JSONSchemaValidator(
            document: root, dialect: version.hasPrefix("3.0") ? .openAPI30 : .draft2020, schemaRoots: roots)
        var operations: [String: (pointer: String, node: JSONValue)] = [:]
        if case .object(let paths)? = root["paths"] {
            for path in paths {
                for method in OpenAPIImporter.methods {
                    guard let operation = path.value[method] else { continue }
                    let entry = ("/paths/" + SchemaURI.escape(path.key) + "/" + method, operation)
                    operations["\(method.uppercased()) \(path.key)"] = entry
                    if let id = operation["operationId"]?.scalarText, operations[id] == nil { operations[id] = entry }
                }
            }
        }
        self.operations = operations
    }

    /// The pointer of the operation `id` names (`listOrders`, or `GET /orders/{id}`); nil when
    /// the document has none.
    public func operation(_ id: String) -> String? {
        operations[Self.key(id)]?.pointer
    }

    /// `get /orders` as `GET /orders`; an operationId as it is.
    static func key(_ id: String) -> String {
        // An operationId (no space) as it is, without splitting it: this runs per response.
        guard id.utf8.contains(UInt8(ascii: " ")) else { return id }
        let parts = id.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, OpenAPIImporter.methods.contains(parts[0].lowercased()) else { return id }
        return parts[0].uppercased() + " " + parts[1]
    }

    /// `response` held to the operation `id` of route `route`: one passing `contract` result,
    /// or a failing one per broken promise (an undocumented status, a missing required header,
    /// an undocumented media type, each schema failure).
    public func check(_ response: HTTPResponse, operation id: String, route: String) -> [CheckResult] {
        func failed(_ message: String) -> CheckResult {
            CheckResult(check: "contract", passed: false, message: message)
        }
        guard let (pointer, operation) = operations[Self.key(id)] else {
            return [failed("the document has no operation \(id)")]
        }
        guard case .object(let responses)? = operation["responses"] else {
            return [CheckResult(check: "contract", passed: true)]
        }
        let status = String(response.status)
        let key =
            responses.first { $0.key == status }?.key
            ?? responses.first { $0.key.uppercased() == "\(status.prefix(1))XX" }?.key
            ?? responses.first { $0.key == "default" }?.key
        guard let key else {
            let documented = responses.map(\.key).joined(separator: ", ")
            return [failed("\(status) is not a documented response of \(route) (documented: \(documented))")]
        }
        var place = pointer + "/responses/" + SchemaURI.escape(key)
        guard var documented = responses.first(where: { $0.key == key })?.value else {
            return [failed("no response at #\(place)")]
        }
        // A response may be a reference to `components/responses`.
        if case .string(let reference)? = documented["$ref"], reference.hasPrefix("#"),
            let target = validator.node(at: String(reference.dropFirst()))
        {
            place = String(reference.dropFirst())
            documented = target
        }
        var results: [CheckResult] = []
        if case .object(let headers)? = documented["headers"] {
            for header in headers where header.value["required"] == .bool(true) {
                if response.headers.value(for: header.key) == nil {
                    results.append(
                        failed("header \(header.key) is required by the documented \(key) response of \(route)"))
                }
            }
        }
        if case .object(let content)? = documented["content"], !content.isEmpty {
            results += body(response, content, place: place + "/content", key: key, route: route)
        }
        return results.isEmpty ? [CheckResult(check: "contract", passed: true)] : results
    }

    /// The body against the documented media type's schema.
    private func body(_ response: HTTPResponse, _ content: [JSONMember], place: String, key: String, route: String)
        -> [CheckResult]
    {
        func failed(_ message: String) -> CheckResult {
            CheckResult(check: "contract", passed: false, message: message)
        }
        if response.body.isEmpty && response.bodySize == 0 {
            return [failed("the body is empty; the documented \(key) response of \(route) has one")]
        }
        // By bytes: the standard library's splitting and `contains` were a quarter of what the
        // contract added to a check run.
        let written = response.contentType ?? ""
        let type = String(written[..<(written.utf8.firstIndex(of: UInt8(ascii: ";")) ?? written.endIndex)])
            .trimmingWhitespace().lowercased()
        let major = String(type[..<(type.utf8.firstIndex(of: UInt8(ascii: "/")) ?? type.endIndex)])
        guard
            let media = content.first(where: { $0.key.equalsIgnoringCase(type) })
                ?? content.first(where: { $0.key.equalsIgnoringCase(major + "/*") })
                ?? content.first(where: { $0.key == "*/*" })
        else {
            let documented = content.map(\.key).joined(separator: ", ")
            return [
                failed(
                    "content type \(type.isEmpty ? "(none)" : type) is not documented for \(key) of \(route) (\(documented))"
                )
            ]
        }
        guard media.value["schema"] != nil, type.firstRange(ofText: "json") != nil else { return [] }
        guard response.bodyFile == nil else {
            return [
                failed("the body (\(ByteCount.format(response.bodySize))) is over the in-memory limit; not checked")
            ]
        }
        guard let value = try? JSONValue.parse(response.body) else {
            return [failed("the body is not JSON; the documented \(key) response of \(route) is \(media.key)")]
        }
        guard let schema = media.value["schema"] else { return [] }
        let failures = validator.validate(
            value, schema: schema, at: place + "/" + SchemaURI.escape(media.key) + "/schema")
        var results = failures.prefix(Self.failureLimit).map { failed($0.description) }
        if failures.count > Self.failureLimit {
            results.append(failed("and \(failures.count - Self.failureLimit) more schema failures"))
        }
        return results
    }
}
