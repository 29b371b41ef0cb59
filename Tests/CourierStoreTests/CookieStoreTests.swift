import CourierCore
import Foundation
import Testing

@testable import CourierStore

/// The cookie jars on disk: per workspace and environment, private, merged under a lock.
@Suite("Cookie store")
struct CookieStoreTests {
    private func store() -> (CookieStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-cookies-\(UUID().uuidString)")
        return (
            CookieStore(configPath: "/work/ws/environments.json", processEnvironment: ["XDG_STATE_HOME": folder.path]),
            folder
        )
    }

    static let now = Date().timeIntervalSince1970

    private func received(_ name: String, _ value: String, at time: Double = now) -> ReceivedCookie {
        ReceivedCookie(
            setCookie: SetCookie(name: name, value: value, maxAge: 3600), url: "http://api.test/", time: time)
    }

    @Test("what two processes record both stays; each environment has its own jar; the file is private")
    func mergeAndPrivacy() throws {
        let (store, folder) = store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.record([received("a", "1")], environment: "dev")
        // A second process, which loaded the jar before the first one saved, records its own.
        let other = store
        try other.record([received("b", "2")], environment: "dev")
        try store.record([received("c", "3")], environment: "prod")
        let jars = store.load(now: Self.now + 1)
        #expect(jars["dev"]?.cookies.map(\.name) == ["a", "b"])
        #expect(jars["prod"]?.cookies.map(\.name) == ["c"])
        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(store.path.hasPrefix(folder.path + "/courier/cookies/environments-"))

        try store.clear(environment: "dev")
        #expect(store.load(now: Self.now + 1).keys.sorted() == ["prod"])
        // Expired cookies are not loaded.
        #expect(store.load(now: Self.now + 3601).isEmpty)
    }

    @Test("an unreadable jar file counts as empty and is replaced on the next save")
    func unreadable() throws {
        let (store, folder) = store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            atPath: (store.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(store.load().isEmpty)
        try store.record([received("a", "1")], environment: "dev")
        #expect(store.load()["dev"]?.cookies.count == 1)
    }
}
