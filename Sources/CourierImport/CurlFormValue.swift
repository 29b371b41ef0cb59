import CourierCore

/// The value of a curl `-F NAME=…` option: the content (possibly `"quoted"`, with `\"` and
/// `\\` escapes) and the `;type=` and `;filename=` that may follow it.
public struct CurlFormValue {
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

    /// The part curl's `-F NAME=SPEC` sends, for the importer and the command line alike:
    /// text (with `;type=`), a file to upload (`@FILE`, with `;type=` and `;filename=`), or a
    /// file's content as a plain field (`<FILE`); a relative FILE is relative to
    /// `currentDirectory`, as curl reads it. The message of a failure is the bare reason.
    public static func part(_ text: String, currentDirectory: String) throws(ImportError) -> MultipartField {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ImportError("'\(text)' is not NAME=VALUE")
        }
        let name = String(text[..<equals])
        var parsed = CurlFormValue(String(text[text.index(after: equals)...]))
        var field = MultipartField(name: name, content: .value(parsed.value))
        field.contentType = parsed.type
        guard let kind = parsed.value.first, kind == "@" || kind == "<" else { return field }
        parsed.value.removeFirst()
        let path = parsed.value
        guard !path.isEmpty else { throw ImportError("'\(text)': no file after '\(kind)'") }
        guard path != "-" else { throw ImportError("'\(text)': stdin cannot be a part here") }
        field.content = .file(path.hasPrefix("/") ? path : PathText.joined(currentDirectory, path))
        if kind == "@" { field.fileName = parsed.fileName } else { field.asField = true }
        return field
    }
}
