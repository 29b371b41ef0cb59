import Foundation
import Testing

@testable import CourierCore
@testable import CourierImport

/// The `.bru` reader against the Bru language parser's own fixtures (bruno-lang v2: each `.bru`
/// beside the `.json` it parses to, with their licence): every block the importer reads gives
/// what Bruno's parser gives.
@Suite("Import: the Bru language")
struct BrunoFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bruno-lang")

    static func load(_ name: String) throws -> (file: BrunoFile, expected: [String: Any]) {
        let text = try String(contentsOf: folder.appendingPathComponent(name + ".bru"), encoding: .utf8)
        let json = try Data(contentsOf: folder.appendingPathComponent(name + ".json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        return (try BrunoFile(text, name: name + ".bru"), expected)
    }

    /// Bruno's `[{name, value, enabled}]` as pairs.
    static func pairs(_ list: Any?, type: String? = nil) -> [BrunoFile.Pair] {
        ((list as? [[String: Any]]) ?? []).filter { type == nil || $0["type"] as? String == type }.map {
            BrunoFile.Pair(
                key: $0["name"] as? String ?? "", value: $0["value"] as? String ?? "",
                enabled: $0["enabled"] as? Bool ?? true)
        }
    }

    @Test("request.bru: the request line, parameters, headers, bodies and auth")
    func request() throws {
        let (file, expected) = try Self.load("request")
        let http = try #require(expected["http"] as? [String: String])
        let method = try #require(http["method"])
        #expect(file.value(method, "url") == http["url"])
        #expect(file.value(method, "body") == http["body"])
        #expect(file.value(method, "auth") == http["auth"])
        #expect(file.pairs["params:query"] == Self.pairs(expected["params"], type: "query"))
        #expect(file.pairs["params:path"] == Self.pairs(expected["params"], type: "path"))
        #expect(file.pairs["headers"] == Self.pairs(expected["headers"]))
        let body = try #require(expected["body"] as? [String: Any])
        for (kind, block) in [
            ("json", "body:json"), ("text", "body:text"), ("xml", "body:xml"), ("sparql", "body:sparql"),
        ] {
            #expect(file.texts[block] == body[kind] as? String, "\(block)")
        }
        let graphql = try #require(body["graphql"] as? [String: String])
        #expect(file.texts["body:graphql"] == graphql["query"])
        #expect(file.texts["body:graphql:vars"] == graphql["variables"])
        #expect(file.pairs["body:form-urlencoded"] == Self.pairs(body["formUrlEncoded"]))
        #expect(file.pairs["body:multipart-form"]?.map(\.key) == Self.pairs(body["multipartForm"]).map(\.key))
        let auth = try #require(expected["auth"] as? [String: Any])
        for kind in ["basic", "bearer", "digest"] {
            let fields = try #require(auth[kind] as? [String: String])
            for (key, value) in fields { #expect(file.value("auth:\(kind)", key) == value, "auth:\(kind) \(key)") }
        }
        #expect(file.value("meta", "name") == (expected["meta"] as? [String: Any])?["name"] as? String)
    }

    @Test("collection.bru: headers and the auth mode")
    func collection() throws {
        let (file, expected) = try Self.load("collection")
        #expect(file.pairs["headers"] == Self.pairs(expected["headers"]))
        let auth = try #require(expected["auth"] as? [String: Any])
        #expect(file.value("auth", "mode") == auth["mode"] as? String)
        #expect(file.value("auth:bearer", "token") == (auth["bearer"] as? [String: String])?["token"])
    }

    @Test(
        "broken files are named with the line",
        arguments: [
            ("get {\n  url: x\n", "r.bru: the block 'get' is not closed"),
            ("just text\n", "r.bru: line 1: expected a block ('name {'), found 'just text'"),
            ("headers {\n  no colon here\n}\n", "r.bru: headers: 'no colon here' is not 'key: value'"),
        ])
    func broken(text: String, message: String) {
        #expect(throws: ImportError(message)) { try BrunoFile(text, name: "r.bru") }
    }
}
