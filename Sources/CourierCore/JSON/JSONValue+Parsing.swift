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

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes, maxDepth: maxTreeDepth)
        // Open containers live in their own stacks and are appended to in place: taking a
        // container out of an enum frame to append would copy it each time (quadratic in its
        // length; a 4 MB array of 23,000 items took 9 s that way).
        var isObject: [Bool] = []
        var arrays: [[JSONValue]] = []
        var objects: [[JSONMember]] = []
        var keys: [String] = []
        var root: JSONValue?

        func add(_ value: JSONValue) {
            guard let inObject = isObject.last else {
                root = value
                return
            }
            if inObject {
                objects[objects.count - 1].append(JSONMember(keys[keys.count - 1], value))
            } else {
                arrays[arrays.count - 1].append(value)
            }
        }

        while let event = try reader.next() {
            switch event {
            case .objectStart:
                isObject.append(true)
                objects.append([])
                keys.append("")
            case .arrayStart:
                isObject.append(false)
                arrays.append([])
            case .objectEnd, .arrayEnd:
                guard let inObject = isObject.popLast() else { continue }
                if inObject {
                    keys.removeLast()
                    add(.object(objects.removeLast()))
                } else {
                    add(.array(arrays.removeLast()))
                }
            case .key(let range):
                if !keys.isEmpty { keys[keys.count - 1] = JSONString.decode(bytes, range) }
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
