import CourierCore
import CourierHTTP
import CourierPipeline
import CourierStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The jar a command sends from: read again when the file changed, not before every request.
@Suite("Cookies kept between commands")
struct CookieKeeperTests {
    @Test("what another process stores is sent on the next request; an unchanged file is not read again")
    func anotherProcess() throws {
        let (workspace, state) = try CaptureKeeperTests.workspace()
        let keeper = CookieKeeper(workspace: workspace, disabled: false, processEnvironment: state)
        let dev = try #require(workspace.environments.first)
        let url = "http://x/account"
        let first = try #require(keeper.session(for: dev))
        #expect(first.jar.header(for: url, now: Date().timeIntervalSince1970) == nil)
        // Another terminal logs in: its `courier call` writes the jar file.
        let other = CookieStore(configPath: workspace.file, processEnvironment: state)
        func store(_ name: String, _ value: String) throws {
            let cookie = ReceivedCookie(
                setCookie: SetCookie(name: name, value: value), url: "http://x/login",
                time: Date().timeIntervalSince1970)
            try other.record([cookie], environment: "dev")
        }
        try store("session", "one")
        let now = Date().timeIntervalSince1970
        #expect(keeper.session(for: dev)?.jar.header(for: url, now: now) == "session=one")
        try store("session", "two")
        #expect(keeper.session(for: dev)?.jar.header(for: url, now: now) == "session=two")
        // The file's bytes blanked in place, its time put back: same inode, size and time, so
        // the keeper does not read it (a write by Courier renames a new file in, and shows).
        let signature = other.signature()
        var info = stat()
        #expect(stat(other.path, &info) == 0)
        let size = Int(info.st_size)
        let descriptor = open(other.path, O_WRONLY)
        #expect(descriptor >= 0)
        _ = [UInt8](repeating: 0x20, count: size).withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
        close(descriptor)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, other.path, &times, 0) == 0)
        #expect(other.signature() == signature)
        #expect(keeper.session(for: dev) === first)
        #expect(first.jar.header(for: url, now: now) == "session=two")
    }
}
