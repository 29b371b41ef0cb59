import Foundation
import Testing

/// `courier import SOURCE` with no format, as a newcomer types it: each format, from a real
/// exported file, into an empty folder; Courier says what it took the file for, and
/// `courier routes` lists what came in.
@Suite("courier import: each format into an empty folder")
struct ImportFormatEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The file, from the package root.
        var file: String
        var readAs: String
        /// Route names `courier routes` must list.
        var routes: [String]
        var testDescription: String { readAs }
    }

    static let cases = [
        Case(
            file: "Tests/CourierCoreTests/Fixtures/curl/chrome-get.curl", readAs: "a curl command",
            routes: ["get.dev.v1.echo.users"]),
        Case(
            file: "Tests/CourierOpenAPITests/Fixtures/petstore-3.0.yaml", readAs: "an OpenAPI or Swagger document",
            routes: ["listPets", "createPets", "showPetById"]),
        Case(
            file: "Tests/CourierOpenAPITests/Fixtures/oai-petstore-expanded-2.0.json",
            readAs: "an OpenAPI or Swagger document", routes: ["findPets", "addPet", "find-pet-by-id", "deletePet"]),
        Case(
            file: "Tests/CourierCoreTests/Fixtures/postman/shop-v21/collection.json", readAs: "a Postman collection",
            routes: ["users.list-users", "users.create-user"]),
        Case(
            file: "Tests/CourierCoreTests/Fixtures/http/jetbrains/requests.http", readAs: "a .http file",
            routes: ["get-all-users", "create-a-user"]),
        Case(
            file: "Tests/CourierOpenAPITests/Fixtures/insomnia/shop-v5.yaml", readAs: "an Insomnia export",
            routes: ["health", "orders.admin.cancel-order", "products-query"]),
        Case(
            file: "Tests/CourierOpenAPITests/Fixtures/insomnia/inso-insomnia_v4.json", readAs: "an Insomnia export",
            routes: ["example-folder.example-2", "example-1"]),
        Case(
            file: "Tests/CourierCoreTests/Fixtures/bruno/testbench/collection", readAs: "a Bruno collection",
            routes: ["auth.digest.digest-auth-200", "graphql.spacex", "echo.echo-json"]),
    ]

    @Test("recognised, imported, listed", arguments: cases)
    func importsEach(_ test: Case) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-format-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = CourierBinary.packageRoot.appendingPathComponent(test.file).path
        let imported = try await CourierBinary.run(["import", source], in: folder)
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("\(source): read as \(test.readAs)"), "\(imported.stderr)")
        let routes = try await CourierBinary.run(["routes"], in: folder)
        #expect(routes.code == 0, "\(routes.stderr)")
        for route in test.routes {
            #expect(routes.stdout.contains(route), "\(route) in \(routes.stdout)")
        }
    }

    @Test("a file of no known format is named, with how to say the format; stdin is read once")
    func unknown() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-format-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try await CourierBinary.run(["import", "-"], stdin: Array(#"{"a": 1}"#.utf8), in: folder)
        #expect(unknown.code == 1)
        #expect(unknown.stderr.contains("stdin: cannot tell what it is; name the format"), "\(unknown.stderr)")
        let piped = try await CourierBinary.run(
            ["import", "-"], stdin: Array("curl http://127.0.0.1:1/health".utf8), in: folder)
        #expect(piped.code == 0 && piped.stderr.contains("stdin: read as a curl command"), "\(piped.stderr)")
        let wrong = try await CourierBinary.run(["import", "soap", "x.wsdl"], in: folder)
        #expect(wrong.code != 0 && wrong.stderr.contains("unknown format 'soap'"), "\(wrong.stderr)")
    }
}
