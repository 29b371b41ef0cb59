/// A recursive-descent reader of GraphQL executable documents (specification §2, October
/// 2021): operations with variables and directives, selections, fragments and values. A type
/// system definition (`type`, `schema`, …) is an error here: a route sends operations.
///
/// GraphQLSwift's parser would do, but it brings the whole Foundation and 55 MB into the
/// binary (docs/DECISIONS.md, "GraphQL"); graphql-js's parser tests, checked against
/// graphql-core, hold this one to the same answers.
struct GraphQLParser {
    private var lexer: GraphQLLexer
    private var token: GraphQLLexer.Token
    /// How deep selections and values nest: bounded, so a hostile query cannot exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 128

    init(_ text: String) throws(GraphQLSyntaxError) {
        lexer = GraphQLLexer(text)
        token = try lexer.next()
    }

    mutating func document() throws(GraphQLSyntaxError) -> GraphQLDocument {
        var document = GraphQLDocument(operations: [], fragments: [])
        guard token.kind != .end else { throw error("the query is empty") }
        while token.kind != .end {
            switch token.kind {
            case .punctuator("{"):
                document.operations.append(
                    GraphQLOperation(kind: .query, name: nil, variables: [], selections: try selectionSet()))
            case .name("query"), .name("mutation"), .name("subscription"):
                document.operations.append(try operation())
            case .name("fragment"):
                document.fragments.append(try fragment())
            case .name(let word) where Self.typeSystemWords.contains(word):
                throw error("\"\(word)\" defines a type; a query holds operations and fragments")
            default:
                throw unexpected("an operation or a fragment")
            }
        }
        return document
    }

    private static let typeSystemWords: Set<String> = [
        "schema", "scalar", "type", "interface", "union", "enum", "input", "directive", "extend",
    ]

    private mutating func operation() throws(GraphQLSyntaxError) -> GraphQLOperation {
        guard case .name(let word) = token.kind, let kind = GraphQLOperation.Kind(rawValue: word) else {
            throw unexpected("query, mutation or subscription")
        }
        try advance()
        var operation = GraphQLOperation(kind: kind, name: nil, variables: [], selections: [])
        if case .name(let name) = token.kind {
            operation.name = name
            try advance()
        }
        if try skip("(") {
            repeat {
                try expect("$")
                let name = try name()
                try expect(":")
                let type = try typeReference()
                let value = try skip("=") ? try self.value(constant: true) : nil
                _ = try directives(constant: true)
                operation.variables.append(GraphQLVariable(name: name, type: type, defaultValue: value))
            } while !(try skip(")"))
        }
        _ = try directives(constant: false)
        operation.selections = try selectionSet()
        return operation
    }

    private mutating func fragment() throws(GraphQLSyntaxError) -> GraphQLFragment {
        try advance()
        guard token.kind != .name("on") else { throw unexpected("the fragment's name") }
        let name = try name()
        guard token.kind == .name("on") else { throw unexpected("\"on\"") }
        try advance()
        let type = try self.name()
        _ = try directives(constant: false)
        return GraphQLFragment(name: name, typeCondition: type, selections: try selectionSet())
    }

    private mutating func selectionSet() throws(GraphQLSyntaxError) -> [GraphQLSelection] {
        try expect("{")
        try enter()
        defer { depth -= 1 }
        var selections: [GraphQLSelection] = []
        repeat {
            selections.append(try selection())
        } while !(try skip("}"))
        return selections
    }

    private mutating func selection() throws(GraphQLSyntaxError) -> GraphQLSelection {
        if try skip("...") {
            if case .name(let name) = token.kind, name != "on" {
                try advance()
                _ = try directives(constant: false)
                return .spread(name)
            }
            var condition: String?
            if token.kind == .name("on") {
                try advance()
                condition = try self.name()
            }
            _ = try directives(constant: false)
            return .inline(typeCondition: condition, selections: try selectionSet())
        }
        var field = GraphQLField(alias: nil, name: try name(), arguments: [], directives: [], selections: [])
        if try skip(":") {
            field.alias = field.name
            field.name = try name()
        }
        field.arguments = try arguments(constant: false)
        field.directives = try directives(constant: false)
        if token.kind == .punctuator("{") { field.selections = try selectionSet() }
        return .field(field)
    }

