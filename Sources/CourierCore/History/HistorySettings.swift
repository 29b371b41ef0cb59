/// What the workspace says about recording history (DESIGN.md §8): the top-level
/// `"history": {"keep": 200, "max_mb": 256}` or `"history": false`.
public struct HistorySettings: Sendable, Equatable {
    /// Whether anything is recorded at all (an environment can still turn itself off).
    public var enabled: Bool
    /// Exchanges kept per workspace × environment × route, newest first.
    public var keep: Int
    /// The whole database's limit in bytes of recorded exchanges.
    public var maxBytes: Int

    /// The defaults of §8: on, 200 per route and environment, 256 MB.
    public init(enabled: Bool = true, keep: Int = 200, maxBytes: Int = 256 << 20) {
        self.enabled = enabled
        self.keep = keep
        self.maxBytes = maxBytes
    }

    /// The limit on one recorded response body: the first 1 MB is kept, with its true size.
    public static let bodyLimit = 1 << 20

    /// The `max_mb` value as written in the workspace.
    public var maxMegabytes: Double { Double(maxBytes) / Double(1 << 20) }
}
