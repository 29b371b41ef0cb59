import CourierCore

/// The text of an imported file: UTF-8 with or without a byte order mark. Any other
/// encoding (a UTF-16 export from Windows) is named rather than read as garbage.
public enum ImportText {
    /// `bytes` as text, or an error naming `name` and the encoding found.
    public static func utf8(_ bytes: [UInt8], name: String) throws(ImportError) -> String {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || (bytes.count >= 2 && (bytes[bytes.startIndex] == 0 || bytes[bytes.startIndex + 1] == 0))
        {
            throw ImportError("\(name): the file is UTF-16; save it as UTF-8 and import it again")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError("\(name): the file is not UTF-8 text")
        }
        return text
    }
}
