import CourierPipeline
import CourierStore
import CourierTUI

/// The screen's reads of the history database, on the recorder's queue.
extension Runtime {
    /// Reads the history database on the recorder's queue; the answer comes back as `message`
    /// of the result, or a one-line notice when history is off or cannot be read.
    func readHistory<T: Sendable>(
        _ body: @escaping @Sendable (HistoryStore) throws(HistoryError) -> T,
        message: @escaping @Sendable (T) -> Msg
    ) {
        guard let recorder else {
            deliver(.notice("history is off for this workspace (\"history\": false)", isError: true))
            return
        }
        recorder.read(body) { [weak self] result in
            let msg: Msg
            switch result {
            case .success(let value): msg = message(value)
            case .failure(let error): msg = .notice("history: \(error.description)", isError: true)
            case nil: msg = .notice("history is off for this session: a write failed", isError: true)
            }
            Task { @MainActor in self?.deliver(msg) }
        }
    }

    /// The workspace's newest recorded exchanges for the open palette, quietly: a palette with
    /// no history to add says nothing about history.
    func readRecent(workspace: String) {
        recorder?.read(
            { (store) throws(HistoryError) in try store.entries(workspace: workspace, limit: 20) },
            done: { [weak self] result in
                guard case .success(let entries)? = result else { return }
                Task { @MainActor in self?.deliver(.recentLoaded(entries)) }
            })
    }
}
