/// Escaping for XML attribute values and text, as JUnit reports need it. Characters XML 1.0
/// cannot hold at all (most C0 controls, unpaired surrogates cannot occur in a Swift string)
/// become `?`, so a binary body cannot make the report unreadable.
enum XMLText {
    @_optimize(size) static func escape(_ text: String) -> String {
        escape(text, apostrophe: "&apos;") { scalar in
            if scalar == "\r" { return "&#13;" }
            let unholdable = scalar.value < 0x20 && scalar != "\n" && scalar != "\t"
            return unholdable || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "?" : nil
        }
    }

    /// `text` with the markup characters escaped (`'` as `apostrophe`), and any other scalar
    /// replaced by what `other` says for it (nil keeps it): the one walk XML and HTML share.
    @_optimize(size) static func escape(_ text: String, apostrophe: String, other: (Unicode.Scalar) -> String?)
        -> String
    {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += apostrophe
            default:
                if let replaced = other(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
