/// Pretty-printed JSON with some containers collapsed to one line (`"address": { … },`),
/// built from the document's 2-space indentation in one pass, plus the source line behind
/// every line shown so folds can be toggled from what is on screen.
public struct FoldedView: Sendable, Equatable {
    /// The lines shown.
    public let document: TextDocument
    /// For each shown line, its line in the unfolded document.
    public let sourceLines: [Int]

    /// Folds `base`: a line that opens a container (ends with `{` or `[`) is collapsed when
    /// it is at depth ≥ `depth` (if given), flipped by membership in `toggled`.
    public init(_ base: TextDocument, toggled: Set<Int>, depth: Int?) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(base.bytes.count / 2)
        var sources: [Int] = []
        let marker = Array(" … ".utf8)
        var line = 0
        let count = base.lineCount
        while line < count {
            let range = Self.range(of: line, in: base)
            let indent = Self.indent(range, in: base.bytes)
            let last = range.isEmpty ? 0 : base.bytes[range.upperBound - 1]
            let opens = last == UInt8(ascii: "{") || last == UInt8(ascii: "[")
            let level = indent / 2
            let foldedHere = opens && (toggled.contains(line) != (depth.map { level >= $0 } ?? false))
            bytes += base.bytes[range]
            sources.append(line)
            if foldedHere, let close = Self.closingLine(after: line, indent: indent, in: base) {
                let closing = Self.range(of: close, in: base)
                // What the container holds, counted as its members: the lines one level in
                // (a line count said nothing of a list of objects).
                var members = 0
                for inner in (line + 1)..<close {
                    let span = Self.range(of: inner, in: base)
                    guard Self.indent(span, in: base.bytes) == indent + 2, span.count > indent + 2 else { continue }
                    // A nested container's closing bracket sits one level in too.
                    let first = base.bytes[span.lowerBound + indent + 2]
                    if first != UInt8(ascii: "]") && first != UInt8(ascii: "}") { members += 1 }
                }
                let noun =
                    last == UInt8(ascii: "[") ? (members == 1 ? "item" : "items") : (members == 1 ? "key" : "keys")
                bytes += marker
                bytes += Array("\(members) \(noun) … ".utf8)
                bytes += base.bytes[(closing.lowerBound + indent)..<closing.upperBound]
                line = close + 1
            } else {
                line += 1
            }
            bytes.append(0x0A)
        }
        document = TextDocument(bytes)
        sourceLines = sources
    }

    /// Byte range of `line` without its newline.
    static func range(of line: Int, in document: TextDocument) -> Range<Int> {
        let start = Int(document.lineStarts[line])
        var end = line + 1 < document.lineStarts.count ? Int(document.lineStarts[line + 1]) : document.bytes.count
        if end > start, document.bytes[end - 1] == 0x0A { end -= 1 }
        return start..<end
    }

    static func indent(_ range: Range<Int>, in bytes: [UInt8]) -> Int {
        var count = 0
        while range.lowerBound + count < range.upperBound, bytes[range.lowerBound + count] == 0x20 { count += 1 }
        return count
    }

    /// The line that closes the container opened on `line`: the next line with the same
    /// indentation (the printer puts the closing bracket exactly there).
    static func closingLine(after line: Int, indent: Int, in document: TextDocument) -> Int? {
        var candidate = line + 1
        while candidate < document.lineCount {
            let range = range(of: candidate, in: document)
            if Self.indent(range, in: document.bytes) == indent { return candidate }
            candidate += 1
        }
        return nil
    }

    /// The line opening the innermost container that holds `line` (or `line` itself when it
    /// opens one), in the unfolded `document`.
    static func container(of line: Int, in document: TextDocument) -> Int? {
        guard document.lineStarts.indices.contains(line) else { return nil }
        let range = range(of: line, in: document)
        let last = range.isEmpty ? 0 : document.bytes[range.upperBound - 1]
        if last == UInt8(ascii: "{") || last == UInt8(ascii: "[") { return line }
        let indent = indent(range, in: document.bytes)
        var candidate = line - 1
        while candidate >= 0 {
            let other = self.range(of: candidate, in: document)
            let otherLast = other.isEmpty ? 0 : document.bytes[other.upperBound - 1]
            if self.indent(other, in: document.bytes) < indent,
                otherLast == UInt8(ascii: "{") || otherLast == UInt8(ascii: "[")
            {
                return candidate
            }
            candidate -= 1
        }
        return nil
    }
}
