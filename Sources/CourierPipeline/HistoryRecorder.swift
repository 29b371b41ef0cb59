import CourierCore
import CourierStore
import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Records exchanges into the history database for the CLI and the screen.
///
/// Every write happens on one serial queue, so neither the screen nor a run's network loop
/// ever waits on the disk. When the database is opened is `Opening`'s choice: at once for a
/// run, on first use for the screen, and not at all for `call`, which appends its one
/// exchange to the spool. `finish()` waits for the writes before the process exits. When
/// history cannot be written (a read-only state folder), that is said once, when something
/// is first recorded or read.
public final class HistoryRecorder: @unchecked Sendable {
    // `store`, `opened`, `warned` and `openFailure` are only touched on `queue`, hence @unchecked.
    /// Utility QoS, which libdispatch on Linux gives threads of nice 2: a check run of a local
    /// server keeps both of a laptop's cores busy in turns (the request loop, the server), and a
    /// writer of the same priority delayed their wake-ups (with a full history, such a run went
    /// from 0.70x to 0.74x curl's rate). `finish()` writes what still waits on the caller's own
    /// thread, at its priority, so a busy machine slows the writer, not the exit (`.background`,
    /// nice 10, was faster still on an idle machine, and half again slower beside three busy
    /// loops).
    private let queue = DispatchQueue(label: "courier.history", qos: .utility)
    private let settings: HistorySettings
    private let path: String
    private let environmentsOff: Set<String>
    private let report: @Sendable (String) -> Void
    private var store: HistoryStore?
    private var opened = false
    private var warned = false
    private var openFailure: HistoryError?

    /// When the database is opened.
    public enum Opening: Sendable {
        /// At once, in the background: a command about to send several requests (the opening
        /// overlaps the first round trip).
        case now
        /// On first use: the screen, whose start-up stays small.
        case onFirstUse
        /// Not at all for one exchange: it is appended to the spool (`HistorySpool`), which the
        /// next opening folds in; a spool past `spoolLimit` is folded in at once.
        case spool
    }

    /// The spool size past which a spooling recorder opens the database and folds it in.
    static let spoolLimit = 4 << 20

    private let opening: Opening

    /// An exchange handed over and not yet written.
    private struct Pending {
        var exchange: Exchange
        var run: String?
        var time: Date
        var bodyDescriptor: Int32?
        var failure: String?
    }

    /// What `record` handed over since the queue last took it: the queue writes all of it in
    /// one transaction (a group commit), so a run that answers faster than the disk commits
    /// pays one commit per batch, and one that answers slower still writes each at once.
    private let pending = Locked<[Pending]>([])

    /// How long a run's first exchange waits for others to join its commit. A run that is
    /// killed loses what came in that time; one commit per exchange was a third of what a
    /// check run of a fast server cost.
    public static let linger = DispatchTimeInterval.milliseconds(25)
    private let linger: DispatchTimeInterval

    /// A recorder for `workspace`; nil when the workspace or `--no-history` turns it off.
    /// - Parameter report: where the one-line notices go (stderr, or the screen's status bar).
    public init?(
        workspace: Workspace, disabled: Bool, processEnvironment: [String: String], opening: Opening = .now,
        linger: DispatchTimeInterval = HistoryRecorder.linger, report: @escaping @Sendable (String) -> Void
    ) {
        guard !disabled, workspace.history.enabled else { return nil }
        settings = workspace.history
        path = HistoryStore.defaultPath(processEnvironment: processEnvironment)
        environmentsOff = Set(workspace.environments.filter { !$0.recordsHistory }.map(\.name))
        self.report = report
        self.opening = opening
        self.linger = linger
        // Opening costs a few milliseconds (SQLite, reading the log); done now,
        // on the queue, it overlaps the request instead of delaying the exit after it.
        if opening == .now { queue.async { self.open() } }
    }

    /// Masks, cuts and writes `exchange` in the background.
    public func record(_ exchange: Exchange, run: String? = nil) {
        // Opened now: the screen removes a body's file once it is no longer shown, which may
        // be before the queue comes to this write, and an open file outlives its name.
        let descriptor = exchange.response.bodyFile.map { systemOpen($0, O_RDONLY | O_CLOEXEC) }
        enqueue(Pending(exchange: exchange, run: run, time: Date(), bodyDescriptor: descriptor))
    }

