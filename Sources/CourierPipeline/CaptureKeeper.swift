import CourierCore
import CourierStore

/// What routes captured, kept between commands (`CaptureStore`): read when a request is built,
/// written when an answer captured something. A sealed workspace keeps nothing on disk, and a
/// workspace with no file (a test's) has nowhere to keep it.
public struct CaptureKeeper: Sendable {
    private let store: CaptureStore?
    /// The workspace's `capture_ttl`, which wins over what a response says.
    private let lifetime: Double?

    /// The keeper of `workspace`.
    public init(workspace: Workspace, processEnvironment: [String: String]) {
        lifetime = workspace.captureLifetime
        store =
            workspace.isSealed || workspace.file.isEmpty
            ? nil : CaptureStore(configPath: workspace.file, processEnvironment: processEnvironment)
    }

    /// The values kept for `environment`.
    public func values(for environment: String) -> [String: String] {
        store?.values(environment: environment) ?? [:]
    }

    /// Every environment's kept values, from one read of the file.
    public func all() -> [String: [String: String]] {
        (store?.load() ?? [:]).mapValues { $0.mapValues(\.value) }
    }

    /// Keeps what `exchange` captured: for the workspace's `capture_ttl`, else as long as its
    /// response says a token lasts (`expires_in`, as OAuth2 and most login answers give it),
    /// else 12 hours. Returns a line to show when the file cannot be written.
    public func keep(_ exchange: Exchange) -> String? {
        guard let store, !exchange.captured.isEmpty else { return nil }
        do {
            try store.record(
                exchange.captured, route: exchange.origin.routeName, environment: exchange.origin.environmentName,
                lifetime: lifetime ?? Self.lifetime(of: exchange.response))
            return nil
        } catch {
            return "cannot keep the captured values in \(store.path): \(error)"
        }
    }

    /// `expires_in` of a JSON answer, when it is a positive number of seconds.
    static func lifetime(of response: HTTPResponse) -> Double {
        guard response.body.count <= 1 << 20, let object = try? JSONValue.parse(response.body),
            case .number(let text)? = object["expires_in"],
            let seconds = Double(text), seconds > 0
        else { return CaptureStore.defaultLifetime }
        return seconds
    }
}
