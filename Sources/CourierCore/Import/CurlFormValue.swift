/// The value of a curl `-F NAME=…` option: the content (possibly `"quoted"`, with `\"` and
/// `\\` escapes) and the `;type=` and `;filename=` that may follow it.
struct CurlFormValue {
    /// The content, `@` or `<` included.
    var value = ""
    /// `;type=`.
    var type: String?
    /// `;filename=`.
    var fileName: String?

    init(_ text: String) {
        var characters = Substring(text)
        value = Self.word(&characters)
        while characters.first == ";" {
            characters.removeFirst()
            let key = characters.prefix { $0 != "=" && $0 != ";" }
            characters.removeFirst(key.count)
            guard characters.first == "=" else { continue }
            characters.removeFirst()
            let text = Self.word(&characters)
            switch key.trimmingWhitespace().lowercased() {
            case "type": type = text
            case "filename": fileName = text
            default: break
            }
        }
    }

    /// One word up to the next `;`: quoted (`"…"` with backslash escapes) or bare. A `@` or
    /// `<` before a quoted word is kept.
    private static func word(_ characters: inout Substring) -> String {
        var prefix = ""
        if let first = characters.first, first == "@" || first == "<", characters.dropFirst().first == "\"" {
            prefix = String(first)
            characters.removeFirst()
        }
        guard characters.first == "\"" else {
            let bare = characters.prefix { $0 != ";" }
            characters.removeFirst(bare.count)
            return prefix + bare
        }
        characters.removeFirst()
        var out = ""
        while let character = characters.first {
            characters.removeFirst()
            if character == "\"" { break }
            if character == "\\", let next = characters.first, next == "\"" || next == "\\" {
                out.append(next)
                characters.removeFirst()
            } else {
                out.append(character)
            }
        }
        // Anything between the closing quote and the next `;` is dropped, as curl does.
        let trailing = characters.prefix { $0 != ";" }
        characters.removeFirst(trailing.count)
        return prefix + out
    }
}
