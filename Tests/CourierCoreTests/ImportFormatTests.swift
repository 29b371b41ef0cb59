import Testing

@testable import CourierCore

/// Which format a source is when the user does not say: from its content, the name only
/// breaking a tie.
@Suite("Import: finding the format")
struct ImportFormatTests {
    @Test(
        "content tells the format",
        arguments: [
            ("  curl -X POST http://a/b", "x.txt", ImportFormat.curl),
            (#"{"openapi": "3.1.0", "paths": {}}"#, "api.json", .openapi),
            (#"{"swagger": "2.0"}"#, "api.json", .openapi),
            ("\u{FEFF}openapi: 3.0.0\ninfo: {}\n", "api.txt", .openapi),
            ("# comment\nswagger: \"2.0\"\n", "spec.yml", .openapi),
            (
                #"{"info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "item": []}"#,
                "shop.json", .postman
            ),
            (#"{"info": {"_postman_id": "1"}}"#, "a.json", .postman),
            // Newman runs a collection with no info; v1 has requests and order.
            (#"{"item": [{"request": "http://x"}]}"#, "a.json", .postman),
            (#"{"id": "c", "order": [], "requests": []}"#, "old.json", .postman),
            ("### one\nGET {{base}}/users\n", "requests.txt", .http),
            ("# nothing yet\n", "requests.rest", .http),
            (#"{"_type": "export", "__export_format": 4, "resources": []}"#, "export.json", .insomnia),
            ("type: collection.insomnia.rest/5.0\nname: Shop\n", "shop.yaml", .insomnia),
            ("_type: export\n__export_format: 4\n", "shop.yaml", .insomnia),
        ])
    func detects(text: String, name: String, format: ImportFormat) {
        #expect(ImportFormat.detect(Array(text.utf8), name: name) == format)
    }

    @Test("a JSON document past the first megabyte is still told by its top-level keys")
    func large() {
        let filler = String(repeating: "x", count: 2 << 20)
        let postman =
            #"{"item": [{"name": "\#(filler)"}], "info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}}"#
        #expect(ImportFormat.detect(Array(postman.utf8), name: "big.json") == .postman)
        let openapi = #"{"paths": {"/x": {"description": "\#(filler)"}}, "openapi": "3.1.0"}"#
        #expect(ImportFormat.detect(Array(openapi.utf8), name: "big.json") == .openapi)
        #expect(ImportFormat.detect(Array((openapi + " trailing").utf8), name: "big.json") == nil)
    }

    @Test("content that is none of them is nil", arguments: [#"{"a": 1}"#, "hello", "", "{broken", "openapi 3"])
    func unknown(text: String) {
        #expect(ImportFormat.detect(Array(text.utf8), name: "file.json") == nil)
    }
}
