/// Reads `environments.json` (or the seed `T21Environment` format) into a `Workspace`.
///
/// The file is parsed with the order-preserving `JSONValue` parser so environments and routes
/// keep the order the user wrote them in; `WorkspaceSchema` gives every shape problem its key
/// path (`routes[2].method: expected a string`). Keys that start with `_` are ignored, so
/// files can carry comments.
public struct WorkspaceLoader: Sendable {
    /// A loader; stateless.
    public init() {}

    /// Loads a workspace from bytes; `fileName` is used in messages.
    public func load(bytes: [UInt8], fileName: String, baseDirectory: String = ".") throws(WorkspaceError)
        -> Workspace
    {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw .syntax(file: fileName, error)
        }
        return try WorkspaceSchema(reader: TypedJSONReader(file: fileName)).workspace(
            root, baseDirectory: baseDirectory)
    }
}
