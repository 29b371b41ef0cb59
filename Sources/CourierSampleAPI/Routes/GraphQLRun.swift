import CourierCore

/// One GraphQL request being answered: picks the selected fields from JSON values (through
/// fragments, `@skip` and `@include`) and gathers the errors with their paths.
struct GraphQLRun {
    let document: GraphQLDocument
    let variables: [String: JSONValue]
    /// The errors so far, as the response lists them.
    private(set) var errors: [JSONValue] = []

    init(document: GraphQLDocument, variables: [String: JSONValue]) {
        self.document = document
        self.variables = variables
    }

    /// Records an error at `path`.
    mutating func fail(_ message: String, path: [String]) {
        errors.append(
            .object([
                JSONMember("message", .string(message)),
                JSONMember("path", .array(path.map { Int($0).map { .number(String($0)) } ?? .string($0) })),
            ]))
    }

    /// The field's arguments with variables filled.
    func arguments(_ field: GraphQLField) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for argument in field.arguments { values[argument.name] = argument.value.json(variables: variables) }
        return values
    }

    /// The fields `selections` select, fragments expanded and skipped ones left out.
    func fields(of selections: [GraphQLSelection], typeName: String? = nil, depth: Int = 0) -> [GraphQLField] {
        guard depth < 32 else { return [] }
        var fields: [GraphQLField] = []
        for selection in selections {
            switch selection {
            case .field(let field) where included(field): fields.append(field)
            case .field: continue
            case .spread(let name):
                guard let fragment = document.fragments.first(where: { $0.name == name }),
                    typeName == nil || fragment.typeCondition == typeName
                else { continue }
                fields += self.fields(of: fragment.selections, typeName: typeName, depth: depth + 1)
            case .inline(let condition, let inner):
                guard condition == nil || typeName == nil || condition == typeName else { continue }
                fields += self.fields(of: inner, typeName: typeName, depth: depth + 1)
            }
        }
        return fields
    }

    private func included(_ field: GraphQLField) -> Bool {
        for directive in field.directives where directive.name == "skip" || directive.name == "include" {
            let flag = directive.arguments.first { $0.name == "if" }?.value.json(variables: variables)
            if (flag == .bool(true)) == (directive.name == "skip") { return false }
        }
        return true
    }

    /// `value` narrowed to `selections`: objects keep the selected keys (aliases applied),
    /// lists each item, leaves themselves.
    mutating func select(_ selections: [GraphQLSelection], from value: JSONValue, path: [String]) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(
                items.enumerated().map { index, item in select(selections, from: item, path: path + [String(index)]) })
        case .object(let members):
            guard !selections.isEmpty else {
                fail("a field of an object type needs a selection of its fields", path: path)
                return .null
            }
            let typeName = members.first { $0.key == "__typename" }?.value.scalarText
            var picked: [JSONMember] = []
            for field in fields(of: selections, typeName: typeName) {
                let inner = path + [field.responseKey]
                guard let found = members.first(where: { $0.key == field.name })?.value else {
                    fail("Cannot query field \"\(field.name)\" on type \"\(typeName ?? "object")\".", path: inner)
                    continue
                }
                picked.append(JSONMember(field.responseKey, select(field.selections, from: found, path: inner)))
            }
            return .object(picked)
        default:
            return value
        }
    }
}
