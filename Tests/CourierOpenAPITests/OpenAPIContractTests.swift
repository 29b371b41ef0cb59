import CourierCore
import Testing

@testable import CourierImport
@testable import CourierOpenAPI

/// The `contract` check: a response held to its operation's documented statuses, required
/// headers, media types and schemas.
@Suite("OpenAPI contract")
struct OpenAPIContractTests {
    static let contract: OpenAPIContract = {
        let text = #"""
            openapi: 3.0.3
            paths:
              /orders:
                get:
                  operationId: listOrders
                  responses:
                    "200":
                      description: OK
                      headers:
                        X-Total: {required: true, schema: {type: integer}}
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: "#/components/schemas/Order"}}
                    4XX: {$ref: "#/components/responses/Problem"}
                post:
                  responses:
                    "201": {description: Created}
                    default: {description: anything}
            components:
              schemas:
                Order: {type: object, required: [id], properties: {id: {type: integer}, price: {type: integer}}}
              responses:
                Problem:
                  description: a problem
                  content:
                    application/problem+json:
                      schema: {type: object, required: [title], properties: {title: {type: string}}}
            """#
        return (try? OpenAPIContract.read(Array(text.utf8), fileName: "shop.yaml")) ?? OpenAPIContract(root: .null)
    }()

    static func response(_ status: Int, _ type: String?, _ body: String, headers: [HeaderField] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, reason: "", headers: (type.map { [HeaderField("Content-Type", $0)] } ?? []) + headers,
            body: Array(body.utf8))
    }

    static let total = [HeaderField("X-Total", "2")]

    static let cases: [(String, String, HTTPResponse, [String?])] = [
        (
            "listOrders", "kept", response(200, "application/json; charset=utf-8", #"[{"id": 1}]"#, headers: total),
            [nil]
        ),
        (
            "listOrders", "an undocumented status", response(502, "text/html", "<h1>Bad gateway</h1>"),
            ["502 is not a documented response of orders.list (documented: 200, 4XX)"]
        ),
        (
            "listOrders", "a schema failure, and the required header missing",
            response(200, "application/json", #"[{"id": 1, "price": 19.5}]"#),
            [
                "header X-Total is required by the documented 200 response of orders.list",
                "json 0.price: 19.5 is not of type integer (schema #/components/schemas/Order/properties/price)",
            ]
        ),
        (
            "listOrders", "4XX through a referenced response, its own media type",
            response(404, "application/problem+json", #"{"detail": "x"}"#),
            [
                #"json .: property "title" is required (schema #/components/responses/Problem/content/application~1problem+json/schema)"#
            ]
        ),
        (
            "listOrders", "a media type it does not document", response(200, "text/html", "<p>", headers: total),
            ["content type text/html is not documented for 200 of orders.list (application/json)"]
        ),
        (
            "listOrders", "not JSON where JSON is documented", response(200, "application/json", "{", headers: total),
            ["the body is not JSON; the documented 200 response of orders.list is application/json"]
        ),
        ("POST /orders", "by method and path; default takes any status", response(500, nil, ""), [nil]),
        (
            "GET /nowhere", "an operation the document lacks", response(200, nil, ""),
            ["the document has no operation GET /nowhere"]
        ),
    ]

    @Test("what the contract says", arguments: cases)
    func check(_ operation: String, _ title: String, _ response: HTTPResponse, _ expected: [String?]) {
        let results = Self.contract.check(response, operation: operation, route: "orders.list")
        #expect(results.map(\.message) == expected, "\(title)")
        #expect(results.allSatisfy { $0.check == "contract" && $0.passed == ($0.message == nil) })
    }

    @Test("an import with the document's reference records each route's operation")
    func importRecords() throws {
        let text = #"{"openapi": "3.1.0", "paths": {"/a": {"get": {"operationId": "a.list"}, "put": {}}}}"#
        let plan = try OpenAPIImporter().plan(Array(text.utf8), fileName: "api.json", reference: "api/api.json")
        #expect(plan.routes.map(\.route.operation) == ["api/api.json#a.list", "api/api.json#PUT /a"])
        let plain = try OpenAPIImporter().plan(Array(text.utf8), fileName: "api.json")
        #expect(plain.routes.allSatisfy { $0.route.operation == nil })
    }
}
