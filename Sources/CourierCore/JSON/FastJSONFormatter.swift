/// The pretty printer's hot path: the same grammar and output as `JSONReader` +
/// `JSONFormatter`, as one pointer-walking loop that copies string runs eight bytes at a
/// time and writes into a raw buffer.
///
/// It only answers "valid, here is the output" or "invalid": on any problem the caller
/// re-runs the event-based printer, which produces the exact `line L, column C` message.
/// Keeping messages in one place means the fast path can never report a different error.
enum FastJSONFormatter {
    private enum State { case value, key, afterValue }

    /// `"\n"` followed by enough spaces for the deepest indentation allowed. A pointer made
    /// once and never freed or written again (hence `nonisolated(unsafe)`), so the printer's
    /// loop is not inside an array's `withUnsafeBufferPointer` closure.
    private nonisolated(unsafe) static let newlineAndSpaces: UnsafePointer<UInt8> = {
        let count = JSONReader.defaultMaxDepth * 8 + 9
        let pad = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        pad.initialize(repeating: UInt8(ascii: " "), count: count)
        pad[0] = UInt8(ascii: "\n")
        return UnsafePointer(pad)
    }()

    /// Whether `input` is one valid document (no deeper than `maxDepth`), by the same walk as
    /// `format` with nothing written: several times faster than `JSONReader`'s events.
    static func isValid(_ input: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth) -> Bool {
        var sink = DiscardingJSONSink()
        var stopped: Cut?
        return walk(
            input, indent: 0, into: &sink, maxDepth: maxDepth, consumed: nil, resume: nil, stopAt: .max,
            stopped: &stopped)
    }

    /// Formats `input` into `output`; returns false when the document is invalid (or
    /// deeper than `maxDepth`). The whole document as one part.
    static func format(
        _ input: UnsafeBufferPointer<UInt8>, indent: Int, into output: inout Output,
        maxDepth: Int = JSONReader.defaultMaxDepth
    ) -> Bool {
        var stopped: Cut?
        return formatPart(
            input, indent: indent, into: &output, maxDepth: maxDepth, resume: nil, stopAt: .max, stopped: &stopped,
            consumed: nil)
    }

    /// Formats `input` into memory the caller owns (see `FixedJSONSink`).
    static func format(_ input: UnsafeBufferPointer<UInt8>, indent: Int, into output: inout FixedJSONSink) -> Bool {
        var stopped: Cut?
        return walk(
            input, indent: indent, into: &output, maxDepth: JSONReader.defaultMaxDepth, consumed: nil, resume: nil,
            stopAt: .max, stopped: &stopped)
    }

    /// One part of a document printed on its own (see `FastJSONFormatter+Parallel`): from
    /// `resume` (the start when nil) until the first comma between items at or past
    /// `stopAt`, whose place and state go into `stopped`, or to the end. False when what it
    /// read is invalid.
    static func formatPart(
        _ input: UnsafeBufferPointer<UInt8>, indent: Int, into output: inout Output, maxDepth: Int,
        resume: Cut?, stopAt: Int, stopped: inout Cut?, consumed: ((Int) -> Void)?
    ) -> Bool {
        walk(
            input, indent: indent, into: &output, maxDepth: maxDepth, consumed: consumed,
            resume: resume, stopAt: stopAt, stopped: &stopped)
    }

    // The one walk behind each entry point, inlined into each so that every sink gets its own
    // copy with the token scanners inlined too (a generic function the compiler specialised
    // kept them as calls: +20 % time).
    @inline(__always)
    private static func walk<Sink: FastJSONSink>(
        _ input: UnsafeBufferPointer<UInt8>, indent: Int, into output: inout Sink, maxDepth: Int,
        consumed: ((Int) -> Void)?, resume: Cut?, stopAt: Int, stopped: inout Cut?
    ) -> Bool {
        // The indentation pad reaches `defaultMaxDepth` levels of 8 spaces, no further.
        guard let start = input.baseAddress, indent >= 0, indent <= 8, maxDepth <= JSONReader.defaultMaxDepth
        else { return false }
        let end = start + input.count
        var p = start
        let stack = UnsafeMutablePointer<Bool>.allocate(capacity: maxDepth + 1)  // true = object
        defer { stack.deallocate() }
        var depth = 0
        var state = State.value
        if let resume {
            // At a comma between items, as a walk from the start would be there.
            guard resume.offset >= 0, resume.offset < input.count, resume.stack.count <= maxDepth,
                !resume.stack.isEmpty
            else { return false }
            p += resume.offset
            for (index, isObject) in resume.stack.enumerated() { stack[index + 1] = isObject }
            depth = resume.stack.count
            state = .afterValue
        } else if input.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
            p += 3
        }
        var nextReport = p - start + (4 << 20)

        let padBase = newlineAndSpaces

        @inline(__always) func newline(_ level: Int) {
            output.appendNewline(padBase, 1 &+ level &* indent)
        }
        @inline(__always) func skipWhitespace() {
            while p < end {
                let byte = p.pointee
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                p += 1
            }
        }

