import CourierCore

/// `courier import postman`: a Postman collection v2.0 or v2.1 (v1 converted first) with its
/// environment files (DESIGN.md §9). Folders become name prefixes (`users.list-users`); disabled headers,
/// query parameters and form fields stay out; raw, urlencoded, form-data and GraphQL bodies
/// come across, and bearer, basic and API-key auth (inherited from folders and the
/// collection, as Postman does) become headers or query parameters reading secret variables.
public struct PostmanImporter: Sendable {
    /// A Postman environment file.
    public struct EnvironmentFile: Sendable {
        /// The file's name, for messages.
        public var name: String
        /// Its bytes.
        public var bytes: [UInt8]

        /// An environment file.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// An importer.
    public init() {}

    /// The plan for the collection `bytes` read from `fileName` in `folder` (form-data files
    /// with relative paths are taken from there), with `environmentFiles`.
    public func plan(_ bytes: [UInt8], fileName: String, folder: String, environmentFiles: [EnvironmentFile] = [])
        throws(ImportError) -> ImportPlan
    {
        var collection = try Self.json(bytes, name: fileName)
        guard case .object = collection else { throw ImportError("\(fileName): not a Postman collection") }
        var plan = ImportPlan()
        let schema = collection["info"]?["schema"]?.text ?? ""
        if collection["requests"]?.array != nil || collection["order"]?.array != nil || schema.contains("/v1.") {
            collection = PostmanV1Conversion.collection(collection)
            plan.warnings.append("a collection v1: read as Postman converts it to v2.1")
        } else if schema.isEmpty && collection["item"]?.array != nil {
            // Newman and Postman's SDK run a collection without `info`; so does this.
            plan.warnings.append("the collection names no info.schema: read as v2.1")
        } else if !schema.contains("/v2.0.") && !schema.contains("/v2.1.") {
            throw ImportError(
                "\(fileName): not a Postman collection v1, v2.0 or v2.1 (info.schema is \(schema.isEmpty ? "missing" : "'\(schema)'"))"
            )
        }

        var environments: [ImportEnvironments.Entry] = []
        for file in environmentFiles { environments.append(try environment(file, warnings: &plan.warnings)) }
        var defaults: [String: String] = [:]
        for variable in collection["variable"]?.array ?? [] where variable["disabled"]?.flag != true {
            if let key = variable["key"]?.text { defaults[key] = variable["value"]?.scalarText ?? "" }
        }

        // Without environment files there is one environment; auth values are stored in it.
        if environments.isEmpty { environments = [(name: "", variables: [:], secrets: [])] }
        var walker = PostmanWalker(
            fileName: fileName, folder: folder, environments: environments, defaults: defaults)
        walker.walk(collection["item"]?.array ?? [], prefix: [], auth: collection["auth"])
        plan.warnings += walker.warnings
        plan.skipped = walker.skipped
        guard !walker.routes.isEmpty else {
            if !walker.skipped.isEmpty { throw ImportPlan.nothingImported(fileName, skipped: walker.skipped) }
            throw ImportError("\(fileName): the collection has no request")
        }
        // Basic auth over variables is stored per environment, encoded with its own values.
        environments = walker.environments
        walker.credentials.add(to: &environments)
        ImportEnvironments(list: environments, defaults: defaults).assemble(walker.routes, into: &plan)
        return plan
    }

    /// `{"name", "values": [{"key", "value", "type", "enabled"}]}`; a `secret` value is a secret.
    private func environment(_ file: EnvironmentFile, warnings: inout [String]) throws(ImportError)
        -> ImportEnvironments.Entry
    {
        let json = try Self.json(file.bytes, name: file.name)
        guard let values = json["values"]?.array else {
            throw ImportError("\(file.name): not a Postman environment (no \"values\")")
        }
        var entry: ImportEnvironments.Entry = (json["name"]?.text ?? file.name, [:], [])
        for value in values where value["enabled"]?.flag != false {
            guard let key = value["key"]?.text else { continue }
            entry.variables[key] = value["value"]?.scalarText ?? ""
            if value["type"]?.text == "secret" || ImportCredentials.isCredential(key) { entry.secrets.insert(key) }
        }
        return entry
    }

    static func json(_ bytes: [UInt8], name: String) throws(ImportError) -> JSONValue {
        let text = try ImportText.utf8(bytes, name: name)
        do {
            return try JSONValue.parse(text)
        } catch {
            throw ImportError("\(name): \(error)")
        }
    }
}

extension JSONValue {
    /// A string's text.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A boolean's value.
    var flag: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// An array's elements.
    var array: [JSONValue]? { elements }
}
