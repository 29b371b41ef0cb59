import CourierHTTP
import CourierSampleAPI
import CourierTestSupport
import Foundation
import Testing

@testable import CourierCore

/// A multipart body's files are streamed from disk by the engine: the server receives the
/// exact bytes, a 307 sends them again, and a file that cannot be read stops the request
/// before anything is sent.
@Suite("Multipart uploads against the sample API")
struct MultipartUploadTests {
    private func upload(_ url: String, file: String) -> PreparedRequest {
        let body = MultipartBody(parts: [
            MultipartBody.Part(name: "who", content: .value("Ana")),
            MultipartBody.Part(name: "doc", content: .file(file), fileName: "doc.txt", contentType: "text/plain"),
        ])
        var request = HTTPRequest(
            method: .post, url: url, headers: [HeaderField("Content-Type", body.contentType)], body: body.outline)
        request.multipart = body
        return PreparedRequest(request: request, options: SendOptions(timeout: Patience.loopback))
    }

    /// What the echo route says it received, as text.
    private func received(_ response: HTTPResponse) throws -> (body: String, length: String?) {
        let echoed = try JSONValue.parse(response.body)
        guard case .string(let body)? = echoed["body"] else { throw EchoFailure() }
        guard case .string(let length)? = echoed["headers"]?["content-length"] else { return (body, nil) }
        return (body, length)
    }

    private struct EchoFailure: Error {}

    @Test("the file arrives whole, with Content-Length, over several chunks and after a 307")
    func streamed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-upload-\(UUID()).txt")
        // Larger than the stream's chunk, so the file is read in several pieces.
        let contents = String((0..<(UploadStreamSize.bytes)).map { Character(UnicodeScalar(97 + $0 % 26) ?? "a") })
        try Data(contents.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer { server, client in
            let prepared = upload(server.url("/dev/v1/echo"), file: file.path)
            let boundary = try #require(prepared.request.multipart?.boundary)
            let expected =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"who\"\r\n\r\nAna\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"doc.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\n\(contents)\r\n--\(boundary)--\r\n"
            let direct = try received(try await client.send(prepared.request, options: prepared.options))
            #expect(direct.body == expected)
            #expect(direct.length == String(expected.utf8.count))

            let target = server.url("/dev/v1/echo").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let redirected = upload(server.url("/dev/v1/redirect-to?status=307&url=\(target)"), file: file.path)
            let again = try await client.send(redirected.request, options: redirected.options)
            #expect(again.redirectCount == 1)
            #expect(try received(again).body == expected)
        }
    }

    @Test("a missing or unreadable file is an error naming it, and the server sees no request")
    func missing() async throws {
        try await withServer { server, client in
            for path in ["/nonexistent/courier-\(UUID())", "/"] {
                let prepared = upload(server.url("/dev/v1/echo"), file: path)
                do {
                    _ = try await client.send(prepared.request, options: prepared.options)
                    Issue.record("sent with \(path)")
                } catch {
                    #expect("\(error)".hasPrefix("cannot send the file \(path): "), "\(error)")
                }
            }
            let log = try await client.send(HTTPRequest(method: .get, url: server.url("/_requests")))
            #expect(!String(decoding: log.body, as: UTF8.self).contains("POST"))
        }
    }
}

/// 300 KB: several of the upload stream's 64 KB chunks.
private enum UploadStreamSize {
    static let bytes = 300 * 1024
}
