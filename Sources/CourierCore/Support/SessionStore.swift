import Foundation

/// Saves `SessionState` under `$XDG_STATE_HOME/courier/` (default `~/.local/state/courier/`),
/// one file per workspace file, keyed by the workspace's absolute path.
///
/// Writes are atomic (write to a temporary file, then rename), so a crash never leaves a
/// half-written state. A state file that cannot be decoded is moved aside, not deleted, and
/// reported once.
public struct SessionStore: Sendable {
    /// The state file for this workspace.
    public let fileURL: URL

    /// The store for the workspace at `configPath`, resolving the folder from `processEnvironment`.
    public init(configPath: String, processEnvironment: [String: String]) {
        let base: String
        if let xdg = processEnvironment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (processEnvironment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        let absolute = URL(fileURLWithPath: configPath).standardizedFileURL.path
        let stem = ((absolute as NSString).lastPathComponent as NSString).deletingPathExtension
            .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        fileURL = URL(fileURLWithPath: base).appendingPathComponent("courier")
            .appendingPathComponent("\(stem)-\(Self.fnv1a(absolute)).json")
    }

    /// The saved state (empty if none) and a warning when an unreadable file was moved aside.
    public func load() -> (state: SessionState, warning: String?) {
        guard let data = try? Data(contentsOf: fileURL) else { return (SessionState(), nil) }
        if let state = try? JSONDecoder().decode(SessionState.self, from: data) { return (state, nil) }
        let aside = fileURL.appendingPathExtension("unreadable")
        try? FileManager.default.removeItem(at: aside)
        try? FileManager.default.moveItem(at: fileURL, to: aside)
        return (SessionState(), "saved state was unreadable and was moved to \(aside.path)")
    }

    /// Saves `state` atomically.
    public func save(_ state: SessionState) throws {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(state).write(to: fileURL, options: .atomic)
    }

    /// 64-bit FNV-1a, hex: a stable key for a path (Swift's `hashValue` changes per run).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
