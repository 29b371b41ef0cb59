import CourierCore

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

/// Saves `SessionState` under `$XDG_STATE_HOME/courier/` (default `~/.local/state/courier/`),
/// one file per workspace file, keyed by the workspace's absolute path.
///
/// Writes are atomic (write a temporary file, then rename), so a crash never leaves a
/// half-written state. A state file that cannot be decoded is moved aside, not deleted, and
/// reported once. The file is JSON read with Courier's own parser, which keeps start-up
/// lean (no Codable machinery on the path to the first frame).
public struct SessionStore: Sendable {
    /// The state file for this workspace.
    public let path: String

    /// The state file as a URL.
    public var fileURL: URL { URL(fileURLWithPath: path) }

    /// The store for the workspace at `configPath`, resolving the folder from `processEnvironment`.
    public init(configPath: String, processEnvironment: [String: String]) {
        path =
            "\(StateFolder.path(processEnvironment: processEnvironment))/"
            + Self.key(configPath: configPath, processEnvironment: processEnvironment) + ".json"
    }

    /// The saved state (empty if none) and a warning when an unreadable file was moved aside.
    public func load() -> (state: SessionState, warning: String?) {
        guard case .success(let bytes) = FileBytes.read(path) else { return (SessionState(), nil) }
        if let state = try? Self.decode(bytes) { return (state, nil) }
        let aside = path + ".unreadable"
        unlink(aside)
        rename(path, aside)
        return (SessionState(), "saved state was unreadable and was moved to \(aside)")
    }

    /// Saves `state` atomically.
    public func save(_ state: SessionState) throws {
        try AtomicFile.write(Array(Self.encode(state).utf8), to: path, createFolder: true, isPrivate: true)
    }

    // MARK: Format

    static func encode(_ state: SessionState) -> String {
        var members: [JSONMember] = []
        if let environment = state.environment { members.append(JSONMember("environment", .string(environment))) }
        if let language = state.language { members.append(JSONMember("language", .string(language))) }
        let routes = state.fields.keys.sorted().map { route in
            JSONMember(
                route,
                .object(
                    (state.fields[route] ?? [:]).keys.sorted().map { key in
                        JSONMember(key, .string(state.fields[route]?[key] ?? ""))
                    }))
        }
        members.append(JSONMember("fields", .object(routes)))
        if state.leftColumn != 0 || state.requestRows != 0 {
            members.append(
                JSONMember(
                    "panes",
                    .object([
                        JSONMember("left", .number(String(state.leftColumn))),
                        JSONMember("request", .number(String(state.requestRows))),
                    ])))
        }
        return JSONValue.object(members).serialized + "\n"
    }

    struct DecodeError: Error {}

    static func decode(_ bytes: [UInt8]) throws -> SessionState {
        let root = try JSONValue.parse(bytes)
        guard case .object = root else { throw DecodeError() }
        var state = SessionState()
        if let value = root["environment"] {
            guard case .string(let text) = value else { throw DecodeError() }
            state.environment = text
        }
        if let value = root["language"] {
            guard case .string(let text) = value else { throw DecodeError() }
            state.language = text
        }
        // Pane sizes are a preference: one that does not read is left out, not an error.
        if case .number(let left)? = root["panes"]?["left"], let value = Int(left) { state.leftColumn = value }
        if case .number(let rows)? = root["panes"]?["request"], let value = Int(rows) { state.requestRows = value }
        if let value = root["fields"] {
            guard case .object(let routes) = value else { throw DecodeError() }
            for route in routes {
                guard case .object(let fields) = route.value else { throw DecodeError() }
                var values: [String: String] = [:]
                for field in fields {
                    guard case .string(let text) = field.value else { throw DecodeError() }
                    values[field.key] = text
                }
                state.fields[route.key] = values
            }
        }
        return state
    }

    /// `stem-hash` for the workspace at `configPath`: its file name without the extension, and
    /// a hash of its absolute path (two `environments.json` in two folders are two workspaces).
    static func key(configPath: String, processEnvironment: [String: String]) -> String {
        let absolute = CanonicalPath.of(configPath, processEnvironment: processEnvironment)
        var stem = PathText.fileName(absolute)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        stem = stem.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return "\(stem)-\(Self.fnv1a(absolute))"
    }

    /// 64-bit FNV-1a, hex: a stable key for a path (Swift's `hashValue` changes per run).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return HexText.number(hash)
    }
}
