/// Splits an `application/x-ndjson` (or JSON Lines) stream into its lines as bytes arrive:
/// one JSON text per line, a trailing CR dropped, blank lines skipped. A line longer than
/// `limit` bytes without its line feed throws, so an endless line cannot take all memory.
public struct LineStreamParser: Sendable {
    /// The most bytes one line may take.
    public let limit: Int
    private var line: [UInt8] = []

    /// A parser; `limit` bounds one line (1 MB unless told).
    public init(limit: Int = 1 << 20) {
        self.limit = limit
    }

    /// The lines completed by `bytes`, without their line ends.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventParser.Failure) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == 0x0A {
                if line.last == 0x0D { line.removeLast() }
                if !line.isEmpty { lines.append(line) }
                line = []
            } else {
                line.append(byte)
                if line.count > limit { throw .eventTooLong(limit: limit) }
            }
        }
        return lines
    }

    /// The last line when the stream ended without a line feed after it.
    public var rest: [UInt8]? { line.isEmpty ? nil : line }
}
