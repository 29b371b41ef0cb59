import CourierCore
import CourierCrypto

/// The workspace files whose `{{$command …}}` placeholders this machine's user has trusted, each
/// by its path and the SHA-256 of its bytes: a workspace from someone else runs no command until
/// its commands were shown and accepted, and a change to the file (a new command slipped in)
/// asks again. In `$XDG_STATE_HOME/courier/trusted.json`, mode 0600; changes are a
/// read-modify-write under `flock`; an unreadable file trusts nothing.
public struct TrustStore: Sendable {
    /// The file.
    public let path: String

    /// The store under the state folder of `processEnvironment`.
    public init(processEnvironment: [String: String]) {
        path = StateFolder.path(processEnvironment: processEnvironment) + "/trusted.json"
    }

    /// The hash a trust is recorded under: SHA-256 of the file's bytes, in hexadecimal.
    public static func fingerprint(_ contents: [UInt8]) -> String {
        HexText.lowercase(BoringCrypto.sha256(contents))
    }

    /// Whether the workspace at `file` (an absolute path) with these bytes is trusted.
    public func isTrusted(file: String, contents: [UInt8]) -> Bool {
        load()[file] == Self.fingerprint(contents)
    }

    /// Trusts the workspace at `file` as it is now (replacing an older trust of it).
    public func trust(file: String, contents: [UInt8]) throws {
        try update { $0[file] = Self.fingerprint(contents) }
    }

    /// Forgets the trust of `file`; true when there was one.
    @discardableResult
    public func revoke(file: String) throws -> Bool {
        var had = false
        try update { all in had = all.removeValue(forKey: file) != nil }
        return had
    }

    /// Every trusted file with its fingerprint.
    public func load() -> [String: String] {
        guard case .success(let bytes) = FileBytes.read(path),
            case .object(let members)? = try? JSONValue.parse(bytes)
        else { return [:] }
        var all: [String: String] = [:]
        for member in members {
            if case .string(let hash) = member.value { all[member.key] = hash }
        }
        return all
    }

    private func update(_ change: (inout [String: String]) -> Void) throws {
        try PrivateFiles.exclusively(path) {
            var all = load()
            change(&all)
            let members = all.keys.sorted().map { JSONMember($0, .string(all[$0] ?? "")) }
            try AtomicFile.write(Array((JSONValue.object(members).serialized + "\n").utf8), to: path, isPrivate: true)
        }
    }
}