    private mutating func arguments(constant: Bool) throws(GraphQLSyntaxError) -> [GraphQLArgument] {
        guard try skip("(") else { return [] }
        var arguments: [GraphQLArgument] = []
        repeat {
            let name = try name()
            try expect(":")
            arguments.append(GraphQLArgument(name: name, value: try value(constant: constant)))
        } while !(try skip(")"))
        return arguments
    }

    private mutating func directives(constant: Bool) throws(GraphQLSyntaxError) -> [GraphQLDirective] {
        var directives: [GraphQLDirective] = []
        while try skip("@") {
            let name = try name()
            directives.append(GraphQLDirective(name: name, arguments: try arguments(constant: constant)))
        }
        return directives
    }

    private mutating func typeReference() throws(GraphQLSyntaxError) -> GraphQLTypeReference {
        var type: GraphQLTypeReference
        if try skip("[") {
            try enter()
            type = .list(try typeReference())
            depth -= 1
            try expect("]")
        } else {
            type = .named(try name())
        }
        if try skip("!") { type = .nonNull(type) }
        return type
    }

    /// A value; `constant` (defaults, a variable's directives) forbids `$variables`.
    private mutating func value(constant: Bool) throws(GraphQLSyntaxError) -> GraphQLValue {
        let here = token
        switch here.kind {
        case .punctuator("$"):
            guard !constant else { throw unexpected("a constant value") }
            try advance()
            return .variable(try name())
        case .punctuator("["):
            try advance()
            try enter()
            defer { depth -= 1 }
            var items: [GraphQLValue] = []
            while !(try skip("]")) { items.append(try value(constant: constant)) }
            return .list(items)
        case .punctuator("{"):
            try advance()
            try enter()
            defer { depth -= 1 }
            var fields: [GraphQLArgument] = []
            while !(try skip("}")) {
                let name = try name()
                try expect(":")
                fields.append(GraphQLArgument(name: name, value: try value(constant: constant)))
            }
            return .object(fields)
        case .int(let text):
            try advance()
            return .int(text)
        case .float(let text):
            try advance()
            return .float(text)
        case .string(let text):
            try advance()
            return .string(text)
        case .name("true"), .name("false"):
            try advance()
            return .bool(here.kind == .name("true"))
        case .name("null"):
            try advance()
            return .null
        case .name(let name):
            try advance()
            return .enumValue(name)
        default:
            throw unexpected("a value")
        }
    }

    // MARK: Tokens

    private mutating func advance() throws(GraphQLSyntaxError) { token = try lexer.next() }

    private mutating func name() throws(GraphQLSyntaxError) -> String {
        guard case .name(let name) = token.kind else { throw unexpected("a name") }
        try advance()
        return name
    }

    private mutating func expect(_ punctuator: String) throws(GraphQLSyntaxError) {
        guard try skip(punctuator) else { throw unexpected("\"\(punctuator)\"") }
    }

    /// Whether the token is `punctuator`, moving past it if it is.
    private mutating func skip(_ punctuator: String) throws(GraphQLSyntaxError) -> Bool {
        guard token.kind == .punctuator(punctuator) else { return false }
        try advance()
        return true
    }

    private mutating func enter() throws(GraphQLSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("the query nests deeper than \(Self.maximumDepth) levels") }
    }

    private func unexpected(_ wanted: String) -> GraphQLSyntaxError {
        error("expected \(wanted), found \(token.described)")
    }

    private func error(_ message: String) -> GraphQLSyntaxError {
        GraphQLSyntaxError(line: token.line, column: token.column, message: message)
    }
}
