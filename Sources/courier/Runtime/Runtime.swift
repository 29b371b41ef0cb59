import CourierCore
import CourierHTTP
import CourierPipeline
import CourierStore
import CourierTUI

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

/// Joins the pure `AppState` to the world: feeds keys, resizes and responses into
/// `update`, runs the effects it returns, and draws once per batch of messages, only when
/// something changed (so an idle screen costs almost nothing).
@MainActor
final class Runtime {
    private(set) var state: AppState
    private let terminal: NcursesTerminal
    /// Created on the first send (with its engine): start-up stays cheap for a screen that may
    /// only browse.
    private var pipeline: SendPipeline?
    private let store: SessionStore
    var tasks: [Int: Task<Void, Never>] = [:]
    var inbox: [Msg] = []
    private var quitting = false
    private let spills = SpillFiles()
    private var savePending = false
    private var lastSave = ContinuousClock.now
    private var lastTick = ContinuousClock.now
    private var timer: Task<Void, Never>?
    let progress = ProgressBoard()
    var sentAt: [Int: ContinuousClock.Instant] = [:]
    /// What the screen sends to each live WebSocket conversation (its end closes it).
    var conversations: [Int: AsyncStream<HTTPEngine.WebSocketOutgoing>.Continuation] = [:]
    let input: InputWatcher
    /// Microseconds from reading a key to the frame drawn for it, kept when
    /// `COURIER_FRAME_LOG` names a file (the benchmark reads it; nothing else does).
    private var keyTimings: [Int] = []
    private let frameLog = ProcessEnvironment.values["COURIER_FRAME_LOG"]
    /// Writes every exchange to the history database on its own queue; nil when it is off.
    private(set) var recorder: HistoryRecorder?
    /// Reads the workspace file again when it changes on disk.
    private let watcher: WorkspaceWatcher
    /// The workspace file, with the password of a sealed one.
    let file: WorkspaceFile
    /// The cookie jars of the environments, kept between runs (in memory for a sealed workspace).
    private let cookies: CookieKeeper
    /// OAuth2 tokens, fetched once and kept until they expire.
    private let tokens: OAuth2Tokens
    /// What routes captured, kept between sessions and commands.
    private let captures: CaptureKeeper
    /// The maker of `{{$file}}` and `{{$command}}` values, for the workspace file it was made for.
    var madeValues: (file: String, resolver: SendValueResolver)?

    init(state: AppState, terminal: NcursesTerminal, input: InputWatcher, store: SessionStore, file: WorkspaceFile) {
        self.state = state
        self.input = input
        self.terminal = terminal
        self.store = store
        self.file = file
        watcher = WorkspaceWatcher(file: file)
        cookies = CookieKeeper(
            workspace: state.workspace, disabled: false, processEnvironment: state.processEnvironment)
        tokens = OAuth2Tokens.kept(for: state.workspace, processEnvironment: state.processEnvironment)
        captures = CaptureKeeper(workspace: state.workspace, processEnvironment: state.processEnvironment)
        // What an earlier command or session captured feeds this one's requests.
        self.state.captured.merge(captures.all()) { _, kept in kept }
        recorder = HistoryRecorder(
            workspace: state.workspace, disabled: false, processEnvironment: state.processEnvironment,
            opening: .onFirstUse,
            report: { [weak self] message in Task { @MainActor in self?.deliver(.notice(message, isError: true)) } })
    }

