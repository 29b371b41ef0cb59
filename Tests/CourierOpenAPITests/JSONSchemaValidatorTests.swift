import CourierCore
import Testing

@testable import CourierOpenAPI

/// What the validator says, as a contract check prints it: the instance path, the message, the
/// schema's place in the document; OpenAPI 3.0's dialect; bounds.
@Suite("JSON Schema validator")
struct JSONSchemaValidatorTests {
    static func parse(_ text: String) -> JSONValue { (try? JSONValue.parse(Array(text.utf8))) ?? .null }

    static let openAPI = parse(
        """
        {"openapi": "3.0.3", "components": {"schemas": {
          "List": {"type": "object", "required": ["items"], "properties": {
            "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
            "next": {"type": "string", "nullable": true}}},
          "Item": {"type": "object", "required": ["id", "price"], "properties": {
            "id": {"type": "integer", "minimum": 1},
            "price": {"type": "integer", "maximum": 100, "exclusiveMaximum": true},
            "tag": {"type": "string", "enum": ["new", "old"], "pattern": "^[a-z]+$"}}}}}}
        """)

    static let cases: [(String, String, [String])] = [
        (#"{"items": [{"id": 1, "price": 3}], "next": null}"#, "nullable lets null through", []),
        (
            #"{"items": [{"id": 1, "price": 3}, {"id": 2, "price": 4}, {"id": 3, "price": 1}, {"id": 4, "price": 19.5}]}"#,
            "the issue's example",
            ["json items.3.price: 19.5 is not of type integer (schema #/components/schemas/Item/properties/price)"]
        ),
        (
            #"{"items": [{"price": 100, "tag": "Mid"}]}"#, "several at once, each named",
            [
                "json items.0.price: 100 is not less than 100 (schema #/components/schemas/Item/properties/price)",
                #"json items.0.tag: "Mid" is not one of ["new","old"] (schema #/components/schemas/Item/properties/tag)"#,
                #"json items.0.tag: "Mid" does not match "^[a-z]+$" (schema #/components/schemas/Item/properties/tag)"#,
                #"json items.0: property "id" is required (schema #/components/schemas/Item)"#,
            ]
        ),
        (
            #"[1]"#, "the wrong kind at the top",
            [#"json .: [1] is not of type object (schema #/components/schemas/List)"#]
        ),
    ]

    @Test("failures name the path, the keyword's complaint and the schema", arguments: cases)
    func messages(_ body: String, _ title: String, _ expected: [String]) {
        let validator = JSONSchemaValidator(document: Self.openAPI, dialect: .openAPI30)
        let failures = validator.validate(Self.parse(body), against: "/components/schemas/List")
        #expect(failures.map(\.description) == expected, "\(title)")
    }

    @Test("a reference loop, a reference to another file, a pointer to nothing: one failure each, no crash")
    func bounds() {
        let loop = JSONSchemaValidator(document: Self.parse(##"{"$ref": "#"}"##), dialect: .draft2020)
        #expect(loop.validate(.null).first?.message.hasPrefix("schemas nest deeper than 200") == true)
        let elsewhere = JSONSchemaValidator(document: Self.parse(#"{"$ref": "other.json#/a"}"#), dialect: .draft2020)
        #expect(elsewhere.validate(.null).map(\.message) == ["cannot resolve other.json#/a"])
        #expect(
            JSONSchemaValidator(document: Self.openAPI, dialect: .openAPI30).validate(.null, against: "/nothing")
                .map(\.message) == ["no schema at #/nothing"])
    }

    static let multiples: [(String, String, Bool)] = [
        ("0.0075", "0.0001", true), ("0.00751", "0.0001", false), ("4.5", "1.5", true), ("35", "1.5", false),
        ("1e308", "0.123456789", false), ("-12", "4", true), ("19.99", "0.01", true), ("1e-9", "1e-10", true),
    ]

    @Test("multipleOf in decimal", arguments: multiples)
    func multipleOf(_ value: String, _ divisor: String, _ expected: Bool) {
        #expect(SchemaNumber.isMultiple(value, of: divisor) == expected)
    }

    static let uris: [(String, String, String)] = [
        ("other.json#/a", "http://x.test/s/root.json", "http://x.test/s/other.json#/a"),
        ("../up.json", "http://x.test/s/t/root.json", "http://x.test/s/up.json"),
        ("#foo", "urn:uuid:deadbeef", "urn:uuid:deadbeef#foo"), ("/abs", "http://x.test/a/b", "http://x.test/abs"),
        ("#/$defs/a", "", "#/$defs/a"), ("tag:x,2024:b", "http://x.test/a", "tag:x,2024:b"),
    ]

    @Test("references resolve as RFC 3986 says", arguments: uris)
    func resolve(_ reference: String, _ base: String, _ expected: String) {
        #expect(SchemaURI.resolve(reference, against: base) == expected)
    }

    @Test(
        "a token escaped into a JSON pointer (RFC 6901) and read back",
        arguments: [
            ("plain", "plain"), ("application/json", "application~1json"), ("a~b/c", "a~0b~1c"),
            ("~1", "~01"), ("/", "~1"), ("", ""), ("año/ü~", "año~1ü~0"),
        ])
    func escape(_ token: String, _ escaped: String) {
        #expect(SchemaURI.escape(token) == escaped)
        #expect(SchemaURI.pointerTokens("/" + escaped) == [token])
    }

    static let shortcuts: [(SchemaDialect, String, String, Bool?)] = [
        (.openAPI30, #"{"type": "string", "nullable": true}"#, "null", true),
        (.draft2020, #"{"type": "string", "nullable": true}"#, "null", false),
        // Before 2019-09 a `$ref`'s siblings are ignored; in 2020-12 they apply.
        (.openAPI30, ##"{"$defs": {"a": {"type": "integer"}}, "$ref": "#/$defs/a", "type": "string"}"##, "1", true),
        (.draft2020, ##"{"$defs": {"a": {"type": "integer"}}, "$ref": "#/$defs/a", "type": "string"}"##, "1", false),
        (.draft2020, #"{"properties": {"a": {}}, "additionalProperties": false}"#, #"{"a": 1, "b": 2}"#, false),
        (.draft2020, #"{"properties": {"a": {}}, "additionalProperties": false}"#, #"{"a": 1}"#, true),
        (.draft4, #"{"required": ["id"], "properties": {"id": {"type": "integer"}}}"#, #"{"id": 1.0}"#, true),
        (.draft4, #"{"required": ["id"], "properties": {"id": {"type": "integer"}}}"#, #"{"di": 1}"#, false),
        // A schema that refers to itself: a tree of any depth.
        (
            .draft2020, ##"{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}}"##,
            #"{"kids": [{"kids": []}, {"kids": [{}]}]}"#, true
        ),
        (
            .draft2020, ##"{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}}}"##,
            #"{"kids": [{"kids": [7]}]}"#, false
        ),
        // A key given twice: both are held to the schema (the evaluator reads the first).
        (.draft2020, #"{"properties": {"a": {"type": "integer"}}}"#, #"{"a": 1, "a": "x"}"#, false),
        // Outside the subset: no shortcut at all.
        (.draft2020, #"{"type": "integer", "minimum": 1}"#, "5", nil),
        (.draft2020, #"{"items": [{"type": "integer"}]}"#, "[1]", nil),
        (.draft2020, #"{"$id": "http://x.test/s", "type": "integer"}"#, "5", nil),
    ]

    @Test(
        "the compiled shortcut: yes only where the evaluator finds nothing, nil outside its subset",
        arguments: shortcuts)
    func shortcut(_ dialect: SchemaDialect, _ schema: String, _ instance: String, _ accepts: Bool?) {
        let document = Self.parse(schema)
        let validator = JSONSchemaValidator(document: document, dialect: dialect)
        let shortcut = SchemaShortcut(document, at: "", validator: validator)
        #expect(shortcut?.accepts(Self.parse(instance)) == accepts, "\(schema) \(instance)")
        if accepts == true { #expect(validator.evaluated(Self.parse(instance), schema: document, at: "").isEmpty) }
    }
}
