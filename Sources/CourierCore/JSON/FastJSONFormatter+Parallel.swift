import CourierSystem

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A large document printed on two processors: the caller's thread prints from the start to
/// the first comma between items past a split point, while a second thread finds that comma
/// by following only strings and brackets (several times faster than printing) and prints
/// the rest from there. The two outputs, one after the other, are the one-thread output.
///
/// The second thread's start is a guess for an invalid document (it does not validate what
/// it skips), never for a valid one; the first part's own walk confirms it: it ends at the
/// same comma with the same containers open, or the document is invalid.
extension FastJSONFormatter {
    /// A comma between two items of a container: where one part of a walk stops and the next
    /// starts.
    struct Cut: Equatable {
        /// The comma's offset in the input.
        var offset: Int
        /// The containers open there, outermost first (true: an object).
        var stack: [Bool]
    }

    /// The output of a document printed in parts: `first`, then `rest` if there is one.
    struct Parts {
        var first: Output
        var rest: Output?

        /// Frees both buffers.
        func free() {
            first.free()
            rest?.free()
        }
    }

    /// Below this, a second thread costs more than it saves.
    static let parallelMinimum = 1 << 20

    /// Prints `input` in two parts split near `split` (the second on its own thread when
    /// `concurrently`); nil when the document is invalid. `consumed(from, upTo)` is told now
    /// and then which input a part has finished with.
    static func formatInParts(
        _ input: UnsafeBufferPointer<UInt8>, indent: Int, maxDepth: Int = JSONReader.defaultMaxDepth,
        split: Int, concurrently: Bool, consumed: ((Int, Int) -> Void)? = nil
    ) -> Parts? {
        var rest: (cut: Cut, output: Output, valid: Bool)?
        let restWork = {
            guard let cut = findCut(input, from: split, maxDepth: maxDepth) else { return }
            var output = Output(capacity: (input.count - cut.offset) * 3 + 64)
            var unused: Cut?
            let valid = formatPart(
                input, indent: indent, into: &output, maxDepth: maxDepth, resume: cut, stopAt: .max,
                stopped: &unused, consumed: consumed.map { report in { report(cut.offset, $0) } })
            rest = (cut, output, valid)
        }
        let second = concurrently ? NativeThread(restWork) : nil

        // Pretty output of real documents is 1.5–2.5× the input; the mapping reserves more
        // address space than that, which costs nothing until written.
        var first = Output(capacity: input.count * 3 + 64)
        var stopped: Cut?
        let firstReport = consumed.map { report in { report(0, $0) } }
        let valid = formatPart(
            input, indent: indent, into: &first, maxDepth: maxDepth, resume: nil, stopAt: split,
            stopped: &stopped, consumed: firstReport)
        if let second {
            second.join()
        } else if valid, stopped != nil {
            restWork()
        }
        guard valid else {
            first.free()
            rest?.output.free()
            return nil
        }
        guard let stopped else {
            // No comma past the split: the first part is the whole document.
            rest?.output.free()
            return Parts(first: first, rest: nil)
        }
        // A second part that starts elsewhere than the first stopped comes only from an invalid
        // document (a valid one's strings and brackets lead the scan to the printer's comma), so
        // the answer is "invalid" either way; `write` then has the slow printer say where.
        guard let rest, rest.cut == stopped, rest.valid else {
            first.free()
            rest?.output.free()
            return nil
        }
        return Parts(first: first, rest: rest.output)
    }

    /// The first comma at or past `from` that is outside strings and inside a container, with
    /// the containers open there: what a walk from the start would find for a valid document.
    /// Nothing is validated; nil if there is no such comma or the brackets do not add up.
    static func findCut(_ input: UnsafeBufferPointer<UInt8>, from: Int, maxDepth: Int) -> Cut? {
        guard let start = input.baseAddress, maxDepth > 0 else { return nil }
        let end = start + input.count
        let stack = UnsafeMutablePointer<Bool>.allocate(capacity: maxDepth + 1)
        defer { stack.deallocate() }
        var depth = 0
        var p = start
        while p < end {
            switch p.pointee {
            case UInt8(ascii: "\""):
                guard let after = skipString(p + 1, end) else { return nil }
                p = after
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < maxDepth else { return nil }
                depth &+= 1
                stack[depth] = p.pointee == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return nil }
                depth &-= 1
            case UInt8(ascii: ","):
                if depth > 0, p - start >= from {
                    return Cut(offset: p - start, stack: Array(UnsafeBufferPointer(start: stack + 1, count: depth)))
                }
            default:
                break
            }
            p += 1
        }
        return nil
    }

    /// The position after the quote that closes a string whose contents start at `p`: the
    /// next quote not escaped by a backslash, eight bytes at a time. Nil at the end.
    @inline(__always)
    private static func skipString(_ contents: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<
        UInt8
    >? {
        var p = contents
        let ones: UInt64 = 0x0101_0101_0101_0101
        while true {
            while end - p >= 8 {
                let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let slash = word ^ (ones &* 0x5C)
                // The lowest flagged byte is always a real quote or backslash.
                let hits = (((quote &- ones) & ~quote) | ((slash &- ones) & ~slash)) & (ones &* 0x80)
                if hits != 0 {
                    p += hits.trailingZeroBitCount >> 3
                    break
                }
                p += 8
            }
            guard p < end else { return nil }
            switch p.pointee {
            case UInt8(ascii: "\""): return p + 1
            case UInt8(ascii: "\\"): p += 2
            default: p += 1
            }
        }
    }
}
