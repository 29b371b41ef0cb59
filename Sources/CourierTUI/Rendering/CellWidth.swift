/// How many terminal cells a character takes: 0 for combining marks and joiners, 2 for
/// East Asian wide characters and emoji, 1 otherwise (the rules `wcwidth` follows).
///
/// Kept here, not in the terminal, so views can be laid out and tested without ncurses.
public enum CellWidth {
    /// Cells taken by `character` (its first scalar decides; the rest are combining, but for a
    /// ZWJ sequence).
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        // A ZWJ sequence (👩‍💻): terminals and tmux draw each of its pictures, so it takes what
        // they take together; counted as one, it overwrote the next character.
        if character.unicodeScalars.contains(where: { $0.value == 0x200D }) {
            return max(1, character.unicodeScalars.reduce(0) { $0 + of($1) })
        }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return of(scalar)
    }

    /// Cells taken by one scalar.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200D { return 0 }
        if isWide(value) { return 2 }
        return 1
    }

    /// Cells taken by `text`.
    public static func of(_ text: String) -> Int {
        // Printable ASCII, which names, paths and headers nearly always are: a cell a byte.
        var printable = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else {
                printable = -1
                break
            }
            printable += 1
        }
        if printable >= 0 { return printable }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x1F680...0x1F6FF).contains(v) || (0x20000...0x3FFFD).contains(v)
            || (0x2600...0x26FF).contains(v)
                && [
                    0x2614, 0x2615, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26D4, 0x26EA, 0x26F2,
                    0x26F3, 0x26F5, 0x26FA, 0x26FD,
                ].contains(v)
    }
}

extension String {
    /// The string cut or right-padded with spaces to exactly `width` terminal cells, so
    /// columns line up after wide (CJK) characters too. A wide character that would stick
    /// out is replaced by a space.
    func padded(to width: Int) -> String {
        var result = ""
        var used = 0
        for character in self {
            let cells = CellWidth.of(character)
            if used + cells > width { break }
            result.append(character)
            used += cells
        }
        return used < width ? result + String(repeating: " ", count: width - used) : result
    }

    /// The string in at most `width` cells: whole when it fits, else its start and end
    /// around a `…` (`/users/…/comments`), so both ends of a path stay readable.
    func truncatedInMiddle(to width: Int) -> String {
        guard CellWidth.of(self) > width else { return self }
        guard width > 1 else { return width == 1 ? "…" : "" }
        let characters = Array(self)
        let keep = width - 1
        var head = ""
        var tail = ""
        var headCells = 0
        var tailCells = 0
        var front = 0
        var back = characters.count - 1
        // Take from both ends in turn, the front first, while the cells last.
        while front <= back {
            let fromFront = headCells <= tailCells
            let character = characters[fromFront ? front : back]
            let cells = CellWidth.of(character)
            guard headCells + tailCells + cells <= keep else { break }
            if fromFront {
                head.append(character)
                headCells += cells
                front += 1
            } else {
                tail = String(character) + tail
                tailCells += cells
                back -= 1
            }
        }
        return head + "…" + tail
    }
}
