/// One key bound to one action in one scope.
public struct KeyBinding: Sendable, Equatable {
    /// The key.
    public var key: Key
    /// Where it applies.
    public var scope: KeyScope
    /// What it does there.
    public var action: Action

    /// A binding.
    public init(_ key: Key, _ scope: KeyScope, _ action: Action) {
        self.key = key
        self.scope = scope
        self.action = action
    }
}
