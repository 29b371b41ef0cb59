/// A `Set-Cookie` a jar took, with where and when: enough to take it again into another copy
/// of the jar (the one on disk, which another process may have changed meanwhile).
public struct ReceivedCookie: Sendable, Equatable {
    /// What the header said.
    public var setCookie: SetCookie
    /// The URL whose response carried it.
    public var url: String
    /// When, in seconds since 1970.
    public var time: Double

    /// A received cookie.
    public init(setCookie: SetCookie, url: String, time: Double) {
        self.setCookie = setCookie
        self.url = url
        self.time = time
    }
}
