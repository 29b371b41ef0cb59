#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line of a history listing: enough to choose an exchange without loading its bodies.
public struct HistoryEntry: Sendable, Equatable {
    /// The database id, as `courier history show ID` takes it.
    public var id: Int64
    /// When the response arrived.
    public var recordedAt: Date
    /// The workspace file the exchange was sent from.
    public var workspace: String
    /// The environment's name.
    public var environment: String
    /// The route's name.
    public var route: String
    /// The request method.
    public var method: String
    /// The URL requested (secrets masked).
    public var url: String
    /// The final response status; 0 for a failed attempt.
    public var status: Int
    /// Seconds from sending to the end of the body.
    public var totalTime: Double
    /// The body's true size in bytes.
    public var bodySize: Int
    /// Checks passed and run, when any ran.
    public var checkTally: CheckTally?
    /// The run it was part of.
    public var run: String?
    /// Why the request got no answer, for a failed attempt (masked).
    public var failure: String?

    /// An entry.
    public init(
        id: Int64, recordedAt: Date, workspace: String, environment: String, route: String, method: String,
        url: String, status: Int, totalTime: Double, bodySize: Int, checkTally: CheckTally? = nil, run: String? = nil,
        failure: String? = nil
    ) {
        self.id = id
        self.recordedAt = recordedAt
        self.workspace = workspace
        self.environment = environment
        self.route = route
        self.method = method
        self.url = url
        self.status = status
        self.totalTime = totalTime
        self.bodySize = bodySize
        self.checkTally = checkTally
        self.run = run
        self.failure = failure
    }
}
