import CourierCore
import CourierHTTP
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The cookie jars of one command or one screen: a `CookieSession` per environment, read from
/// the workspace's `CookieStore` on first use; what responses set is written back after each
/// exchange, merged under the file's lock with what another process wrote. An environment with
/// `"cookies": false`, `--no-cookies`, or a sealed workspace (kept in memory only: nothing of
/// it reaches the disk in plain text) changes that.
public final class CookieKeeper: Sendable {
    private let store: CookieStore?
    private let disabled: Bool
    private let environments: [String: Environment]
    private let sessions = Locked<[String: CookieSession]>([:])
    /// The jar file's signature when each environment's session last read it.
    private let read = Locked<[String: CookieStore.Signature?]>([:])

    /// The keeper for `workspace`; `disabled` is `--no-cookies`.
    public init(workspace: Workspace, disabled: Bool, processEnvironment: [String: String]) {
        self.disabled = disabled
        environments = Dictionary(workspace.environments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        store =
            workspace.isSealed || workspace.file.isEmpty
            ? nil : CookieStore(configPath: workspace.file, processEnvironment: processEnvironment)
    }

    /// The session of `environment`, or nil when it keeps no cookies. Its jar is read again
    /// whenever the file changed (a `stat` tells, one system call where reading and decoding
    /// were five, and a run asks before every request), so what another process stored
    /// meanwhile, a login from another terminal, is sent too.
    public func session(for environment: Environment) -> CookieSession? {
        guard !disabled, environment.usesCookies else { return nil }
        var onDisk: CookieJar?
        if let store {
            let now = store.signature()
            let changed = read.withLock { read in
                defer { read[environment.name] = .some(now) }
                return read[environment.name] != .some(now)
            }
            if changed { onDisk = store.jar(environment: environment.name) }
        }
        return sessions.withLock { sessions in
            if let known = sessions[environment.name] {
                if let onDisk { known.replace(onDisk) }
                return known
            }
            let session = CookieSession(onDisk ?? CookieJar())
            sessions[environment.name] = session
            return session
        }
    }

    /// The session of the environment `prepared` goes to.
    public func session(for prepared: PreparedRequest) -> CookieSession? {
        environments[prepared.origin.environmentName].flatMap(session(for:))
    }

    /// Empties `environment`'s jar, in memory and in the file (another process's writes to the
    /// others stay); throws when the file cannot be written.
    public func clear(_ environment: String) throws {
        try store?.clear(environment: environment)
        if let session = sessions.withLock({ $0[environment] }) {
            session.replace(CookieJar())
            // What came before the clear must not be saved back after it.
            _ = session.takeReceived()
        }
    }

    /// Writes what `environment`'s session received since the last save; returns the lines to
    /// show (refused cookies, a jar that could not be written).
    public func save(_ environment: String) -> [String] {
        guard let session = sessions.withLock({ $0[environment] }) else { return [] }
        var messages = session.takeWarnings()
        let received = session.takeReceived()
        if let store, !received.isEmpty {
            do {
                try store.record(received, environment: environment, isPublicSuffix: PublicSuffixList.contains)
            } catch {
                messages.append("could not save cookies to \(store.path)")
            }
        }
        return messages
    }
}
