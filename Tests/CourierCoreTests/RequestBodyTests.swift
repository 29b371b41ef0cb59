import Foundation
import Testing

@testable import CourierCore

/// Bodies beyond JSON (DESIGN.md §9): `form` and `text` in the workspace, `--form` and
/// `--text` on top, what goes on the wire and with which `Content-Type`.
@Suite("Form and text bodies")
struct RequestBodyTests {
    private func workspace(_ route: String) throws(WorkspaceError) -> Workspace {
        let text = """
            {"environments": {"dev": {"base_url": "http://api.test", "variables": {"who": "Ana María", "kind": "csv"}}},
             "routes": [\(route)]}
            """
        return try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
    }

    private func build(_ route: String, _ input: RequestInput = RequestInput()) throws -> HTTPRequest {
        let loaded = try workspace(route)
        let builder = RequestBuilder(workspace: loaded, processEnvironment: [:])
        let route = try #require(loaded.routes.first)
        return try builder.build(route: route, environment: loaded.environments[0], input: input).request
    }

    private func body(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test(
        "what each kind sends, and its Content-Type unless the route sets one",
        arguments: [
            (
                #"{"name": "f", "method": "POST", "path": "/", "form": {"name": "{{who}}", "tag": ["a&b", "c=d"], "n": 1}}"#,
                "name=Ana+Mar%C3%ADa&tag=a%26b&tag=c%3Dd&n=1", "application/x-www-form-urlencoded"
            ),
            (
                #"{"name": "t", "method": "POST", "path": "/", "text": "hello {{who}}\nline 2"}"#,
                "hello Ana María\nline 2", "text/plain; charset=utf-8"
            ),
            (
                #"{"name": "t", "method": "POST", "path": "/", "text": "a,b", "content_type": "text/{{kind}}"}"#,
                "a,b", "text/csv"
            ),
            (
                #"{"name": "t", "method": "POST", "path": "/", "headers": {"Content-Type": "application/xml"}, "text": "<a/>"}"#,
                "<a/>", "application/xml"
            ),
            (
                #"{"name": "j", "method": "POST", "path": "/", "body": {"who": "{{who}}"}}"#,
                #"{"who":"Ana María"}"#, "application/json"
            ),
        ])
    func kinds(route: String, sent: String, type: String) throws {
        let request = try build(route)
        #expect(body(request) == sent)
        #expect(request.headers.value(for: "Content-Type") == type)
    }

    @Test("--form over a route's form replaces fields by name where they stood; over another kind it replaces the body")
    func formInput() throws {
        var input = RequestInput()
        input.form = [QueryItem("tag", "x"), QueryItem("extra", "1"), QueryItem("tag", "y")]
        let merged = try build(
            #"{"name": "f", "method": "POST", "path": "/", "form": {"a": "1", "tag": ["p", "q"], "z": "2"}}"#, input)
        #expect(body(merged) == "a=1&tag=x&tag=y&z=2&extra=1")
        let overJSON = try build(#"{"name": "j", "method": "POST", "path": "/", "body": {"a": 1}}"#, input)
        #expect(body(overJSON) == "tag=x&extra=1&tag=y")
        #expect(overJSON.headers.value(for: "Content-Type") == "application/x-www-form-urlencoded")
        var text = RequestInput()
        text.text = "plain {{who}}"
        let overForm = try build(#"{"name": "f", "method": "POST", "path": "/", "form": {"a": "1"}}"#, text)
        #expect(body(overForm) == "plain Ana María")
        #expect(overForm.headers.value(for: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test(
        "two kinds on one route, a content_type without text, or a multipart part without a name, a value or a file is a workspace error",
        arguments: [
            (
                #"{"name": "x", "path": "/", "body": {}, "form": {"a": "1"}}"#,
                "environments.json: routes[0]: has body and form; a route has at most one kind of body"
            ),
            (
                #"{"name": "x", "path": "/", "form": {"a": {"b": 1}}}"#,
                "environments.json: routes[0].form.a: expected a string, number or boolean, found an object"
            ),
            (
                #"{"name": "x", "path": "/", "content_type": "text/csv"}"#,
                "environments.json: routes[0].content_type: applies to a \"text\" or \"body_file\" body, and this route has none"
            ),
            (
                #"{"name": "x", "path": "/", "multipart": [{"value": "1"}]}"#,
                "environments.json: routes[0].multipart[0].name: is required"
            ),
            (
                #"{"name": "x", "path": "/", "multipart": [{"name": "a", "value": "1", "file": "f"}]}"#,
                "environments.json: routes[0].multipart[0]: has both \"value\" and \"file\"; a part has one"
            ),
            (
                #"{"name": "x", "path": "/", "multipart": [{"name": "a"}]}"#,
                "environments.json: routes[0].multipart[0]: needs \"value\" or \"file\""
            ),
            (
                #"{"name": "x", "path": "/", "multipart": [{"name": "a", "value": "1", "filename": "f"}]}"#,
                "environments.json: routes[0].multipart[0].filename: applies to a \"file\" part"
            ),
            (
                #"{"name": "x", "path": "/", "multipart": [{"name": "a", "value": "1", "as_field": true}]}"#,
                "environments.json: routes[0].multipart[0].as_field: applies to a \"file\" part"
            ),
            (
                #"{"name": "x", "path": "/", "multipart": [{"name": "a", "file": "f", "filename": "g", "as_field": true}]}"#,
                "environments.json: routes[0].multipart[0].filename: has no use in a part sent \"as_field\""
            ),
            (
                #"{"name": "x", "path": "/", "multipart": {"a": "1"}}"#,
                "environments.json: routes[0].multipart: expected an array, found an object"
            ),
            (
                #"{"name": "x", "path": "/", "form": {"a": "1"}, "multipart": []}"#,
                "environments.json: routes[0]: has form and multipart; a route has at most one kind of body"
            ),
        ])
    func errors(route: String, message: String) {
        do {
            _ = try workspace(route)
            Issue.record("loaded: \(route)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("form, text and content_type survive the workspace writer")
    func roundTrip() throws {
        let text = """
            {"environments": {"dev": {"base_url": "http://api.test"}}, "routes": [
              {"name": "f", "method": "POST", "path": "/", "form": {"a": "1", "tag": ["x", "y"]}},
              {"name": "t", "method": "PUT", "path": "/", "text": "a,b", "content_type": "text/csv"},
              {"name": "b", "method": "PUT", "path": "/", "body_file": "/srv/x.bin", "allow_outside": true},
              {"name": "m", "method": "POST", "path": "/",
               "multipart": [{"name": "k", "file": "/etc/hostname", "allow_outside": true}, {"name": "n", "file": "in.txt", "as_field": true}]}]}
            """
        let loaded = try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
        let again = try WorkspaceLoader().load(bytes: WorkspaceWriter().bytes(loaded), fileName: "environments.json")
        #expect(again.routes == loaded.routes)
        #expect(loaded.routes[2].bodyFile == "/srv/x.bin" && loaded.routes[2].bodyFileAllowOutside)
        #expect(loaded.routes[3].multipart?.map(\.allowOutside) == [true, false])
        #expect(loaded.routes[3].multipart?.map(\.asField) == [false, true])
        #expect(again.routes[0].form == [QueryItem("a", "1"), QueryItem("tag", "x"), QueryItem("tag", "y")])
    }
}
