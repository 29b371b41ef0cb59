import CourierSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pretty-prints JSON by changing whitespace only.
///
/// Key order, duplicate keys and every string and number literal are copied byte for byte,
/// so what the server sent is what the user reads (Foundation's `JSONSerialization` reorders
/// keys and rewrites numbers). Output: 2-space indent, `"key": value`, `{}`/`[]` for empty
/// containers, one trailing newline. The input is fully validated on the way.
public struct JSONFormatter: Sendable {
    /// Optional ANSI colouring of tokens, for terminals.
    public var style: JSONStyle?
    /// Spaces per nesting level.
    public var indent: Int

    /// A formatter with `indent` spaces per level and optional colours.
    public init(indent: Int = 2, style: JSONStyle? = nil) {
        self.indent = indent
        self.style = style
    }

    /// Formats a whole document.
    public func format(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [UInt8] {
        try format(bytes, range: 0..<bytes.count)
    }

    /// Formats the value found in `range` of `bytes` (e.g. a `json_path` selection).
    public func format(_ bytes: [UInt8], range: Range<Int>) throws(JSONSyntaxError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (whole) throws(JSONSyntaxError) in
            try format(UnsafeBufferPointer(rebasing: whole[range]))
        }
    }

    /// Formats the document in `bytes`.
    public func format(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> [UInt8] {
        if style == nil, let direct = Self.formatInPlace(bytes, indent: indent, notingLines: false) {
            return direct.text
        }
        var result: [UInt8] = []
        try write(bytes) { result = Array($0) }
        return result
    }

    /// Formats `bytes` (without colours) and says where each line of the result starts (0
    /// first), as the printer writes them: a viewer need not search 40 MB for newlines. Nil
    /// starts for an output that may pass 4 GB, whose offsets need more than 32 bits.
    public func formatIndexed(_ bytes: [UInt8]) throws(JSONSyntaxError) -> (text: [UInt8], lineStarts: [UInt32]?) {
        let direct = bytes.withUnsafeBufferPointer { Self.formatInPlace($0, indent: indent, notingLines: true) }
        if let direct { return direct }
        return (try JSONFormatter(indent: indent).format(bytes), nil)
    }

    /// The fast printer writing straight into the result's storage, sized at three times the
    /// input (pretty output of real documents is 1.5–2.5×; untouched pages cost nothing):
    /// a 40 MB result is then not printed into a buffer and copied. Nil when the document is
    /// invalid or its output does not fit, for `write` to handle. With `notingLines`, also the
    /// line starts (nil without).
    private static func formatInPlace(_ bytes: UnsafeBufferPointer<UInt8>, indent: Int, notingLines: Bool) -> (
        text: [UInt8], lineStarts: [UInt32]?
    )? {
        let (capacity, overflow) = bytes.count.multipliedReportingOverflow(by: 3)
        guard !overflow, capacity < Int.max - 64 else { return nil }
        var printed = false
        var lineStarts: [UInt32]?
        let result = [UInt8](unsafeUninitializedCapacity: capacity + 64) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            Pages.adviseHuge(UnsafeMutableRawBufferPointer(buffer))
            var sink = FixedJSONSink(base, capacity: buffer.count, notingLines: notingLines)
            guard FastJSONFormatter.format(bytes, indent: indent, into: &sink) else { return }
            sink.append(UInt8(ascii: "\n"))
            guard !sink.overflowed else { return }
            count = sink.count
            lineStarts = sink.lineStarts
            printed = true
        }
        return printed ? (result, lineStarts) : nil
    }

    /// Formats `bytes` and hands the output to `sink`, in one piece or two (in order; a large
    /// document is printed on two threads when it may), only once the whole document is known
    /// to be valid: nothing is emitted for an invalid one.
    ///
    /// With `releasingInput`, input pages already read are returned to the kernel as the
    /// printer moves on — only for memory that can be read again, such as a file mapping.
    public func write(
        _ bytes: UnsafeBufferPointer<UInt8>, releasingInput: Bool = false, to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(JSONSyntaxError) {
        if style == nil {
            let release: ((Int, Int) -> Void)? =
                releasingInput ? { from, upTo in Pages.drop(bytes, from: from, upTo: upTo) } : nil
            // Two threads for a large document when two can run; the second first finds where
            // its part starts (following strings and brackets from the start, ~1 GB/s), so the
            // first part is the longer one. Split at the end, the first part is the whole print.
            let twoThreads = bytes.count >= FastJSONFormatter.parallelMinimum && NativeThread.processors >= 2
            if var parts = FastJSONFormatter.formatInParts(
                bytes, indent: indent, split: twoThreads ? bytes.count / 10 * 7 : bytes.count,
                concurrently: twoThreads, consumed: release)
            {
                defer { parts.free() }
                if parts.rest == nil {
                    parts.first.append(UInt8(ascii: "\n"))
                } else {
                    parts.rest?.append(UInt8(ascii: "\n"))
                }
                sink(UnsafeBufferPointer(start: parts.first.base, count: parts.first.count))
                if let rest = parts.rest { sink(UnsafeBufferPointer(start: rest.base, count: rest.count)) }
                return
            }
        }
        // Colours, or an invalid document: the event-based printer gives the exact message.
        let slow = try formatWithEvents(bytes)
        slow.withUnsafeBufferPointer { sink($0) }
    }

    /// The reference printer: `JSONReader` events, one at a time.
    func formatWithEvents(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2 + 16)
        var reader = JSONReader(bytes)
        var depth = 0
        var first = true
        var afterKey = false

        @inline(__always) func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            let spaces = level * indent
            if spaces > 0 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces)) }
        }
        @inline(__always) func beginItem() {
            if afterKey {
                afterKey = false
            } else if depth > 0 {
                if !first { out.append(UInt8(ascii: ",")) }
                newline(depth)
            }
            first = false
        }
        @inline(__always) func emit(_ range: Range<Int>, _ color: [UInt8]?) {
            if let color { out.append(contentsOf: color) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            if color != nil { out.append(contentsOf: JSONStyle.reset) }
        }

        while let event = try reader.next() {
            switch event {
            case .objectStart, .arrayStart:
                beginItem()
                out.append(event == .objectStart ? UInt8(ascii: "{") : UInt8(ascii: "["))
                depth += 1
                first = true
            case .objectEnd, .arrayEnd:
                depth -= 1
                if !first { newline(depth) }
                out.append(event == .objectEnd ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                first = false
            case .key(let range):
                if !first { out.append(UInt8(ascii: ",")) }
                newline(depth)
                first = false
                emit(range, style?.key)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                afterKey = true
            case .string(let range):
                beginItem()
                emit(range, style?.string)
            case .number(let range):
                beginItem()
                emit(range, style?.number)
            case .literal(let range):
                beginItem()
                emit(range, style?.literal)
            }
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }
}

/// ANSI colour sequences for JSON tokens.
public struct JSONStyle: Sendable {
    /// Colour for object keys.
    public var key: [UInt8]
    /// Colour for string values.
    public var string: [UInt8]
    /// Colour for numbers.
    public var number: [UInt8]
    /// Colour for `true`, `false` and `null`.
    public var literal: [UInt8]

    static let reset = Array("\u{1B}[0m".utf8)

    /// The colours `courier call` uses on a terminal (HTTPie-like: blue keys, green strings).
    public static let terminal = JSONStyle(
        key: Array("\u{1B}[34;1m".utf8),
        string: Array("\u{1B}[32m".utf8),
        number: Array("\u{1B}[36m".utf8),
        literal: Array("\u{1B}[35m".utf8)
    )
}
