#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HTTP header as the user wrote it. Order and duplicates matter, so headers are kept
/// in arrays of these rather than in dictionaries.
public struct HeaderField: Sendable, Equatable, Hashable {
    /// Header name, spelled as written.
    public var name: String
    /// Header value (may contain `{{var}}` templates before building).
    public var value: String
    /// Sent with its empty value instead of removing the header when layers merge: `null` in
    /// the workspace file, `Name;` on the command line (as curl writes it).
    public var keepsEmpty: Bool

    /// A header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
        keepsEmpty = false
    }

    /// A header sent with an empty value (`X-Empty:` on the wire).
    public static func empty(_ name: String) -> HeaderField {
        var field = HeaderField(name, "")
        field.keepsEmpty = true
        return field
    }

    /// Whether merging this field removes the header: an empty value not kept on purpose.
    var removes: Bool { value.isEmpty && !keepsEmpty }

    /// Parses `Name: value` (as given to `-H`). `Name:` with nothing after the colon yields an
    /// empty value, which removes the header when merged, and `Name;` a header sent empty
    /// (both as with curl).
    public static func parse(_ text: String) throws(RequestError) -> HeaderField {
        if !text.contains(":"), text.hasSuffix(";") {
            let name = text.dropLast().trimmingWhitespace()
            guard isToken(name) else { throw RequestError.badHeader(text) }
            return .empty(name)
        }
        guard let colon = text.firstIndex(of: ":") else { throw RequestError.badHeader(text) }
        let name = text[..<colon].trimmingWhitespace()
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        guard isToken(name) else { throw RequestError.badHeader(text) }
        return HeaderField(name, value)
    }

    /// RFC 9110 token characters, the only ones allowed in a header name.
    public static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}

extension Array where Element == HeaderField {
    /// Applies `layer` on top of these headers: a name already present (compared
    /// case-insensitively) takes the layer's value where it first stood, a new name is
    /// appended, and an empty value removes the header (unless it `keepsEmpty`). A name the
    /// layer repeats is sent repeated, in the layer's order.
    public func merging(_ layer: [HeaderField]) -> [HeaderField] {
        var result = self
        var placed: Set<String> = []
        for field in layer {
            let key = field.name.lowercased()
            let isRepeat = !placed.insert(key).inserted
            if isRepeat {
                guard !field.removes else { continue }
                let last = result.lastIndex { $0.name.equalsIgnoringCase(key) }
                result.insert(field, at: last.map { $0 + 1 } ?? result.endIndex)
            } else if let index = result.firstIndex(where: { $0.name.equalsIgnoringCase(key) }) {
                let others = result[(index + 1)...].filter { !$0.name.equalsIgnoringCase(key) }
                result = field.removes ? Array(result[..<index]) + others : result[..<index] + [field] + others
            } else if !field.removes {
                result.append(field)
            }
        }
        return result
    }

    /// The value of the first header named `name`, compared case-insensitively.
    public func value(for name: String) -> String? {
        first(where: { $0.name.equalsIgnoringCase(name) })?.value
    }

    /// Every value of the headers named `name`, in order.
    public func values(for name: String) -> [String] {
        filter { $0.name.equalsIgnoringCase(name) }.map(\.value)
    }
}
