import CourierCore
import Foundation
import Testing

@testable import CourierStore

@Suite("Remembered state")
struct SessionStoreTests {
    private func store() -> (SessionStore, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("courier-state-\(UUID().uuidString)")
        return (
            SessionStore(
                configPath: "/work/project/environments.json", processEnvironment: ["XDG_STATE_HOME": home.path]), home
        )
    }

    @Test("saves atomically under $XDG_STATE_HOME/courier and loads it back")
    func roundTrip() throws {
        let (store, home) = store()
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(store.fileURL.path.hasPrefix(home.path + "/courier/environments-"))
        #expect(store.load().state == SessionState())
        let state = SessionState(environment: "production", language: "es", fields: ["users.show": ["path.id": "7"]])
        try store.save(state)
        #expect(store.load().state == state)
        #expect(store.load().warning == nil)
        // Pane sizes, when changed, come back too; an unreadable one is left out, not an error.
        var resized = state
        (resized.leftColumn, resized.requestRows) = (-6, 3)
        try store.save(resized)
        #expect(store.load().state == resized)
        #expect(try SessionStore.decode(Array(#"{"panes": {"left": "x"}, "fields": {}}"#.utf8)) == SessionState())
    }

    @Test("an unreadable file is moved aside with a message, and Courier starts fresh")
    func unreadable() throws {
        let (store, home) = store()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(
            at: store.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.fileURL)
        let (state, warning) = store.load()
        #expect(state == SessionState())
        #expect(warning?.hasPrefix("saved state was unreadable and was moved to ") == true)
        #expect(FileManager.default.fileExists(atPath: store.fileURL.path + ".unreadable"))
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test("different workspace files get different state files; HOME is the fallback")
    func keyedByPath() {
        let a = SessionStore(configPath: "/a/environments.json", processEnvironment: ["HOME": "/home/u"])
        let b = SessionStore(configPath: "/b/environments.json", processEnvironment: ["HOME": "/home/u"])
        #expect(a.fileURL != b.fileURL)
        #expect(a.fileURL.path.hasPrefix("/home/u/.local/state/courier/"))
    }
}

@Suite("Atomic file writes")
struct AtomicFileTests {
    @Test("a write replaces the file whole, creates its folder, and leaves no temporary file behind")
    func replaces() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deep/environments.json").path
        try AtomicFile.write(Array("first".utf8), to: path, createFolder: true)
        try AtomicFile.write(Array("second".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: PathText.directory(path)) == ["environments.json"])
    }

    @Test("a folder that cannot be written is an error, and the old file stays as it was")
    func failure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        try AtomicFile.write(Array("kept".utf8), to: path, createFolder: true)
        #expect(throws: (any Error).self) { try AtomicFile.write(Array("x".utf8), to: path + "/not-a-folder/file") }
        #expect(FileManager.default.contents(atPath: path) == Data("kept".utf8))
    }
}
