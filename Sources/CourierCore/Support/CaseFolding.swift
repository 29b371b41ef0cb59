extension String {
    /// Whether `self` and `other` are the same text when case is ignored, as comparing their
    /// `lowercased()` says, without making either: header names and media types are compared
    /// this way many times per request. ASCII is folded byte by byte; text with other letters
    /// is lowercased and compared as before.
    public func equalsIgnoringCase(_ other: String) -> Bool {
        // Concrete, not generic over `StringProtocol`: across modules a generic one runs through
        // witness tables, and cost more than the `lowercased()` it replaces. Names differ early,
        // so the walk, not a count of both first, finds most answers.
        var mine = utf8.makeIterator()
        var theirs = other.utf8.makeIterator()
        while true {
            switch (mine.next(), theirs.next()) {
            case (nil, nil):
                return true
            case (let a?, let b?) where a < 0x80 && b < 0x80:
                if a == b { continue }
                let folded = a | 0x20
                if folded != b | 0x20 || folded < UInt8(ascii: "a") || folded > UInt8(ascii: "z") { return false }
            case (let a, let b):
                // A byte past ASCII (a letter whose lowercase may differ in length), or one text
                // ended: only a text with such a byte can still be equal.
                if (a ?? 0) < 0x80 && (b ?? 0) < 0x80 && isASCII && other.isASCII { return false }
                return lowercased() == other.lowercased()
            }
        }
    }
}

extension String {
    /// Whether every byte is ASCII.
    fileprivate var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}
