import CourierCore
import CourierPipeline
import CourierStore
import CourierTUI
import Dispatch

/// Values from outside for the screen's sends: read or run off the screen's loop (a command may
/// take seconds), by a resolver with no terminal to ask on (the screen asks in its dialog).
extension Runtime {
    /// The resolver of this session's workspace file: a command's output is kept for the
    /// session, and a trust given meanwhile (`courier trust` in another terminal) is seen.
    var valueSource: SendValueResolver {
        if let made = madeValues, made.file == state.workspace.file { return made.resolver }
        let resolver = SendValueResolver(
            workspaceFile: state.workspace.file, trust: TrustStore(processEnvironment: state.processEnvironment),
            ask: nil)
        madeValues = (state.workspace.file, resolver)
        return resolver
    }

    /// The builder of the screen's runs and comparisons: files and trusted commands made by the
    /// session's resolver; a prompt there is one line (no dialog can be open mid-run).
    var runBuilder: RequestBuilder {
        var builder = RequestBuilder(workspace: state.workspace, processEnvironment: state.processEnvironment)
        builder.valueSource = SendValueSourceBox(valueSource)
        return builder
    }

    /// Makes `need`'s value on a background queue; `.valueMade` brings it back. A command of a
    /// workspace file not trusted yet asks the user first (`.trustAsked`).
    func makeValue(_ need: SendNeed) {
        let resolver = valueSource
        if case .command = need, !resolver.isTrusted() {
            deliver(.trustAsked(need))
            return
        }
        DispatchQueue.global().async { [weak self] in
            let result: Result<String, RequestError>
            do throws(RequestError) {
                if let value = try resolver.value(for: need) {
                    result = .success(value)
                } else {
                    result = .failure(.needsValue(need))
                }
            } catch {
                result = .failure(error)
            }
            Task { @MainActor in self?.deliver(.valueMade(need, result)) }
        }
    }

    /// Trusts the workspace file as it is, if its commands are still `shown` (an edit between
    /// the dialog and the key must not be trusted unseen).
    func trustWorkspace(showing shown: [String]) {
        let path = state.workspace.file
        let now: [String]?
        if let plain = try? file.read().bytes,
            let loaded = try? WorkspaceLoader().load(
                bytes: plain, fileName: path, baseDirectory: state.workspace.baseDirectory)
        {
            now = loaded.commands
        } else {
            now = nil
        }
        guard case .success(let contents) = FileBytes.read(path), now == shown else {
            deliver(.notice("\(path) changed since its commands were shown; send again to review them", isError: true))
            return
        }
        do {
            try TrustStore(processEnvironment: state.processEnvironment).trust(file: path, contents: contents)
        } catch {
            deliver(.notice("cannot record the trust: \(ErrorText.describe(error))", isError: true))
        }
    }
}
