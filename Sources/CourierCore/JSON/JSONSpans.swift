/// Where each value of a JSON document lies in its text: byte ranges of every value, key and
/// container, so an edit can replace one value and copy every other byte as written
/// (`JSONTextRewrite`).
struct JSONSpans {
    /// One value of the document and the bytes it spans.
    indirect enum Node {
        case scalar(Range<Int>)
        case array(Range<Int>, [Node])
        case object(Range<Int>, [Member])

        /// The bytes of the whole value (brackets and quotes included).
        var range: Range<Int> {
            switch self {
            case .scalar(let range), .array(let range, _), .object(let range, _): return range
            }
        }
    }

    /// One member of an object: where its key starts and its value.
    struct Member {
        var keyStart: Int
        var value: Node
    }

    /// The document's single top-level value.
    let root: Node

    /// The spans of `bytes`, which must be one valid JSON document.
    init(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        root = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> Node in
            try Self.read(buffer)
        }
    }

    private struct Frame {
        var start: Int
        var isObject: Bool
        var elements: [Node] = []
        var members: [Member] = []
        var keyStart = 0
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Node {
        var reader = JSONReader(bytes, maxDepth: JSONValue.maxTreeDepth)
        var frames: [Frame] = []
        var root: Node = .scalar(0..<0)

        func add(_ node: Node) {
            guard !frames.isEmpty else {
                root = node
                return
            }
            let last = frames.count - 1
            if frames[last].isObject {
                frames[last].members.append(Member(keyStart: frames[last].keyStart, value: node))
            } else {
                frames[last].elements.append(node)
            }
        }

        while let event = try reader.next() {
            switch event {
            case .objectStart, .arrayStart:
                let isObject: Bool
                if case .objectStart = event { isObject = true } else { isObject = false }
                frames.append(Frame(start: reader.tokenStart, isObject: isObject))
            case .objectEnd, .arrayEnd:
                guard let frame = frames.popLast() else { continue }
                let range = frame.start..<reader.position
                add(frame.isObject ? .object(range, frame.members) : .array(range, frame.elements))
            case .key(let range):
                if !frames.isEmpty { frames[frames.count - 1].keyStart = range.lowerBound }
            case .string(let range), .number(let range), .literal(let range):
                add(.scalar(range))
            }
        }
        return root
    }
}