    /// Records an attempt that got no answer: the request as built, why it failed (masked as
    /// the rest), and how long it tried, with an empty response of status 0.
    public func recordFailure(_ prepared: PreparedRequest, error: TransportError, elapsed: Double, run: String? = nil) {
        let response = HTTPResponse(
            status: 0, reason: "", version: "", totalTime: elapsed, finalURL: prepared.request.url, attempts: 0)
        let exchange = Exchange(request: prepared.request, response: response, origin: prepared.origin)
        enqueue(Pending(exchange: exchange, run: run, time: Date(), failure: error.description))
    }

    private func enqueue(_ item: Pending) {
        guard !environmentsOff.contains(item.exchange.origin.environmentName) else {
            if let descriptor = item.bodyDescriptor, descriptor >= 0 { systemClose(descriptor) }
            return
        }
        // The first one waiting asks the queue to come; the others join its batch.
        let first = pending.withLock { waiting in
            waiting.append(item)
            return waiting.count == 1
        }
        guard first else { return }
        if opening == .now {
            queue.asyncAfter(deadline: .now() + linger) { self.writePending() }
        } else {
            queue.async { self.writePending() }
        }
    }

    /// Runs `body` on the database after the writes asked for so far, off the caller's thread,
    /// and hands `done` its result: why the database cannot be opened, or nil when a failed
    /// write has closed it for the session.
    public func read<T: Sendable>(
        _ body: @escaping @Sendable (HistoryStore) throws(HistoryError) -> T,
        done: @escaping @Sendable (Result<T, HistoryError>?) -> Void
    ) {
        queue.async {
            // What was handed over before comes first, lingering or not.
            self.writePending()
            guard let store = self.openedStore() else { return done(self.openFailure.map { .failure($0) }) }
            do throws(HistoryError) {
                done(.success(try body(store)))
            } catch {
                done(.failure(error))
            }
        }
    }

    /// Starts writing what waits now, without waiting for it or for the rest of the linger:
    /// a run's last exchanges, written while the engine shuts down. `finish()` still waits.
    public func flush() {
        queue.async { self.writePending() }
    }

    /// Waits for every write asked for so far.
    public func finish() {
        queue.sync { writePending() }
    }

    /// Writes every exchange waiting, in the order they were handed over.
    private func writePending() {
        let items = pending.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        guard !items.isEmpty else { return }
        let records = items.map { item in
            var body: [UInt8]?
            if let descriptor = item.bodyDescriptor, descriptor >= 0 {
                body = FileBytes.read(descriptor: descriptor, limit: HistorySettings.bodyLimit) ?? []
                systemClose(descriptor)
            }
            return HistoryRedactor.record(
                item.exchange, run: item.run, at: item.time, responseBody: body, failure: item.failure)
        }
        var rest = records[...]
        while opening == .spool && !opened, let record = rest.first {
            rest = rest.dropFirst()
            do {
                let size = try HistorySpool.append(record, settings: settings, to: HistorySpool.path(forDatabase: path))
                // Opening folds the spool in; past the limit this call pays for it.
                if size > Self.spoolLimit { _ = openedStore() }
            } catch {
                warnOnce("history is off: \(error.description)")
                return
            }
        }
        guard !rest.isEmpty else { return }
        guard let store = openedStore() else { return }
        do {
            try store.add(Array(rest), settings: settings)
        } catch {
            warnOnce("history: \(error.description); nothing more is recorded in this session")
            self.store = nil
        }
    }

    /// Opens the database once; a failure is kept, and said only when something is to be
    /// recorded or read (a call that fails to connect never mentions history).
    private func open() {
        guard !opened else { return }
        opened = true
        do {
            let store = try HistoryStore(path: path)
            if let notice = store.notice { report(notice) }
            self.store = store
        } catch {
            openFailure = error
        }
    }

    /// The open database, or nil (having said why, once).
    private func openedStore() -> HistoryStore? {
        open()
        if store == nil, let openFailure { warnOnce("history is off: \(openFailure.description)") }
        return store
    }

    private func warnOnce(_ message: String) {
        guard !warned else { return }
        warned = true
        report(message)
    }
}

/// The C library's `open`, which methods named `open` here would shadow.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// The C library's `close`, which methods named `close` here would shadow.
@discardableResult
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
