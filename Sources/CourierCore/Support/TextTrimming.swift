extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs and the other Unicode space
    /// separators), as Foundation's `trimmingCharacters(in: .whitespaces)` does. The standard
    /// library's own, because that one is full Foundation's and brings ICU into the binary.
    public func trimmingWhitespace() -> String {
        trimming { scalar in
            scalar.isASCII ? scalar == " " || scalar == "\t" : scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Without leading and trailing white space and line breaks, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` does.
    public func trimmingWhitespaceAndNewlines() -> String {
        trimming { scalar in
            if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
            return scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{85}"
                || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
    }

    /// Without the leading and trailing scalars that `drop` picks.
    public func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        // Most text has nothing to trim: no scalar view copied then.
        if let first = scalars.first, let last = scalars.last, !drop(first), !drop(last) { return String(self) }
        guard let first = scalars.firstIndex(where: { !drop($0) }),
            let last = scalars.lastIndex(where: { !drop($0) })
        else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }
}
