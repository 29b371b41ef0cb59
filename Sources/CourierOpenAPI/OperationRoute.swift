import CourierCore
import CourierImport

/// One operation as a route: name, path, parameters with their example or default values,
/// and the request body (see `OpenAPIImporter`).
struct OperationRoute {
    let path: String
    let method: String
    let operation: JSONValue
    /// The path item's parameters, which the operation's own override by name and place.
    let inherited: [JSONValue]
    let document: OpenAPIDocument
    let examples: SchemaExample
    private(set) var warnings: [String] = []

    init(
        path: String, method: String, operation: JSONValue, inherited: [JSONValue], document: OpenAPIDocument,
        examples: SchemaExample
    ) {
        self.path = path
        self.method = method
        self.operation = operation
        self.inherited = inherited
        self.document = document
        self.examples = examples
    }

    mutating func route() throws(ImportError) -> Route {
        let httpMethod = HTTPMethod(rawValue: method.uppercased())
        var route = Route(name: "", method: httpMethod, path: path)
        let operationID = try OpenAPIDocument.text(operation["operationId"], "operationId")
        route.name = operationID.map(Self.identifier) ?? ImportPlan.routeName(method: httpMethod, path: path)
        route.summary = try OpenAPIDocument.text(operation["summary"], "summary")
        var parameters: [(name: String, location: String, value: JSONValue)] = []
        let own = try OpenAPIDocument.items(operation["parameters"], "parameters")
        for (position, either) in (inherited + own).enumerated() {
            let place = "parameters[\(position - (position < inherited.count ? 0 : inherited.count))]"
            let parameter = try document.resolved(either)
            guard let name = try OpenAPIDocument.text(parameter["name"], "\(place).name"),
                let location = try OpenAPIDocument.text(parameter["in"], "\(place).in")
            else { throw ImportError("\(place): a parameter needs a name and where it goes (in)") }
            parameters.removeAll { $0.name == name && $0.location == location }
            parameters.append((name, location, parameter))
        }
        var cookies: [String] = []
        for (name, location, parameter) in parameters {
            let values = try self.values(of: parameter, in: location)
            let value = values?.joined(separator: ",")
            let required = parameter["required"] == .bool(true)
            switch location {
            case "path":
                if let value, !value.isEmpty { route.params[name] = value }
            case "query":
                for item in values ?? (required ? [""] : []) { route.query.append(QueryItem(name, item)) }
            case "header":
                // OpenAPI says these three are not parameters; security sets Authorization.
                let ignored = ["accept", "content-type", "authorization"]
                if !ignored.contains(name.lowercased()), required || value != nil {
                    route.headers.append(HeaderField(name, value ?? ""))
                }
            case "cookie":
                if required || value != nil { cookies.append("\(name)=\(value ?? "")") }
            case "querystring":
                warnings.append("\(route.name): a querystring parameter is not imported")
            default:
                throw ImportError("parameters: \(name) is in \(location); expected path, query, header or cookie")
            }
        }
        if !cookies.isEmpty { route.headers.append(HeaderField("Cookie", cookies.joined(separator: "; "))) }
        if let requestBody = operation["requestBody"] { try body(try document.resolved(requestBody), into: &route) }
        return route
    }

    /// An operationId as a route name: spaces and slashes become `-`.
    static func identifier(_ operationID: String) -> String {
        String(operationID.map { $0 == " " || $0 == "/" ? "-" : $0 })
    }

    /// The parameter's example, else its schema's example or default, as the texts it is sent
    /// as; a required parameter without one gets a value built from its schema. An array is
    /// one text per item where it is sent exploded (a query's default: `?tag=a&tag=b`), else
    /// one text joined as its style says (`a,b`, `a b`, `a|b`).
    private func values(of parameter: JSONValue, in location: String) throws(ImportError) -> [String]? {
        guard let value = try self.value(of: parameter) else { return nil }
        guard case .array(var items) = value else { return [Self.text(of: value)] }
        // An empty list sends nothing; a required one gets an item like its schema's items.
        if items.isEmpty, parameter["required"] == .bool(true), let schema = parameter["schema"],
            let itemSchema = try document.resolved(schema)["items"]
        {
            items = [try examples.build(itemSchema)]
        }
        let style = parameter["style"]?.scalarText ?? (location == "query" || location == "cookie" ? "form" : "simple")
        let explode = parameter["explode"].map { $0 == .bool(true) } ?? (style == "form")
        let texts = items.map(Self.text(of:))
        if location == "query" && explode { return texts }
        let separator = ["spaceDelimited": " ", "pipeDelimited": "|"][style] ?? ","
        return [texts.joined(separator: separator)]
    }

