/// A dotted path into a JSON document such as `address.city` or `items.0.name`.
///
/// A component made only of digits indexes an array (and still names a key in an object).
/// Selection streams through the document with `JSONReader`, so it works on bodies of any
/// size and depth without building a tree.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// The path's components, in order.
    public var components: [String]

    /// Parses `address.city`; an empty string (or `.`) is the whole document.
    public init(_ text: String) {
        components = text.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
    }

    /// The path as the user wrote it, dot-separated.
    public var description: String { components.joined(separator: ".") }

    /// `true` when the path selects the whole document.
    public var isEmpty: Bool { components.isEmpty }

    /// The byte range of the selected value inside `bytes`.
    public func select(in bytes: [UInt8]) throws(JSONPathError) -> Range<Int> {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONPathError) in try select(in: buffer) }
    }

    func select(in bytes: UnsafeBufferPointer<UInt8>) throws(JSONPathError) -> Range<Int> {
        var reader = JSONReader(bytes)
        do {
            guard var event = try reader.next() else {
                throw JSONPathError.notJSON(JSONSyntaxError(line: 1, column: 1, offset: 0, reason: "empty document"))
            }
            for (index, component) in components.enumerated() {
                let found = components[..<index].joined(separator: ".")
                switch event {
                case .objectStart:
                    var match: JSONEvent?
                    while let member = try reader.next(), case .key(let keyRange) = member {
                        let value = try reader.next()
                        if JSONString.decode(bytes, keyRange) == component, let value {
                            match = value
                            break
                        }
                        if let value { _ = try reader.skipValue(startedBy: value) }
                    }
                    guard let match else {
                        throw JSONPathError.missing(
                            path: description, deepest: found, reason: "an object with no key '\(component)'")
                    }
                    event = match
                case .arrayStart:
                    guard let wanted = Int(component), wanted >= 0 else {
                        throw JSONPathError.missing(
                            path: description, deepest: found, reason: "an array, and '\(component)' is not an index")
                    }
                    var count = 0
                    var match: JSONEvent?
                    while let element = try reader.next() {
                        if element == .arrayEnd && reader.depth < index + 1 { break }
                        if count == wanted {
                            match = element
                            break
                        }
                        _ = try reader.skipValue(startedBy: element)
                        count += 1
                    }
                    guard let match else {
                        throw JSONPathError.missing(
                            path: description, deepest: found,
                            reason: "an array of \(count) element\(count == 1 ? "" : "s")")
                    }
                    event = match
                default:
                    throw JSONPathError.missing(
                        path: description, deepest: found, reason: "a \(Self.kind(of: event)), not an object or array")
                }
            }
            let start = reader.tokenStart
            let end = try reader.skipValue(startedBy: event)
            return start..<end
        } catch let error as JSONSyntaxError {
            throw JSONPathError.notJSON(error)
        } catch let error as JSONPathError {
            throw error
        } catch {
            throw JSONPathError.notJSON(JSONSyntaxError(line: 1, column: 1, offset: 0, reason: "\(error)"))
        }
    }

    private static func kind(of event: JSONEvent) -> String {
        switch event {
        case .string: return "string"
        case .number: return "number"
        default: return "literal"
        }
    }
}

/// Why a `json_path` selected nothing.
public enum JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path does not exist; `deepest` is the longest prefix that does ("" for the root).
    case missing(path: String, deepest: String, reason: String)
    /// The body is not JSON at all.
    case notJSON(JSONSyntaxError)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .missing(let path, let deepest, let reason):
            let place = deepest.isEmpty ? "the top-level value" : "'\(deepest)'"
            return "json path '\(path)' not found: \(place) is \(reason)"
        case .notJSON(let error):
            return "cannot apply a json path: the body is not JSON (\(error))"
        }
    }
}