    /// Runs until the user quits; returns with the terminal restored.
    func run() async {
        state.draw = .fresh()
        let size = terminal.size
        apply(.resize(width: size.width, height: size.height))
        terminal.present(Views.render(state))
        input.start()
        watcher.start { [weak self] result in self?.deliver(.workspaceChanged(result)) }
        for await _ in input.wakeups {
            var changed = false
            let batchStart = ContinuousClock.now
            var hadKey = false
            if input.takeResize() { terminal.resizeToWindow() }
            let events = terminal.readKeys()
            input.inputDrained()
            for event in events {
                switch event {
                case .key(let key):
                    hadKey = true
                    apply(.key(key))
                case .mouse(let event): apply(.mouse(event))
                case .resize:
                    let size = terminal.size
                    apply(.resize(width: size.width, height: size.height))
                }
                changed = true
            }
            // Before the inbox, whose answer to a stream comes after its last event.
            for (id, update) in progress.takeStreamUpdates() {
                apply(.stream(id: id, update))
                changed = true
            }
            if !inbox.isEmpty {
                let messages = inbox
                inbox.removeAll()
                for message in messages { apply(message) }
                changed = true
            }
            let now = ContinuousClock.now
            if !state.inFlight.isEmpty, now - lastTick >= .milliseconds(100) {
                lastTick = now
                apply(.tick)
                // Every request out, bytes or not yet: the Response pane shows how long it waits.
                let received = Dictionary(progress.snapshot(), uniquingKeysWith: { first, _ in first })
                for id in state.inFlight.keys.sorted() {
                    let elapsed = sentAt[id].map { (now - $0).inSeconds } ?? 0
                    apply(.progress(id: id, received: received[id] ?? 0, elapsed: elapsed))
                }
                changed = true
            }
            if savePending, now - lastSave >= .milliseconds(500) { flushSave() }
            if changed && !quitting { terminal.present(Views.render(state)) }
            if hadKey && frameLog != nil {
                let elapsed = (ContinuousClock.now - batchStart).components
                keyTimings.append(Int(elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000))
            }
            if quitting { break }
            scheduleTimers()
        }
        flushSave()
        watcher.stop()
        for task in tasks.values { task.cancel() }
        spills.removeAll()
        terminal.shutdown()
        await pipeline?.engine.shutdown()
        recorder?.finish()
        if let frameLog {
            try? Data(keyTimings.map(String.init).joined(separator: "\n").utf8).write(
                to: URL(fileURLWithPath: frameLog))
        }
    }

    /// Arms one wake-up for the spinner (while requests are in flight) or a pending save;
    /// with neither, nothing wakes the loop but input.
    private func scheduleTimers() {
        guard timer == nil else { return }
        let delay: Duration
        if !state.inFlight.isEmpty {
            delay = .milliseconds(100)
        } else if savePending {
            delay = .milliseconds(500)
        } else {
            return
        }
        let input = self.input
        timer = Task { [weak self] in
            try? await Task.sleep(for: delay)
            self?.timer = nil
            input.wake()
        }
    }

