extension StringProtocol {
    /// Where `text` first occurs, compared as UTF-8 bytes (a literal search, as Foundation's
    /// `range(of:)` was). The standard library's `firstRange(of:)` compares characters through
    /// a generic algorithm and was a measurable part of a check run's time.
    public func firstRange(ofText text: some StringProtocol) -> Range<Index>? {
        let needle = Array(text.utf8)
        guard let first = needle.first else { return nil }
        let found: Int?? = utf8.withContiguousStorageIfAvailable { hay in
            Self.offset(of: needle, first: first, in: hay)
        }
        let offset: Int?
        if let found {
            offset = found
        } else {
            offset = Array(utf8).withUnsafeBufferPointer { Self.offset(of: needle, first: first, in: $0) }
        }
        guard let offset else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needle.count)
    }

    /// Every occurrence of `text` replaced by `replacement`, compared as UTF-8 bytes.
    public func replacingText(_ text: some StringProtocol, with replacement: some StringProtocol) -> String {
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(ofText: text) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        out += rest
        return out
    }

    private static func offset(of needle: [UInt8], first: UInt8, in hay: UnsafeBufferPointer<UInt8>) -> Int? {
        guard hay.count >= needle.count else { return nil }
        var start = 0
        let last = hay.count - needle.count
        while start <= last {
            if hay[start] == first {
                var matched = 1
                while matched < needle.count && hay[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return start }
            }
            start += 1
        }
        return nil
    }
}