    /// The parameter's example, else its schema's example or default; a required parameter
    /// without one gets a value built from its schema.
    private func value(of parameter: JSONValue) throws(ImportError) -> JSONValue? {
        if let example = try exampleValue(parameter) { return example }
        if let schema = parameter["schema"] {
            let resolved = try document.resolved(schema)
            if let value = SchemaExample.declared(resolved) { return value }
            // A required parameter needs a value to send; one like its schema is a start.
            return parameter["required"] == .bool(true) ? try examples.build(schema) : nil
        }
        guard let first = try OpenAPIDocument.members(parameter["content"], "content").first,
            let example = try document.resolved(first.value)["example"]
        else { return nil }
        return example
    }

    /// `example`, else the first of `examples` (its `value`), on a parameter or media type.
    private func exampleValue(_ holder: JSONValue) throws(ImportError) -> JSONValue? {
        if let example = holder["example"] { return example }
        guard let first = try OpenAPIDocument.members(holder["examples"], "examples").first else { return nil }
        let example = try? document.resolved(first.value)
        return example?["dataValue"] ?? example?["value"]
    }

    /// A scalar as its text, anything else as compact JSON.
    static func text(of value: JSONValue) -> String {
        value.scalarText ?? value.serialized
    }

    /// The body of the first of JSON, form, multipart or text the operation accepts.
    private mutating func body(_ request: JSONValue, into route: inout Route) throws(ImportError) {
        var content: [(type: String, media: JSONValue)] = []
        for member in try OpenAPIDocument.members(request["content"], "requestBody.content") {
            content.append((member.key, try document.resolved(member.value)))
        }
        let json = content.first { entry in
            let type = entry.type.lowercased()
            return type.hasPrefix("application/json") || type.hasSuffix("+json")
        }
        if let (type, media) = json {
            let value = try example(media) ?? .object([])
            route.body = value
            if type.lowercased() != "application/json" { route.headers.append(HeaderField("Content-Type", type)) }
            return
        }
        if let media = content.first(where: { $0.type.lowercased() == "application/x-www-form-urlencoded" })?.media {
            route.form = fields(try example(media))
            return
        }
        if let media = content.first(where: { $0.type.lowercased() == "multipart/form-data" })?.media {
            let properties = try media["schema"].map { schema throws(ImportError) in
                try document.resolved(schema)["properties"]
            }
            route.multipart = try fields(try example(media)).map { field throws(ImportError) in
                // A binary property is a file to upload: the part names one beside the workspace
                // (nothing is read now), and a warning says to put it there.
                let schema = try properties??[field.name].map { value throws(ImportError) in
                    try document.resolved(value)
                }
                guard let schema, schema["format"] == .string("binary") || schema["format"] == .string("base64")
                else { return MultipartField(name: field.name, content: .value(field.value)) }
                warnings.append(
                    "\(route.name): the part '\(field.name)' uploads the file ./\(field.name); put it there")
                return MultipartField(name: field.name, content: .file(field.name))
            }
            return
        }
        if let (type, media) = content.first {
            let value = try example(media)
            route.text = value.map(Self.text(of:)) ?? ""
            route.contentType = type
        }
    }

    /// The media type's example, else its schema's, else one built from the schema.
    private func example(_ media: JSONValue) throws(ImportError) -> JSONValue? {
        if let example = try exampleValue(media) { return example }
        guard let schema = media["schema"] else { return nil }
        return try examples.build(schema)
    }

    /// An object's members as form fields (scalars as text, others as JSON).
    private func fields(_ value: JSONValue?) -> [QueryItem] {
        guard case .object(let members)? = value else { return [] }
        return members.map { QueryItem($0.key, Self.text(of: $0.value)) }
    }
}
