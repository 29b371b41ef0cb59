import CourierCore
import Foundation
import Testing

/// The GraphQL reader against graphql-core, the Python port of the reference implementation:
/// graphql-js's kitchen sink, the token cases of its lexer tests and the documents of its parser
/// tests (Fixtures/graphql, MIT, with the licence), each with what graphql-core read in it or
/// where it stopped (`cases.py` writes `cases.json`). Every case must agree, the error's line
/// and column included.
@Suite("GraphQL: the reader against graphql-core")
struct GraphQLParserTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/graphql")

    static func cases() throws -> [(query: String, expect: JSONValue)] {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("cases.json")))
        guard case .array(let items) = try JSONValue.parse(bytes) else { return [] }
        return items.compactMap { item in
            guard case .string(let query)? = item["query"], let expect = item["expect"] else { return nil }
            return (query, expect)
        }
    }

    @Test("every case reads as graphql-core reads it")
    func agreesWithGraphQLCore() throws {
        let cases = try Self.cases()
        #expect(cases.count > 150)
        var disagreements: [String] = []
        for (query, expect) in cases {
            let found: JSONValue
            do {
                found = Self.summary(try GraphQLDocument.parse(query), valued: expect["value"] != nil)
            } catch {
                found = .object([JSONMember("error", .array([.number("\(error.line)"), .number("\(error.column)")]))])
            }
            // A type definition graphql-core reads is refused here: a route sends operations.
            if expect["typeSystem"] != nil, found["error"] != nil { continue }
            if found != expect {
                disagreements.append("\(query.debugDescription): \(found.serialized) | \(expect.serialized)")
            }
        }
        #expect(
            disagreements.isEmpty, "\(disagreements.count) of \(cases.count):\n\(disagreements.joined(separator: "\n"))"
        )
    }

    /// The document as `cases.py` summarises graphql-core's.
    static func summary(_ document: GraphQLDocument, valued: Bool) -> JSONValue {
        let operations = document.operations.map { operation in
            JSONValue.object([
                JSONMember("kind", .string(operation.kind.rawValue)),
                JSONMember("name", operation.name.map(JSONValue.string) ?? .null),
                JSONMember(
                    "variables",
                    .array(
                        operation.variables.map { variable in
                            .object([
                                JSONMember("name", .string(variable.name)),
                                JSONMember("type", .string(variable.type.description)),
                                JSONMember("default", variable.defaultValue.map(canonical) ?? .null),
                            ])
                        })),
                JSONMember("selections", .number("\(operation.selections.count)")),
            ])
        }
        var members = [
            JSONMember("operations", .array(operations)),
            JSONMember("fragments", .array(document.fragments.map { .string($0.name) })),
        ]
        if valued, case .field(let field)? = document.operations.first?.selections.first,
            let argument = field.arguments.first
        {
            members.append(JSONMember("value", canonical(argument.value)))
        }
        return .object(members)
    }

    /// A value tagged as `cases.py` tags graphql-core's.
    static func canonical(_ value: GraphQLValue) -> JSONValue {
        switch value {
        case .variable(let name): return .string("$" + name)
        case .int(let text): return .string("int:" + text)
        case .float(let text): return .string("float:" + text)
        case .string(let text): return .string("string:" + text)
        case .bool(let flag): return .string("bool:\(flag)")
        case .null: return .string("null")
        case .enumValue(let name): return .string("enum:" + name)
        case .list(let items): return .array(items.map(canonical))
        case .object(let fields): return .object(fields.map { JSONMember($0.name, canonical($0.value)) })
        }
    }
}

@Suite("GraphQL: the reader's bounds and messages")
struct GraphQLReaderBoundsTests {
    @Test("a query nested 100,000 deep is refused in one line, not a crash")
    func deepNesting() {
        let deep = String(repeating: "{a", count: 100_000) + String(repeating: "}", count: 100_000)
        let list = "{ f(a: " + String(repeating: "[", count: 100_000) + ") }"
        for query in [deep, list] {
            #expect(throws: GraphQLSyntaxError.self) { try GraphQLDocument.parse(query) }
        }
        #expect(throws: GraphQLSyntaxError(line: 1, column: 258, message: "the query nests deeper than 128 levels")) {
            try GraphQLDocument.parse(deep)
        }
    }

    @Test(
        "the operation a request runs",
        arguments: [
            ("{ a }", nil, "ok:query"),
            ("query A { a } mutation B { b }", "B", "ok:mutation"),
            (
                "query A { a } mutation B { b }", nil,
                "the query has 2 operations (A, B); name the one to send with \"operation_name\""
            ),
            ("query A { a }", "C", "the query has no operation C (it has A)"),
            ("fragment F on T { a }", nil, "the query has no operation, only fragments"),
        ] as [(String, String?, String)])
    func operation(query: String, name: String?, expected: String) throws {
        let document = try GraphQLDocument.parse(query)
        do {
            #expect("ok:" + (try document.operation(named: name)).kind.rawValue == expected)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("messages name the place and what was found")
    func messages() {
        let cases: [(String, String)] = [
            ("{ user(id: 1) { name }", "line 1, column 23: expected a name, found the end of the query"),
            ("query Q($id ID) { a }", "line 1, column 13: expected \":\", found name \"ID\""),
            (
                "type Query { a: Int }",
                "line 1, column 1: \"type\" defines a type; a query holds operations and fragments"
            ),
            ("", "line 1, column 1: the query is empty"),
            ("{ a(b: \"x\n\") }", "line 1, column 10: a string is not closed on its line"),
        ]
        for (query, message) in cases {
            #expect(throws: GraphQLSyntaxError.self) { try GraphQLDocument.parse(query) }
            do {
                _ = try GraphQLDocument.parse(query)
            } catch {
                #expect(error.description == message)
            }
        }
    }
}
