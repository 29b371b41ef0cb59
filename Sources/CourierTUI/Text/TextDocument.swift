import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A body kept as bytes plus an index of where each line starts, so a response of any size
/// is stored once and only the lines on screen are ever turned into `String`s.
public struct TextDocument: Sendable, Equatable {
    /// The text, UTF-8 (invalid sequences are replaced with U+FFFD when a line is read).
    public private(set) var bytes: [UInt8]
    /// Byte offset of the first character of each line. Four bytes each, not eight: a 21 MB
    /// JSON body prints as ~2 million lines, and its index was 16 MB of the screen's ~100.
    public private(set) var lineStarts: [UInt32]

    /// The most bytes a document holds, so that every offset fits its index; more is dropped
    /// (far past the screen's in-memory limit, 256 MB unless `COURIER_MAX_BODY_MB` raises it).
    public static let maxBytes = Int(UInt32.max)

    /// Indexes `bytes` by line; a trailing newline does not start an extra empty line.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes.count > Self.maxBytes ? Array(bytes.prefix(Self.maxBytes)) : bytes
        lineStarts = self.bytes.isEmpty ? [] : self.bytes.withUnsafeBufferPointer(Self.lineStarts)
    }

    /// Where each line of `buffer` starts: eight bytes at a time, each newline found by a bit
    /// (pretty JSON has a line every ~20 bytes, where a `memchr` call per line cost more than
    /// the search).
    private static func lineStarts(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var starts: [UInt32] = [0]
        starts.reserveCapacity(buffer.count / 16 + 1)
        guard let base = buffer.baseAddress else { return starts }
        let count = buffer.count
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var offset = 0
        while count - offset >= 8 {
            // A byte of `x` is zero exactly where the word has a newline; `marks` sets the high
            // bit of exactly those bytes (no borrow runs between bytes).
            let x = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) ^ newlines
            var marks = ~(((x & low) &+ low) | x | low)
            while marks != 0 {
                starts.append(UInt32(truncatingIfNeeded: offset + marks.trailingZeroBitCount >> 3 + 1))
                marks &= marks &- 1
            }
            offset += 8
        }
        while offset < count {
            if base[offset] == 0x0A { starts.append(UInt32(truncatingIfNeeded: offset + 1)) }
            offset += 1
        }
        // A trailing newline does not start a line.
        if starts.last == UInt32(truncatingIfNeeded: count) { starts.removeLast() }
        return starts
    }

    /// `bytes` (at most `maxBytes`) with its line starts already known (the JSON printer
    /// notes them as it writes).
    init(_ bytes: [UInt8], lineStarts: [UInt32]) {
        self.bytes = bytes
        self.lineStarts = bytes.isEmpty ? [] : lineStarts
    }

    /// A document of the given lines.
    public init(lines: [String]) {
        self.init(Array(lines.joined(separator: "\n").utf8))
    }

    /// Adds `more` at the end (a live stream's next event), indexing only the new bytes: a
    /// stream of any length costs the same per event.
    /// Past `maxBytes` the rest is dropped.
    public mutating func append(_ more: some Collection<UInt8>) {
        let room = Self.maxBytes - bytes.count
        guard !more.isEmpty, room > 0 else { return }
        // The line after a trailing newline starts only now that a byte follows it.
        if bytes.isEmpty || bytes.last == 0x0A { lineStarts.append(UInt32(truncatingIfNeeded: bytes.count)) }
        var offset = bytes.count
        bytes.append(contentsOf: more.prefix(room))
        let count = bytes.count
        while offset < count - 1 {
            if bytes[offset] == 0x0A { lineStarts.append(UInt32(truncatingIfNeeded: offset + 1)) }
            offset += 1
        }
    }

    /// Number of lines.
    public var lineCount: Int { lineStarts.count }

    /// Line `index` without its newline (carriage returns dropped; in a line that is not all
    /// UTF-8, each bad byte shown as `<E9>` and each control as `^X`, as `less` shows them).
    public func line(_ index: Int) -> String {
        guard lineStarts.indices.contains(index) else { return "" }
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        let slice = bytes[start..<max(start, end)]
        // The broken bytes marked as the command line marks them (`TerminalText`).
        return String(validating: slice, as: UTF8.self)
            ?? slice.withUnsafeBufferPointer { String(decoding: TerminalText.visible($0), as: UTF8.self) }
    }
}

extension Array {
    /// The element at `index`, or nil when it is out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
