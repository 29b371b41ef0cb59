import ArgumentParser
import CourierCore
import CourierSampleAPI
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

/// `courier [--config FILE] [--env NAME] [--demo]`: the interactive screen (the default command).
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the interactive screen (the default when no command is given)."
    )

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "The environment to start in (default: the remembered one, else the first).")
    var env: String?

    @Flag(name: .long, help: "Start the embedded sample API in this process too.")
    var demo = false

    func run() async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CLIFailure("the interactive screen needs a terminal; see 'courier --help' for the commands")
        }
        // A sealed file without COURIER_PASSWORD is opened by the password dialog, on the screen.
        let given = ProcessEnvironment.password
        let file = WorkspaceFile(path: workspace.config, password: given)
        var opened: Workspace?
        do throws(WorkspaceError) {
            opened = try file.load()
        } catch .sealed(_, .noPassword) where given == nil {
            opened = nil
        } catch {
            throw CLIFailure(error.description)
        }
        if let env, let opened { _ = try opened.environment(named: env) }

        var environment = ProcessEnvironment.current()
        var server: SampleServer?
        if demo {
            do {
                server = try await SampleServer.start(port: DemoCommand.defaultPort)
            } catch {
                server = try await SampleServer.start(port: 0)
            }
            // The shipped workspace reads ${COURIER_DEMO_PORT:-4010}: point it at the port we got.
            if let port = server?.port { environment["COURIER_DEMO_PORT"] = String(port) }
        }

        let (settings, settingsProblem) = ScreenSettings.load(processEnvironment: environment)
        let input = InputWatcher()
        let terminal = await NcursesTerminal(
            useColor: ProcessEnvironment.allowsColor(environment),
            useMouse: settings.mouse && ProcessEnvironment.allowsMouse(environment), theme: settings.theme)
        guard let (loaded, unlocked) = await open(opened, file, terminal: terminal, input: input) else {
            await terminal.shutdown()
            await server?.stop()
            return
        }
        if let env, !loaded.environments.contains(where: { $0.name == env }) {
            await terminal.shutdown()
            await server?.stop()
            _ = try loaded.environment(named: env)
        }

        let store = SessionStore(configPath: workspace.config, processEnvironment: environment)
        var (session, warning) = store.load()
        // Nothing typed into a sealed workspace is kept on disk, so nothing is restored either.
        if loaded.isSealed { session.fields = [:] }
        var state = AppState(
            workspace: loaded, processEnvironment: environment, session: session, initialEnvironment: env)
        state.keymap = settings.keymap
        if let megabytes = environment["COURIER_MAX_BODY_MB"].flatMap(Int.init), megabytes > 0 {
            state.maxBodyInMemory = megabytes << 20
        }
        let problems = [warning, settingsProblem].compactMap { $0 }
        if !problems.isEmpty {
            state.status = AppState.StatusLine(text: problems.joined(separator: " · "), isError: true)
        } else if let server {
            state.status = AppState.StatusLine(
                text: "sample API on http://127.0.0.1:\(server.port) · pick a route, Enter sends", isError: false)
        }

        let runtime = await Runtime(state: state, terminal: terminal, input: input, store: store, file: unlocked)
        await runtime.run()
        await server?.stop()
    }

    /// The workspace already opened, or the one the password dialog opens (nil: the user quit).
    @MainActor
    private func open(_ opened: Workspace?, _ file: WorkspaceFile, terminal: NcursesTerminal, input: InputWatcher)
        -> (Workspace, WorkspaceFile)?
    {
        if let opened { return (opened, file) }
        return PasswordScreen.unlock(file, terminal: terminal, input: input)
    }
}
