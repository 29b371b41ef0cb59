/// A secret variable's name and its resolved value, for exports that must refer to a secret
/// without writing it (`courier call --curl` turns the value back into a shell variable).
public struct NamedSecret: Sendable, Equatable {
    /// The variable's name in the workspace, e.g. `token`.
    public var name: String
    /// Its resolved value.
    public var value: String

    /// A named secret.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