        while true {
            skipWhitespace()
            switch state {
            case .value:
                guard p < end else { return false }
                let byte = p.pointee
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = byte == UInt8(ascii: "{")
                    // Checked before looking for an empty container, as JSONReader does.
                    guard depth < maxDepth else { return false }
                    output.append(byte)
                    p += 1
                    skipWhitespace()
                    guard p < end else { return false }
                    let close: UInt8 = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if p.pointee == close {
                        output.append(close)
                        p += 1
                        state = .afterValue
                        continue
                    }
                    depth &+= 1
                    stack[depth] = isObject
                    newline(depth)
                    state = isObject ? .key : .value
                case UInt8(ascii: "\""):
                    guard let after = scanString(p, end) else { return false }
                    output.append(p, after - p)
                    p = after
                    state = .afterValue
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let after = scanNumber(p, end) else { return false }
                    output.append(p, after - p)
                    p = after
                    state = .afterValue
                case UInt8(ascii: "t"):
                    guard matches(p, end, 0x74, 0x72, 0x75, 0x65) else { return false }
                    output.append(p, 4)
                    p += 4
                    state = .afterValue
                case UInt8(ascii: "n"):
                    guard matches(p, end, 0x6E, 0x75, 0x6C, 0x6C) else { return false }
                    output.append(p, 4)
                    p += 4
                    state = .afterValue
                case UInt8(ascii: "f"):
                    guard matches(p, end, 0x66, 0x61, 0x6C, 0x73), p + 4 < end, p[4] == UInt8(ascii: "e") else {
                        return false
                    }
                    output.append(p, 5)
                    p += 5
                    state = .afterValue
                default:
                    return false
                }
            case .key:
                guard p < end, p.pointee == UInt8(ascii: "\""), let after = scanString(p, end) else { return false }
                output.append(p, after - p)
                p = after
                skipWhitespace()
                guard p < end, p.pointee == UInt8(ascii: ":") else { return false }
                p += 1
                output.appendColonSpace()
                state = .value
            case .afterValue:
                if depth == 0 { return p == end }
                guard p < end else { return false }
                let byte = p.pointee
                let isObject = stack[depth]
                if byte == UInt8(ascii: ",") {
                    if p - start >= stopAt {
                        stopped = Cut(
                            offset: p - start, stack: Array(UnsafeBufferPointer(start: stack + 1, count: depth)))
                        return true
                    }
                    p += 1
                    output.append(UInt8(ascii: ","))
                    newline(depth)
                    state = isObject ? .key : .value
                    if let consumed, p - start > nextReport {
                        consumed(p - start)
                        nextReport = p - start + (4 << 20)
                    }
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    p += 1
                    depth &-= 1
                    newline(depth)
                    output.append(byte)
                } else {
                    return false
                }
            }
        }
    }

    @inline(__always)
    private static func matches(
        _ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
        _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8
    ) -> Bool {
        end - p >= 4 && p[0] == a && p[1] == b && p[2] == c && p[3] == d
    }

    /// The position after the closing quote of the string starting at `p`, or nil if invalid.
    @_transparent  // always inlined, however large the printer around it grows
    private static func scanString(_ open: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        var p = open + 1
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            // Eight plain ASCII bytes at a time: no quote, no backslash, no control, no high bit.
            while end - p >= 8 {
                let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let slash = word ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((word &- ones &* 0x20) & ~word) | word
                let hits = special & highs
                if hits != 0 {
                    // The lowest flagged byte is always a real hit (borrows only run upward).
                    p += hits.trailingZeroBitCount >> 3
                    break
                }
                p += 8
            }
            guard p < end else { return nil }
            let byte = p.pointee
            if byte == UInt8(ascii: "\"") { return p + 1 }
            if byte == UInt8(ascii: "\\") {
                guard p + 1 < end else { return nil }
                switch p[1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    p += 2
                case UInt8(ascii: "u"):
                    guard end - p >= 6, isHex(p[2]), isHex(p[3]), isHex(p[4]), isHex(p[5]) else { return nil }
                    p += 6
                default:
                    return nil
                }
            } else if byte < 0x20 {
                return nil
            } else if byte < 0x80 {
                p += 1
            } else {
                guard let after = scanUTF8(p, end) else { return nil }
                p = after
            }
        }
    }

    @inline(__always)
    private static func isHex(_ byte: UInt8) -> Bool {
        (byte &- UInt8(ascii: "0")) < 10 || ((byte | 0x20) &- UInt8(ascii: "a")) < 6
    }

    /// One multi-byte UTF-8 sequence, checked by the same rules as `JSONReader`.
    @inline(__always)
    private static func scanUTF8(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        if case .valid(let length) = UTF8Sequence.validate(p, end) { return p + length }
        return nil
    }

    /// The position after the run of ASCII digits at `p`, eight at a time where possible.
    @inline(__always)
    private static func skipDigits(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        while end - p >= 8 {
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            // A byte is a digit when byte - '0' < 10: both tests keep the high bit clear.
            let low = word &- ones &* 0x30
            let high = word &+ ones &* 0x46
            if (low | high) & (ones &* 0x80) != 0 { break }
            p += 8
        }
        while p < end && (p.pointee &- UInt8(ascii: "0")) < 10 { p += 1 }
        return p
    }

    /// The position after the number starting at `p`, or nil if it breaks RFC 8259's grammar.
    @_transparent
    private static func scanNumber(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>?
    {
        var p = start
        @inline(__always) func digit(_ q: UnsafePointer<UInt8>) -> Bool {
            q < end && (q.pointee &- UInt8(ascii: "0")) < 10
        }
        if p.pointee == UInt8(ascii: "-") { p += 1 }
        guard digit(p) else { return nil }
        if p.pointee == UInt8(ascii: "0") {
            p += 1
            if digit(p) { return nil }
        } else {
            p = skipDigits(p, end)
        }
        if p < end && p.pointee == UInt8(ascii: ".") {
            p += 1
            guard digit(p) else { return nil }
            p = skipDigits(p, end)
        }
        if p < end && (p.pointee | 0x20) == UInt8(ascii: "e") {
            p += 1
            if p < end && (p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-")) { p += 1 }
            guard digit(p) else { return nil }
            p = skipDigits(p, end)
        }
        return p
    }
}
