import CourierCore
import Foundation
import Testing

@testable import courier

@Suite("Saving a shown body")
struct BodySaverTests {
    private func exchange(_ body: [UInt8], file: String? = nil, secrets: [String] = ["dev-secret"]) -> Exchange {
        Exchange(
            request: HTTPRequest(method: .get, url: "http://dev.test/"),
            response: HTTPResponse(status: 200, reason: "OK", body: body, bodyFile: file, bodySize: body.count),
            origin: ExchangeOrigin(environmentName: "dev", secretValues: secrets))
    }

    @Test("a text body has its secrets masked; a binary one is kept byte for byte; an existing file is never replaced")
    func save() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("a.json").path
        #expect(try BodySaver.save(exchange(Array(#"{"token":"dev-secret"}"#.utf8)), to: text).get() > 0)
        #expect(try String(contentsOfFile: text, encoding: .utf8) == #"{"token":"••••••"}"#)
        let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2] + Array("dev-secret".utf8)
        let binary = folder.appendingPathComponent("a.png").path
        #expect(try BodySaver.save(exchange(image), to: binary).get() == image.count)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: binary))) == image)
        guard case .failure(let failure) = BodySaver.save(exchange([1]), to: binary) else {
            Issue.record("an existing file was replaced")
            return
        }
        #expect(failure.message == "\(binary) exists; choose another name")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: binary))) == image)
        // A body spilled to a file is copied from it, and nothing is left beside the target.
        let spilled = folder.appendingPathComponent("spill").path
        try Data(repeating: 0x41, count: 200_000).write(to: URL(fileURLWithPath: spilled))
        let copy = folder.appendingPathComponent("big.txt").path
        #expect(try BodySaver.save(exchange([], file: spilled), to: copy).get() == 200_000)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "a.json", "a.png", "big.txt", "spill",
            ])
        guard case .failure = BodySaver.save(exchange([1]), to: folder.appendingPathComponent("no/such/x").path) else {
            Issue.record("wrote into a missing folder")
            return
        }
    }
}
