import Foundation
import Testing

@testable import CourierStore

/// Reading a collection kept as a folder (Bruno's) for an import: what `keep` takes, sorted;
/// no link followed (a collection from elsewhere could point at `~/.ssh`), no hidden folder,
/// no `node_modules`.
@Suite("Files: a collection folder")
struct CollectionFolderTests {
    @Test("kept files by path; links, hidden folders and node_modules left out")
    func reads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-collection-\(UUID())")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("courier-outside-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        for folder in ["users", ".git", "node_modules/pkg"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside.appendingPathComponent("id_rsa.bru"))
        for file in ["bruno.json", "users/List.bru", "users/notes.txt", ".git/x.bru", "node_modules/pkg/y.bru"] {
            try Data(file.utf8).write(to: root.appendingPathComponent(file))
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("linked.bru"),
            withDestinationURL: outside.appendingPathComponent("id_rsa.bru"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("away"), withDestinationURL: outside)

        let read = try CollectionFolder.files(in: root.path) { $0 == "bruno.json" || $0.hasSuffix(".bru") }.get()
        #expect(read.map(\.path) == ["bruno.json", "users/List.bru"])
        #expect(read.last?.bytes == Array("users/List.bru".utf8))
        #expect(throws: CollectionFolder.Failure.unreadable(root.path + "/none")) {
            try CollectionFolder.files(in: root.path + "/none") { _ in true }.get()
        }
    }
}
