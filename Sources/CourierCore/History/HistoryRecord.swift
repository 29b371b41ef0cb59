#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One exchange as history keeps it (DESIGN.md §8): already masked, its response body cut to
/// the first `HistorySettings.bodyLimit` bytes (`exchange.response.bodySize` stays the true
/// size), with the time it was recorded and the run it belonged to.
public struct HistoryRecord: Sendable, Equatable {
    /// The database's id; `nil` until the record is written.
    public var id: Int64?
    /// When the response arrived.
    public var recordedAt: Date
    /// The named run (or `check`'s selection) it was part of, if any.
    public var run: String?
    /// The masked exchange; `origin.secretValues` is empty, because the values are gone.
    /// For a failed attempt, its response is empty, with status 0 and the time it took.
    public var exchange: Exchange
    /// Why the request got no answer (masked, one line); nil for an exchange that has one.
    public var failure: String?

    /// A record; see `HistoryRedactor.record` for making one from a live exchange.
    public init(id: Int64? = nil, recordedAt: Date, run: String? = nil, exchange: Exchange, failure: String? = nil) {
        self.id = id
        self.recordedAt = recordedAt
        self.run = run
        self.exchange = exchange
        self.failure = failure
    }

    /// True when the response body kept is only the start of the one received (masking a
    /// secret changes the length too, which is not cutting).
    public var isBodyCut: Bool { exchange.response.bodySize > HistorySettings.bodyLimit }
}
