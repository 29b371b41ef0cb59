import CourierCore
import Foundation
import OpenAPIKit

/// One operation as a route: name, path, parameters with their example or default values,
/// and the request body (see `OpenAPIImporter`).
struct OperationRoute {
    let path: String
    let method: String
    let operation: OpenAPI.Operation
    /// The path item's parameters, which the operation's own override by name and place.
    let inherited: OpenAPI.Parameter.Array
    let components: OpenAPI.Components
    let examples: SchemaExample
    private(set) var warnings: [String] = []

    init(
        path: String, method: String, operation: OpenAPI.Operation, inherited: OpenAPI.Parameter.Array,
        components: OpenAPI.Components, examples: SchemaExample
    ) {
        self.path = path
        self.method = method
        self.operation = operation
        self.inherited = inherited
        self.components = components
        self.examples = examples
    }

    mutating func route() throws -> Route {
        let httpMethod = HTTPMethod(rawValue: method.uppercased())
        var route = Route(name: "", method: httpMethod, path: path)
        route.name = operation.operationId.map(Self.identifier) ?? ImportPlan.routeName(method: httpMethod, path: path)
        route.summary = operation.summary
        var parameters: [OpenAPI.Parameter] = []
        for either in inherited + operation.parameters {
            let parameter = try components.lookup(either)
            parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
            parameters.append(parameter)
        }
        var cookies: [String] = []
        for parameter in parameters {
            let value = try self.value(of: parameter)
            switch parameter.location {
            case .path:
                if let value, !value.isEmpty { route.params[parameter.name] = value }
            case .query:
                if parameter.required || value != nil { route.query.append(QueryItem(parameter.name, value ?? "")) }
            case .header:
                // OpenAPI says these three are not parameters; security sets Authorization.
                let ignored = ["accept", "content-type", "authorization"]
                if !ignored.contains(parameter.name.lowercased()), parameter.required || value != nil {
                    route.headers.append(HeaderField(parameter.name, value ?? ""))
                }
            case .cookie:
                if parameter.required || value != nil { cookies.append("\(parameter.name)=\(value ?? "")") }
            case .querystring:
                warnings.append("\(route.name): a querystring parameter is not imported")
            }
        }
        if !cookies.isEmpty { route.headers.append(HeaderField("Cookie", cookies.joined(separator: "; "))) }
        if let requestBody = operation.requestBody { try body(try components.lookup(requestBody), into: &route) }
        return route
    }

    /// An operationId as a route name: spaces and slashes become `-`.
    static func identifier(_ operationID: String) -> String {
        String(operationID.map { $0 == " " || $0 == "/" ? "-" : $0 })
    }

    /// The parameter's example, else its schema's example or default, as text.
    private func value(of parameter: OpenAPI.Parameter) throws -> String? {
        switch parameter.schemaOrContent {
        case .a(let context):
            if let example = context.example
                ?? context.examples?.values.first.flatMap({ try? components.lookup($0) })?
                .dataOrLegacyValue
            {
                return Self.text(of: examples.json(example))
            }
            let schema = try components.lookup(context.schema)
            if let value = examples.declared(schema) { return Self.text(of: value) }
            // A required parameter needs a value to send; one like its schema is a start.
            return parameter.required ? Self.text(of: try examples.build(schema)) : nil
        case .b(let content):
            guard let first = content.values.first, let example = try components.lookup(first).example else {
                return nil
            }
            return Self.text(of: examples.json(example))
        }
    }

    /// A scalar as its text, anything else as compact JSON.
    static func text(of value: JSONValue) -> String {
        value.scalarText ?? value.serialized
    }

    /// The body of the first of JSON, form, multipart or text the operation accepts.
    private mutating func body(_ request: OpenAPI.Request, into route: inout Route) throws {
        var content: [(type: String, media: OpenAPI.Content)] = []
        for (type, either) in request.content { content.append((type.rawValue, try components.lookup(either))) }
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
            route.multipart = fields(try example(media)).map {
                MultipartField(name: $0.name, content: .value($0.value))
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
    private func example(_ media: OpenAPI.Content) throws -> JSONValue? {
        if let example = media.example { return examples.json(example) }
        if let first = media.examples?.values.first, let value = (try? components.lookup(first))?.dataOrLegacyValue {
            return examples.json(value)
        }
        guard let schema = media.schema else { return nil }
        return try examples.build(schema)
    }

    /// An object's members as form fields (scalars as text, others as JSON).
    private func fields(_ value: JSONValue?) -> [QueryItem] {
        guard case .object(let members)? = value else { return [] }
        return members.map { QueryItem($0.key, Self.text(of: $0.value)) }
    }
}
