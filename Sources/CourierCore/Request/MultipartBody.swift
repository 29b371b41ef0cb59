/// A built `multipart/form-data` body (RFC 7578): the parts with their templates filled and
/// their files as absolute paths. The core reads no files, so the body is described as
/// segments of bytes and files; the engine streams the files from disk while sending.
public struct MultipartBody: Sendable, Equatable {
    /// One part, ready to send.
    public struct Part: Sendable, Equatable {
        /// The field name.
        public var name: String
        /// Text or an absolute file path.
        public var content: MultipartField.Content
        /// The file name sent for a file part.
        public var fileName: String?
        /// The part's `Content-Type`, if it has one.
        public var contentType: String?
        /// The folder a file part's file must be in (links resolved), or nil when it may be
        /// anywhere; the engine checks before anything is sent.
        public var confinedTo: String?
    }

    /// Each file that must stay in a folder, with the folder.
    public var confinements: [(file: String, folder: String)] {
        parts.compactMap { part in
            guard case .file(let path) = part.content, let folder = part.confinedTo else { return nil }
            return (path, folder)
        }
    }

    /// A stretch of the body: bytes, or the whole contents of a file.
    public enum Segment: Sendable, Equatable {
        /// Bytes sent as they are.
        case bytes([UInt8])
        /// A file's contents, read while sending.
        case file(String)
    }

    /// The parts in order.
    public var parts: [Part]
    /// The delimiter between parts.
    public let boundary: String
    /// Set for a body that is one file sent as it is (a route's `body_file`), not a form: that
    /// file as its one part, its type in `rawContentType`.
    public private(set) var isRawFile = false
    private var rawContentType = ""

    /// A body that is the file at `path`, sent byte for byte as `contentType`.
    public init(file path: String, contentType: String, confinedTo folder: String?) {
        self.init(parts: [Part(name: "", content: .file(path), confinedTo: folder)])
        isRawFile = true
        rawContentType = contentType
    }

    /// A body of `parts`. The boundary is derived from the parts, so the same request is the
    /// same bytes every time (history, comparisons, tests) and the core stays free of
    /// randomness; see docs/DECISIONS.md for why a collision cannot happen by chance.
    public init(parts: [Part]) {
        self.parts = parts
        var first = Hash(seed: 0xcbf2_9ce4_8422_2325)
        var second = Hash(seed: 0x8422_2325_cbf2_9ce4)
        for part in parts {
            for text in [part.name, part.fileName ?? "", part.contentType ?? ""] {
                first.add(text)
                second.add(text)
            }
            switch part.content {
            case .value(let value):
                first.add(value)
                second.add("v" + value)
            case .file(let path):
                first.add(path)
                second.add("f" + path)
            }
        }
        boundary = "courier-" + first.hex + second.hex
    }

    /// The request's `Content-Type`.
    public var contentType: String { isRawFile ? rawContentType : "multipart/form-data; boundary=\(boundary)" }

    /// The body in wire order.
    public var segments: [Segment] {
        if isRawFile, case .file(let path)? = parts.first?.content { return [.file(path)] }
        var segments: [Segment] = []
        var pending: [UInt8] = []
        for part in parts {
            pending += Array(head(of: part).utf8)
            switch part.content {
            case .value(let value): pending += Array(value.utf8)
            case .file(let path):
                segments.append(.bytes(pending))
                segments.append(.file(path))
                pending = []
            }
            pending += [0x0D, 0x0A]
        }
        pending += Array("--\(boundary)--\r\n".utf8)
        segments.append(.bytes(pending))
        return segments
    }

    /// The body with each file's contents replaced by a note naming it: what history, the
    /// screen and exports show, since a recorded request never copies an uploaded file.
    public var outline: [UInt8] {
        segments.flatMap { segment -> [UInt8] in
            switch segment {
            case .bytes(let bytes): return bytes
            case .file(let path): return Array("<contents of \(path)>".utf8)
            }
        }
    }

    /// The delimiter line and headers that open `part`.
    private func head(of part: Part) -> String {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escaped(part.name))\""
        if let fileName = part.fileName { head += "; filename=\"\(Self.escaped(fileName))\"" }
        head += "\r\n"
        if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
        return head + "\r\n"
    }

    /// A name or file name inside quotes, escaped as HTML forms and curl do: `"`, CR and LF
    /// become `%22`, `%0D` and `%0A`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "%22"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The type curl gives a file by its extension, else `application/octet-stream`, so an
    /// imported `-F file=@photo.png` goes out as curl sent it.
    public static func contentType(forFile name: String) -> String {
        let lower = name.lowercased()
        guard let dot = lower.lastIndex(of: "."), !lower[dot...].contains("/") else {
            return "application/octet-stream"
        }
        switch lower[dot...] {
        case ".gif": return "image/gif"
        case ".jpg", ".jpeg": return "image/jpeg"
        case ".png": return "image/png"
        case ".svg": return "image/svg+xml"
        case ".txt": return "text/plain"
        case ".htm", ".html": return "text/html"
        case ".pdf": return "application/pdf"
        case ".xml": return "application/xml"
        default: return "application/octet-stream"
        }
    }

    /// FNV-1a over UTF-8, 64 bits, with each string's end marked so `["ab","c"]` and
    /// `["a","bc"]` differ.
    private struct Hash {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func add(_ text: String) {
            for byte in text.utf8 { step(byte) }
            step(0xFF)
        }
        private mutating func step(_ byte: UInt8) {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }
        var hex: String {
            let digits = String(state, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
