import CourierCore

/// The fields a body or a GraphQL route's variables make.
extension RequestForm {
    /// Fields for a body: one per top-level member of an object, else one raw JSON field; a
    /// GraphQL route's (`variables`) in their own section.
    static func bodyFields(_ body: JSONValue?, _ graphQL: Bool = false) -> [FormField] {
        bodyFields(body, section: graphQL ? .variables : .body, declared: [:])
    }

    private static func bodyFields(_ body: JSONValue?, section: FormField.Section, declared: [String: FormField.Kind])
        -> [FormField]
    {
        guard let body else { return [] }
        guard case .object(let members) = body else {
            return [FormField(section: section, name: "(whole body)", value: body.serialized, kind: .json)]
        }
        return members.map { member in
            var field: FormField
            switch member.value {
            case .string(let text): field = FormField(section: section, name: member.key, value: text, kind: .text)
            case .number(let literal):
                field = FormField(section: section, name: member.key, value: literal, kind: .number)
            case .bool(let flag):
                field = FormField(section: section, name: member.key, value: flag ? "true" : "false", kind: .bool)
            default:
                field = FormField(section: section, name: member.key, value: member.value.serialized, kind: .json)
            }
            // The query's declared type wins, unless the value is a template (sent as a string).
            if let kind = declared[member.key], !field.value.contains("{{") { field.kind = kind }
            return field
        }
    }

    /// A GraphQL route's variables as typed fields: the kind the query declares (`Int` a
    /// number, `Boolean` true or false, `String` and `ID` text, others JSON), and an empty
    /// field for each required variable the route gives no value.
    static func variableFields(_ graphql: GraphQLBody) -> [FormField] {
        var declared: [GraphQLVariable] = []
        if case .text(let query) = graphql.query, let document = try? GraphQLDocument.parse(query),
            let operation = try? document.operation(named: graphql.operationName)
        {
            declared = operation.variables
        }
        var kinds: [String: FormField.Kind] = [:]
        for variable in declared { kinds[variable.name] = kind(of: variable.type) }
        var fields = bodyFields(graphql.variables ?? .object([]), section: .variables, declared: kinds)
        for variable in declared where !fields.contains(where: { $0.name == variable.name }) {
            guard case .nonNull = variable.type else { continue }
            fields.append(
                FormField(section: .variables, name: variable.name, value: "", kind: kinds[variable.name] ?? .json))
        }
        return fields
    }

    /// Sends `query` (running `operation`) instead of the route's query: the variables become
    /// the ones it declares, keeping what was typed into a variable of the same name.
    public mutating func pick(query: String, operation: String?) {
        pickedQuery = query
        pickedOperation = operation
        var typed: [String: String] = [:]
        for field in fields where field.section == .variables { typed[field.name] = field.value }
        var variables = Self.variableFields(GraphQLBody(query: .text(query), operationName: operation))
        for index in variables.indices { variables[index].value = typed[variables[index].name] ?? "" }
        fields = fields.filter { $0.section != .variables } + variables
        moveFocus(fields.firstIndex { $0.section == .variables }.map { $0 - focus } ?? 0)
    }

    private static func kind(of type: GraphQLTypeReference) -> FormField.Kind {
        switch type {
        case .nonNull(let inner): return kind(of: inner)
        case .list: return .json
        case .named("Int"), .named("Float"): return .number
        case .named("Boolean"): return .bool
        case .named("String"), .named("ID"): return .text
        case .named: return .json
        }
    }

    /// The JSON text a body field contributes, validated by its kind.
    static func json(for field: FormField) throws(FormError) -> String {
        switch field.kind {
        case .text:
            return JSONString.encode(field.value)
        case .bool:
            guard field.value == "true" || field.value == "false" else {
                throw .invalid(
                    field: field.key,
                    message:
                        "\(field.section == .variables ? "variable" : "body field") '\(field.name)' must be true or false"
                )
            }
            return field.value
        case .number:
            guard case .number? = try? JSONValue.parse(field.value) else {
                throw .invalid(
                    field: field.key,
                    message:
                        "\(field.section == .variables ? "variable" : "body field") '\(field.name)' must be a number, not '\(field.value)'"
                )
            }
            return field.value.trimmingWhitespace()
        case .file:
            return JSONString.encode(field.value)
        case .json:
            do {
                _ = try JSONValue.parse(field.value)
            } catch {
                throw .invalid(
                    field: field.key,
                    message:
                        "\(field.section == .variables ? "variable" : "body field") '\(field.name)' is not valid JSON: \(error)"
                )
            }
            return field.value
        }
    }

    /// The body as one JSON text, pretty-printed, for `$EDITOR` (a text body as it is).
    public var bodyText: String {
        if let text = fields.first(where: { $0.section == .text }) { return text.value }
        let body = graphQL ? (try? input().graphQLVariables) ?? nil : (try? input().body) ?? nil
        guard let body, let pretty = try? JSONFormatter().format(Array(body.utf8)) else { return body ?? "{}\n" }
        return String(decoding: pretty, as: UTF8.self)
    }
}
