extension JSONValue {
    /// The deepest nesting accepted when building a tree. Trees are destroyed recursively,
    /// so unlike the streaming printer this path keeps a modest bound.
    public static let maxTreeDepth = 512

    /// Parses a complete document into a tree.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try parse(buffer) }
    }

    /// Parses a complete document given as text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private enum Frame {
        case array([JSONValue])
        case object([JSONMember], key: String)
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes, maxDepth: maxTreeDepth)
        var stack: [Frame] = []
        var root: JSONValue?

        func add(_ value: JSONValue) {
            guard let top = stack.popLast() else {
                root = value
                return
            }
            switch top {
            case .array(var items):
                items.append(value)
                stack.append(.array(items))
            case .object(var members, let key):
                members.append(JSONMember(key, value))
                stack.append(.object(members, key: ""))
            }
        }

        while let event = try reader.next() {
            switch event {
            case .objectStart:
                stack.append(.object([], key: ""))
            case .arrayStart:
                stack.append(.array([]))
            case .objectEnd, .arrayEnd:
                guard let top = stack.popLast() else { continue }
                switch top {
                case .array(let items): add(.array(items))
                case .object(let members, _): add(.object(members))
                }
            case .key(let range):
                if case .object(let members, _) = stack.popLast() {
                    stack.append(.object(members, key: JSONString.decode(bytes, range)))
                }
            case .string(let range):
                add(.string(JSONString.decode(bytes, range)))
            case .number(let range):
                add(.number(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
            case .literal(let range):
                switch bytes[range.lowerBound] {
                case UInt8(ascii: "t"): add(.bool(true))
                case UInt8(ascii: "f"): add(.bool(false))
                default: add(.null)
                }
            }
        }
        return root ?? .null
    }
}
