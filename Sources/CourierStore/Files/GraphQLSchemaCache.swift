import CourierCore
import CourierCrypto

/// The introspection answers `courier graphql schema` fetched, one per workspace file,
/// environment and endpoint URL, so the screen can offer a server's operations without asking
/// it again: `$XDG_STATE_HOME/courier/graphql/<sha256>.json`, 0600 in a 0700 folder.
public struct GraphQLSchemaCache: Sendable {
    /// The folder.
    public let folder: String

    /// The cache under the state folder of `processEnvironment`.
    public init(processEnvironment: [String: String]) {
        folder = StateFolder.path(processEnvironment: processEnvironment) + "/graphql"
    }

    /// The file of one workspace's environment's endpoint.
    public func path(workspace: String, environment: String, url: String) -> String {
        let key = HexText.lowercase(BoringCrypto.sha256(Array("\(workspace)\n\(environment)\n\(url)".utf8)))
        return "\(folder)/\(key).json"
    }

    /// Keeps `answer` (the server's bytes, at most 16 MB) for that endpoint.
    public func save(_ answer: [UInt8], workspace: String, environment: String, url: String) throws {
        guard answer.count <= 16 << 20 else { throw PrivateFiles.Refusal(description: "the schema is over 16 MB") }
        try AtomicFile.write(
            answer, to: path(workspace: workspace, environment: environment, url: url), createFolder: true,
            isPrivate: true)
    }

    /// The schema kept for that endpoint, if one was fetched and still reads.
    public func load(workspace: String, environment: String, url: String) -> GraphQLSchema? {
        guard case .success(let bytes) = FileBytes.read(path(workspace: workspace, environment: environment, url: url)),
            let answer = try? JSONValue.parse(bytes)
        else { return nil }
        return try? GraphQLSchema(answer: answer)
    }
}