    private func apply(_ msg: Msg) {
        spills.track(msg)
        for effect in state.update(msg) { perform(effect) }
        spills.prune(state)
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .send(let id, let request): send(id: id, request)
        case .loadGraphQLSchema(let route, let request): loadSchema(route: route, request)
        case .fetchGraphQLSchema(let id, let route, let request): fetchSchema(id: id, route: route, request)
        case .startRun(let id, let request):
            startRun(id: id, request)
        case .cancel(let id):
            tasks[id]?.cancel()
            tasks[id] = nil
        case .sendMessage(let id, let text): conversations[id]?.yield(.message(.text, Array(text.utf8)))
        case .closeConversation(let id):
            // Closed now, whatever the route's `until` waits for.
            let conversation = conversations.removeValue(forKey: id)
            conversation?.yield(.close)
            conversation?.finish()
        case .saveBody(let exchange, let path): deliver(BodySaver.saved(exchange, to: path))
        case .clearCookies(let environment):
            deliver(CookieKeeper.cleared(environment, by: cookies))
            perform(.loadCookies(environment: environment))
        case .loadCookies(let environment):
            let jar = state.workspace.environments.first { $0.name == environment }
                .flatMap { cookies.session(for: $0)?.jar }
            let now = Date().timeIntervalSince1970
            inbox.append(
                .cookiesLoaded(
                    environment: environment, cookies: (jar ?? CookieJar()).cookies.filter { !$0.isExpired(at: now) }))
            input.wake()
        case .saveSession:
            savePending = true
        case .openEditor(let text):
            inbox.append(.editorFinished(edit(text)))
            input.wake()
        case .copy(let text):
            terminal.copyToClipboard(text)
        case .loadHistory(let route):
            let workspace = state.workspace.file
            readHistory(
                { (store) throws(HistoryError) in try store.entries(workspace: workspace, route: route, limit: 500) },
                message: { .historyLoaded(route: route, entries: $0) })
        case .loadRecent: readRecent(workspace: state.workspace.file)
        case .loadRecord(let id):
            readHistory(
                { (store) throws(HistoryError) in try store.record(id: id) },
                message: { record in
                    record.map(Msg.recordLoaded) ?? .notice("#\(id) is no longer in the history", isError: true)
                })
        case .makeValue(let need): makeValue(need)
        case .trustWorkspace(let commands): trustWorkspace(showing: commands)
        case .measureFiles(let paths):
            var sizes: [String: Int?] = [:]
            for path in paths {
                var info = stat()
                let readable = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, R_OK) == 0
                sizes[path] = readable ? Int(info.st_size) : nil
            }
            inbox.append(.filesMeasured(sizes))
            input.wake()
        case .importCurl(let command):
            let result = WorkspaceEditor.importCurl(command, into: state.workspace, file: file)
            watcher.noteWritten()
            inbox.append(.workspaceWritten(result))
            input.wake()
        case .saveRoute(let route, let replacing):
            let result = WorkspaceEditor.save(route, replacing: replacing, into: state.workspace, file: file)
            watcher.noteWritten()
            inbox.append(.workspaceWritten(result))
            input.wake()
        case .quit:
            quitting = true
        }
    }

    /// The pipeline every request of the screen goes through, made with its engine on the
    /// first send; the cookie jars, tokens and recorder are the screen's own from the start.
    func sendingPipeline() -> SendPipeline {
        if let pipeline { return pipeline }
        let made = SendPipeline(
            engine: HTTPEngine(), cookies: cookies, tokens: tokens, recorder: recorder, captures: captures,
            folder: state.workspace.baseDirectory, processEnvironment: state.processEnvironment)
        pipeline = made
        return made
    }

    /// Runs checks in the background; each route's result and the end come back as messages.
    private func startRun(id: Int, _ request: RunRequest) {
        if let other = request.compareWith {
            startComparison(id: id, request, other: other)
            return
        }
        let pipeline = sendingPipeline()
        let runner = CheckRunner(
            builder: runBuilder, environment: request.environment, input: request.input, confirmed: request.confirmed,
            captured: request.captured)
        tasks[id] = Task { [weak self] in
            guard let runtime = self else { return }
            let result = await runner.run(
                request.routes,
                send: { (prepared) async throws(TransportError) in
                    try await pipeline.send(prepared, run: request.title)
                },
                report: { route in await runtime.deliver(.runProgress(id: id, route)) })
            for message in pipeline.saveCookies(request.environment.name) {
                runtime.deliver(.notice(message, isError: true))
            }
            runtime.deliver(.runFinished(id: id, result))
            runtime.tasks[id] = nil
        }
    }

    /// Runs a comparison's two sides side by side (4 requests in flight each, as `courier diff`);
    /// each side's results and ends come back as messages of their side.
    private func startComparison(id: Int, _ request: RunRequest, other: Environment) {
        let pipeline = sendingPipeline()
        let builder = runBuilder
        let sides = [(request.environment, request.captured), (other, request.otherCaptured)].map {
            CheckRunner(builder: builder, environment: $0.0, input: request.input, confirmed: false, captured: $0.1)
        }
        tasks[id] = Task { [weak self] in
            guard let runtime = self else { return }
            await withTaskGroup(of: Void.self) { group in
                for (side, runner) in sides.enumerated() {
                    group.addTask {
                        let result = await runner.run(
                            request.routes, jobs: 4,
                            send: { (prepared) async throws(TransportError) in
                                try await pipeline.send(prepared, run: request.title)
                            },
                            report: { route in await runtime.deliver(.compareProgress(id: id, side: side, route)) })
                        for message in pipeline.saveCookies(runner.environment.name) {
                            await runtime.deliver(.notice(message, isError: true))
                        }
                        await runtime.deliver(.compareFinished(id: id, side: side, result))
                    }
                }
            }
            runtime.tasks[id] = nil
        }
    }

    /// Queues `msg` for the loop and wakes it.
    func deliver(_ msg: Msg) {
        inbox.append(msg)
        input.wake()
    }

    private func flushSave() {
        guard savePending else { return }
        savePending = false
        lastSave = ContinuousClock.now
        do {
            var session = state.session
            // Values typed into a sealed workspace would sit in plain text in the state folder.
            if state.workspace.isSealed { session.fields = [:] }
            try store.save(session)
        } catch {
            inbox.append(.notice("could not save state to \(store.path)", isError: true))
        }
    }

    /// Opens `$EDITOR` (else `vi`) on `text` with the screen suspended.
    private func edit(_ text: String) -> Result<String, EditorError> {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(getpid()).json")
        do {
            try Data(text.utf8).write(to: file)
        } catch {
            return .failure(EditorError("cannot write \(file.path)"))
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let editor =
            ProcessEnvironment.values["VISUAL"] ?? ProcessEnvironment.values["EDITOR"] ?? "vi"
        terminal.suspend()
        let status = ChildProcess.run("/bin/sh", ["-c", "\(editor) \"$1\"", "sh", file.path]) ?? -1
        terminal.resume()
        guard status == 0 else {
            return .failure(EditorError("the editor '\(editor)' exited with status \(status); body unchanged"))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(EditorError("cannot read the edited body"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }
}
