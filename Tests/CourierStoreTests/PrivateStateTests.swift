import CourierCore
import Foundation
import Testing

@testable import CourierStore

/// What Courier keeps is private and keyed by the file (issue 28, items 4 and 5): modes
/// whatever the umask, no writes through planted links, another program's database refused,
/// every spelling of a workspace one key; and writers of one workspace file take turns.
@Suite("Private state", .serialized)
struct PrivateStateTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-private-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    private func record(workspace: String) -> HistoryRecord {
        HistoryRecord(
            recordedAt: Date(),
            exchange: Exchange(
                request: HTTPRequest(method: .get, url: "http://h/x"),
                response: HTTPResponse(status: 200, reason: "OK", body: Array("{}".utf8)),
                origin: ExchangeOrigin(workspace: workspace, environmentName: "dev", routeName: "r")))
    }

    @Test("folders 0700 and files 0600 under a umask of 022, loose ones tightened when opened")
    func modes() throws {
        let base = try folder()
        let previous = umask(0o022)
        defer { umask(previous) }
        let environment = ["XDG_STATE_HOME": base]
        let state = StateFolder.path(processEnvironment: environment)
        let workspace = base + "/environments.json"

        let store = try HistoryStore(path: state + "/history.sqlite")
        try store.add(record(workspace: workspace))
        _ = try HistorySpool.append(
            record(workspace: workspace), settings: HistorySettings(), to: state + "/history.spool")
        try SessionStore(configPath: workspace, processEnvironment: environment).save(SessionState(environment: "dev"))
        try CookieStore(configPath: workspace, processEnvironment: environment).clear(environment: nil)
        TokenStore(configPath: workspace, processEnvironment: environment)
            .save("k", OAuth2Token(accessToken: "t", expires: Date().timeIntervalSince1970 + 600))

        let files = try FileManager.default.subpathsOfDirectory(atPath: state).map { state + "/" + $0 }
        #expect(files.contains(state + "/history.sqlite-wal") && files.contains(state + "/history.spool"))
        for path in files + [state] {
            var info = stat()
            lstat(path, &info)
            let expected: mode_t = info.st_mode & S_IFMT == S_IFDIR ? 0o700 : 0o600
            #expect(mode(path) == expected, "\(path): \(String(mode(path), radix: 8))")
        }

        // Loosened by hand (or by an older Courier): tightened on the next open.
        chmod(state, 0o755)
        chmod(state + "/cookies", 0o755)
        for file in ["/history.sqlite", "/history.sqlite-wal", "/history.spool"] { chmod(state + file, 0o644) }
        _ = try HistoryStore(path: state + "/history.sqlite")
        try CookieStore(configPath: workspace, processEnvironment: environment).clear(environment: nil)
        _ = try HistorySpool.append(
            record(workspace: workspace), settings: HistorySettings(), to: state + "/history.spool")
        #expect(mode(state) == 0o700 && mode(state + "/cookies") == 0o700)
        for file in ["/history.sqlite", "/history.sqlite-wal", "/history.spool"] {
            #expect(mode(state + file) == 0o600, "\(file)")
        }
    }

    @Test("a link planted where a state file belongs is refused, and what it points at is untouched")
    func plantedLinks() throws {
        let base = try folder()
        let victim = base + "/victim"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
        let state = base + "/courier"
        try PrivateFiles.folder(state)
        for name in ["history.sqlite", "history.spool", "s.json", "cookies"] {
            symlink(victim, state + "/" + name)
        }
        #expect(throws: HistoryError.self) { try HistoryStore(path: state + "/history.sqlite") }
        #expect(throws: HistoryError.self) {
            try HistorySpool.append(record(workspace: "/w"), settings: HistorySettings(), to: state + "/history.spool")
        }
        #expect(throws: (any Error).self) {
            try AtomicFile.write(Array("x".utf8), to: state + "/s.json", isPrivate: true)
        }
        #expect(throws: PrivateFiles.Refusal.self) { try PrivateFiles.folder(state + "/cookies") }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me" && mode(victim) != 0o600)
    }

    @Test("a database that is not Courier's is refused, not migrated")
    func foreignDatabase() throws {
        let path = try folder() + "/history.sqlite"
        let other = try SQLiteConnection(path: path)
        try other.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        let error = #expect(throws: HistoryError.self) { try HistoryStore(path: path) }
        #expect(error?.description.contains("is not Courier's history database") == true)
        let tables = try SQLiteConnection(path: path).rows("SELECT name FROM sqlite_master WHERE type = 'table'")
        #expect(tables.map { $0.string("name") } == ["invoices"])
    }

    @Test("every spelling of a workspace file is one key; another folder's file of the same name is another")
    func canonicalKeys() throws {
        let base = try folder()
        let project = base + "/project"
        try FileManager.default.createDirectory(atPath: project + "/sub", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: project + "/environments.json"))
        symlink(project, base + "/link")
        let spellings = [
            project + "/environments.json", project + "/sub/../environments.json", base + "/link/environments.json",
            project + "/./environments.json",
        ]
        #expect(Set(spellings.map { CanonicalPath.of($0) }).count == 1)
        #expect(CanonicalPath.of(base + "/other/environments.json") != CanonicalPath.of(spellings[0]))
        let keys = Set(spellings.map { SessionStore.key(configPath: $0, processEnvironment: [:]) })
        #expect(keys.count == 1)
        // Not there yet (an import creates it): the folder resolved, the name kept.
        #expect(CanonicalPath.of(base + "/link/new.json") == CanonicalPath.of(project) + "/new.json")
    }

    @Test("rows recorded under an absolute spelling move to the canonical path when the database migrates")
    func rekeyOnMigration() throws {
        let base = try folder()
        try FileManager.default.createDirectory(atPath: base + "/p", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: base + "/p/environments.json"))
        symlink(base + "/p", base + "/alias")
        let path = base + "/history.sqlite"
        // A database as the previous Courier left it: v4, rows keyed by the spelling given.
        try HistoryStore(path: path).add(record(workspace: base + "/alias/environments.json"))
        let old = try SQLiteConnection(path: path)
        try old.execute("DELETE FROM grdb_migrations WHERE identifier = 'v5'")
        try old.execute("PRAGMA user_version = 4")
        let migrated = try HistoryStore(path: path)
        let canonical = CanonicalPath.of(base + "/p/environments.json")
        #expect(try migrated.entries(workspace: canonical).count == 1)
    }

    @Test("two writers of one workspace file take turns: nothing either wrote is lost")
    func workspaceLock() async throws {
        let file = try folder() + "/environments.json"
        try Data("".utf8).write(to: URL(fileURLWithPath: file))
        // Each writer appends its line after reading the file, with a pause between: without
        // the lock, the second read misses the first write. Writers are threads of their own,
        // as processes would be: waiting on a lock must not hold the test pool's two threads.
        let finished = Locked(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for writer in 0..<4 {
                Thread {
                    for line in 0..<5 {
                        try? WorkspaceLock.withExclusive(file) {
                            let before = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                            usleep(2_000)
                            try AtomicFile.write(Array((before + "\(writer).\(line)\n").utf8), to: file)
                        }
                    }
                    if finished.withLock({ count in
                        count += 1
                        return count == 4
                    }) {
                        done.resume()
                    }
                }.start()
            }
        }
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 20)
    }

    @Test("a writer that cannot get the lock in time says so")
    func lockTimeout() throws {
        let file = try folder() + "/environments.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let holder = open(file, O_RDONLY)
        defer { close(holder) }
        flock(holder, LOCK_EX)
        let error = #expect(throws: WorkspaceLock.Busy.self) {
            try WorkspaceLock.withExclusive(file, waiting: 0.2) {}
        }
        #expect(error?.description.hasSuffix("is being changed by another Courier; gave up after 0.2 s") == true)
    }

    @Test("a workspace file past 16 MB is refused with one line before it is read")
    func hugeWorkspace() throws {
        let file = try folder() + "/environments.json"
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        truncate(file, off_t(Workspace.maxFileBytes + 1))  // sparse: no 16 MB written
        #expect(
            throws: WorkspaceError.unreadable(
                file: file, reason: "it is 16.0 MB; a workspace file may be at most 16.0 MB")
        ) {
            try WorkspaceFile(path: file).load()
        }
    }

    @Test("a missing workspace file is one clear message")
    func missingWorkspace() {
        #expect(throws: WorkspaceError.unreadable(file: "/nonexistent/environments.json", reason: "no such file")) {
            try WorkspaceFile(path: "/nonexistent/environments.json").load()
        }
    }
}
