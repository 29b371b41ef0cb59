/// One part of a route's multipart body as the workspace writes it: a text value or a file
/// on disk. Every string may hold templates.
public struct MultipartField: Sendable, Equatable {
    /// What the part carries.
    public enum Content: Sendable, Equatable {
        /// Text sent as it is (after its templates are filled).
        case value(String)
        /// A file streamed from disk while sending; a relative path is relative to the
        /// workspace file's folder.
        case file(String)
    }

    /// The field name (`name="…"` in the part's `Content-Disposition`).
    public var name: String
    /// The part's text or file.
    public var content: Content
    /// The part's `Content-Type`; for a file, by default the one its extension names
    /// (as curl chooses it), else `application/octet-stream`; for text, none.
    public var contentType: String?
    /// The file name sent for a file part, if not the file's own.
    public var fileName: String?
    /// A file part may name a file outside the workspace file's folder (`"allow_outside":
    /// true`); otherwise such a file is refused before anything is sent, so an imported or
    /// shared workspace cannot upload `/etc/passwd` or `~/.ssh/id_rsa` unnoticed. A part the
    /// user typed (`-F name=@FILE`) is allowed: the user named the file.
    public var allowOutside = false
    /// A file part sent as a plain field (`"as_field": true`): the file's content, with no
    /// file name and no type unless given, as curl's `-F NAME=<FILE` sends it.
    public var asField = false

    /// A part named `name`.
    public init(name: String, content: Content, contentType: String? = nil, fileName: String? = nil) {
        self.name = name
        self.content = content
        self.contentType = contentType
        self.fileName = fileName
    }

    /// The text of a text part, or "" for a file part.
    public var textValue: String {
        if case .value(let text) = content { return text }
        return ""
    }

    /// The path of a file part, or nil for a text part.
    public var file: String? {
        if case .file(let path) = content { return path }
        return nil
    }
}
