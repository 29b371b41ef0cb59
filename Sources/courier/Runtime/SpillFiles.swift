import CourierCore
import CourierTUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files that hold bodies too large for memory (see `BodySpill`), while the
/// screen may still show them: each is removed once no exchange on screen refers to it (a
/// newer response took its place, the run that held it was replaced) and all of them at quit,
/// so a session of large downloads does not fill the temporary folder.
@MainActor
final class SpillFiles {
    private var paths: Set<String> = []

    /// Notes the file a message brings, if any.
    func track(_ msg: Msg) {
        switch msg {
        case .response(_, .success(let exchange), _):
            if let file = exchange.response.bodyFile { paths.insert(file) }
        case .runProgress(_, let route):
            if let file = route.exchange?.response.bodyFile { paths.insert(file) }
        default:
            break
        }
    }

    /// Removes every tracked file that `state` no longer refers to.
    func prune(_ state: AppState) {
        guard !paths.isEmpty else { return }
        var kept: Set<String> = []
        for exchange in [state.shownExchange, state.liveExchange] {
            if let file = exchange?.response.bodyFile { kept.insert(file) }
        }
        for row in state.run?.rows ?? [] {
            if let file = row.result?.exchange?.response.bodyFile { kept.insert(file) }
        }
        for path in paths.subtracting(kept) {
            unlink(path)
            paths.remove(path)
        }
    }

    /// Removes them all (at quit).
    func removeAll() {
        for path in paths { unlink(path) }
        paths = []
    }
}
