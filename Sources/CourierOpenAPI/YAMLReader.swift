import CourierCore

/// A YAML 1.2 reader for the documents an import reads (OpenAPI descriptions): block and flow
/// collections, plain, quoted and block scalars, comments, anchors, aliases and merge keys
/// (`<<`), the core schema's types, one document. The result is a `JSONValue`, which keeps
/// key order (routes and examples come out as the document writes them); an alias shares the
/// anchored value's storage, and every node is counted as the alias expands it, so an alias
/// bomb is refused after reading the file once. Explicit keys (`? `) and keys that are
/// collections are refused by name. Errors are one line with the place.
struct YAMLReader {
    /// Nodes a document may expand to once its aliases are followed; the largest public
    /// OpenAPI documents have a few hundred thousand, an alias bomb billions.
    static let nodeLimit = 5_000_000
    /// Nesting deeper than this is refused before the stack is at risk.
    static let depthLimit = 512

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var anchors: [String: (value: JSONValue, size: Int, height: Int)] = [:]
    var nodes = 0
    var depth = 0
    /// The least column a flow collection's or a quoted scalar's next line may start at: one
    /// past its block parent's indentation (YAML's rule that such lines are indented).
    var minimumColumn = 0
    /// Comment lines skipped in flow context so far (a comment ends a plain scalar there).
    var commentsSkipped = 0

    /// The document in `text`; nil for a file with no document (empty or only comments).
    static func read(_ text: String) throws(YAMLError) -> JSONValue? {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // A CR before a newline is part of the line break; a lone CR is one too.
        if bytes.contains(UInt8(ascii: "\r")) {
            var normal: [UInt8] = []
            normal.reserveCapacity(bytes.count)
            for (offset, byte) in bytes.enumerated() where byte != 13 || bytes.indices.contains(offset + 1) {
                if byte == 13 {
                    if bytes[offset + 1] != 10 { normal.append(10) }
                } else {
                    normal.append(byte)
                }
            }
            bytes = normal
        }
        var reader = YAMLReader(bytes: bytes)
        return try reader.document()
    }

    private mutating func document() throws(YAMLError) -> JSONValue? {
        try skipToContent()
        // Directives (`%YAML 1.2`) up to the document's start, which they need.
        var directives = false
        var version = false
        while peek() == UInt8(ascii: "%") && column == 0 {
            let start = index
            while let byte = peek(), byte != 10 { advance(1) }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.first == "%YAML" {
                let comment = words.dropFirst(2).first?.hasPrefix("#") ?? true
                guard !version, words.count >= 2, !words[1].contains("#"), comment else {
                    throw error("a %YAML directive takes one version, once")
                }
                version = true
            }
            directives = true
            try skipToContent()
        }
        if atMarker("---") {
            advance(3)
            skipInlineSpace()
            // `--- key: value` or `--- - x`: a block collection cannot start on the marker's line.
            let quoted = peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'")
            var mapping = false
            if !atLineEnd && !quoted { mapping = try keyAhead() }
            if !atLineEnd && atSequenceEntry || mapping {
                throw error("a block collection cannot start on the '---' line")
            }
            try skipToContent()
        } else if directives {
            throw error("a directive needs a document ('---') after it")
        }
        if atEnd || atMarker("...") { return nil }
        let root = try blockNode(parent: -1, indentlessSequence: false)
        try skipToContent()
        if atMarker("...") {
            advance(3)
            skipInlineSpace()
            guard atLineEnd else { throw error("unexpected text after '...'") }
            skipLine()
            try skipToContent()
        }
        if atMarker("---") { throw error("the file has more than one YAML document; an import reads one") }
        guard atEnd else { throw error("unexpected text after the document (check the indentation)") }
        return root
    }

    // MARK: Block structure

    /// The node at the next content, which belongs to a parent indented by `parent` columns:
    /// null when the next content is not more indented (an empty value). A sequence as a
    /// mapping's value may sit at the mapping's own indentation (`indentlessSequence`).
    mutating func blockNode(parent: Int, indentlessSequence: Bool) throws(YAMLError) -> JSONValue {
        try skipToContent()
        let startsSequence = indentlessSequence && column == parent && atSequenceEntry
        guard !atEnd, !atMarker("---"), !atMarker("..."), column > parent || startsSequence else {
            return try counted(.null)
        }
        let (anchor, tag) = try properties()
        try checkAfterProperties(anchor: anchor, tag: tag)
        let before = nodes
        if anchor != nil || tag != nil, atLineEnd {
            // `&anchor` with the node on the lines below.
            let value = Self.retagged(try blockNode(parent: parent, indentlessSequence: indentlessSequence), tag)
            return finish(value, anchor: anchor, size: nodes - before)
        }
        let value = try content(parent: parent, blockCollections: true, tag: tag)
        return finish(value, anchor: anchor, size: nodes - before)
    }

    /// The node starting at the current position, on this line.
    mutating func content(parent: Int, blockCollections: Bool, tag: String?) throws(YAMLError) -> JSONValue {
        guard depth < Self.depthLimit else { throw error("the YAML nests deeper than \(Self.depthLimit) levels") }
        depth += 1
        defer { depth -= 1 }
        let start = column
        switch peek() {
        case UInt8(ascii: "-") where atSequenceEntry:
            guard blockCollections else { throw error("a block sequence cannot start on its key's line") }
            return try blockSequence(at: start)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let saved = minimumColumn
            minimumColumn = parent + 1
            defer { minimumColumn = saved }
            let value = try flowNode()
            skipInlineSpace()
            if peek() == UInt8(ascii: ":") { throw error("a collection as a mapping key is not supported") }
            return value
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return try counted(.string(try blockScalar(parent: parent)))
        case UInt8(ascii: "*"):
            return try alias()
        case UInt8(ascii: "?") where isBlank(at: index + 1):
            guard blockCollections else { throw error("a block mapping cannot start on its key's line") }
            return try blockMapping(at: start)
        default:
            if try keyAhead() {
                guard blockCollections else {
                    throw error(
                        "': ' in a value on its key's line (quote the value, or move a mapping to the next line)")
                }
                return try blockMapping(at: start)
            }
            return try scalar(parent: parent, tag: tag)
        }
    }

    private mutating func blockSequence(at indent: Int) throws(YAMLError) -> JSONValue {
        var items: [JSONValue] = []
        while true {
            advance(1)
            let gap = index
            skipInlineSpace()
            // `-\t-`: a tab cannot indent the collection that follows.
            var collection = atSequenceEntry
            if !collection { collection = try keyAhead() }
            if bytes[gap..<index].contains(9), collection {
                throw error("a tab cannot indent a block collection (YAML indents with spaces)")
            }
            items.append(try entryValue(parent: indent, indentlessSequence: false))
            try skipToContent()
            guard !atEnd, !atMarker("---"), !atMarker("..."), column >= indent else { break }
            guard column == indent else { throw error("bad indentation of a sequence entry") }
            guard atSequenceEntry else { break }
        }
        return try counted(.array(items))
    }

    private mutating func blockMapping(at indent: Int) throws(YAMLError) -> JSONValue {
        var members: [JSONMember] = []
        var positions: [String: Int] = [:]
        var merges: [JSONValue] = []
        while true {
            let key: String
            let value: JSONValue
            if peek() == UInt8(ascii: "?"), isBlank(at: index + 1) {
                // `? key` and, on a line of its own at this indentation, `: value` (or nothing).
                advance(1)
                skipInlineSpace()
                let node = try entryValue(parent: indent, indentlessSequence: false)
                guard let text = node.scalarText else { throw error("a collection as a mapping key is not supported") }
                key = node == .null ? "" : text
                try skipToContent()
                if column == indent, peek() == UInt8(ascii: ":"), isBlank(at: index + 1) {
                    advance(1)
                    skipInlineSpace()
                    value = try entryValue(parent: indent, indentlessSequence: true)
                } else {
                    value = try counted(.null)
                }
            } else {
                key = try mappingKey()
                skipInlineSpace()
                value = try entryValue(parent: indent, indentlessSequence: true)
            }
            if key == "<<" {
                merges.append(value)
            } else if let position = positions[key] {
                members[position].value = value
            } else {
                positions[key] = members.count
                members.append(JSONMember(key, value))
            }
            try skipToContent()
            guard !atEnd, !atMarker("---"), !atMarker("..."), column >= indent else { break }
            guard column == indent else { throw error("bad indentation of a mapping entry") }
            if atSequenceEntry { break }
        }
        // Merged keys come after the mapping's own and never replace them.
        for merge in merges {
            let sources: [JSONValue]
            if case .array(let list) = merge { sources = list } else { sources = [merge] }
            for source in sources {
                guard case .object(let more) = source else { throw error("a merge (<<) must name mappings") }
                for member in more where positions[member.key] == nil {
                    positions[member.key] = members.count
                    members.append(member)
                }
            }
        }
        return try counted(.object(members))
    }

    /// A sequence entry's or a mapping value's node: on this line, or on the lines below.
    private mutating func entryValue(parent: Int, indentlessSequence: Bool) throws(YAMLError) -> JSONValue {
        guard !atLineEnd else { return try blockNode(parent: parent, indentlessSequence: indentlessSequence) }
        let (anchor, tag) = try properties()
        try checkAfterProperties(anchor: anchor, tag: tag)
        let before = nodes
        if anchor != nil || tag != nil, atLineEnd {
            let value = Self.retagged(try blockNode(parent: parent, indentlessSequence: indentlessSequence), tag)
            return finish(value, anchor: anchor, size: nodes - before)
        }
        // In a sequence entry a compact mapping or sequence may start here (`- name: x`).
        let value = try content(parent: parent, blockCollections: !indentlessSequence, tag: tag)
        return finish(value, anchor: anchor, size: nodes - before)
    }

    /// A block mapping's key, up to and past its `:`.
    private mutating func mappingKey() throws(YAMLError) -> String {
        let key: String
        switch peek() {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let first = line
            key = try quoted()
            guard line == first else { throw error("a mapping key cannot go on over lines") }
        case UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "*"):
            throw error("an anchor, tag or alias on a mapping key is not supported")
        default:
            let start = index
            while let byte = peek(), !(byte == UInt8(ascii: ":") && isBlank(at: index + 1)) {
                guard byte != 10 else { throw error("expected ':' after a mapping key") }
                advance(1)
            }
            key = String(decoding: bytes[start..<index], as: UTF8.self).trimmingSpaces
        }
        skipInlineSpace()
        guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after a mapping key") }
        advance(1)
        return key
    }

    /// Whether a mapping key (`name:` followed by a blank) starts here, on this line.
    private func keyAhead() throws(YAMLError) -> Bool {
        var at = index
        if let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            at += 1
            while at < bytes.count, bytes[at] != 10 {
                if bytes[at] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    at += 2
                    continue
                }
                if bytes[at] == quote {
                    if quote == UInt8(ascii: "'") && at + 1 < bytes.count && bytes[at + 1] == quote {
                        at += 2
                        continue
                    }
                    break
                }
                at += 1
            }
            guard at < bytes.count, bytes[at] == quote else { return false }
            at += 1
            while at < bytes.count, bytes[at] == 32 || bytes[at] == 9 { at += 1 }
            return at < bytes.count && bytes[at] == UInt8(ascii: ":") && isBlank(at: at + 1)
        }
        while at < bytes.count, bytes[at] != 10 {
            if bytes[at] == UInt8(ascii: ":") && isBlank(at: at + 1) { return true }
            if bytes[at] == UInt8(ascii: "#") && at > index && (bytes[at - 1] == 32 || bytes[at - 1] == 9) {
                return false
            }
            at += 1
        }
        return false
    }

    // MARK: Anchors, aliases, tags

    /// `&anchor` and `!tag` before a node, in either order.
    /// What may not follow a node's anchor or tag: an alias (it has its own node), or a block
    /// sequence on the same line.
    func checkAfterProperties(anchor: String?, tag: String?) throws(YAMLError) {
        guard anchor != nil || tag != nil else { return }
        if peek() == UInt8(ascii: "*") { throw error("an alias cannot have an anchor or a tag") }
        if atSequenceEntry { throw error("a block sequence cannot start on its anchor's or tag's line") }
    }

    /// An empty node tagged `!!str` is the empty string, not null.
    static func retagged(_ value: JSONValue, _ tag: String?) -> JSONValue {
        tag == "!!str" && value == .null ? .string("") : value
    }

    mutating func properties() throws(YAMLError) -> (anchor: String?, tag: String?) {
        var anchor: String?
        var tag: String?
        while let byte = peek(), byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!") {
            advance(1)
            let name = word()
            if byte == UInt8(ascii: "&") {
                guard !name.isEmpty else { throw error("an anchor (&) needs a name") }
                anchor = name
            } else {
                tag = "!" + name
            }
            skipInlineSpace()
        }
        return (anchor, tag)
    }

    /// `*name`: the anchored node again, counted as often as it is repeated.
    mutating func alias() throws(YAMLError) -> JSONValue {
        advance(1)
        let name = word()
        guard let anchored = anchors[name] else { throw error("the alias *\(name) names no anchor before it") }
        // A collection repeated inside another nests deeper than the text does.
        guard depth + anchored.height <= Self.depthLimit else {
            throw error("the YAML nests deeper than \(Self.depthLimit) levels through its aliases")
        }
        nodes += anchored.size
        guard nodes <= Self.nodeLimit else { throw bomb }
        return anchored.value
    }

    /// Records an anchor with the node's expanded size (a scalar's tag was applied when it
    /// was read; a collection's changes nothing).
    mutating func finish(_ value: JSONValue, anchor: String?, size: Int) -> JSONValue {
        if let anchor { anchors[anchor] = (value, max(size, 1), Self.height(value)) }
        return value
    }

    /// How many levels of collections `value` holds (0 for a scalar), without recursion.
    static func height(_ value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 0)]
        while let (node, level) = pending.popLast() {
            switch node {
            case .array(let items): pending += items.map { ($0, level + 1) }
            case .object(let members): pending += members.map { ($0.value, level + 1) }
            default: deepest = max(deepest, level)
            }
            if case .array(let items) = node, items.isEmpty { deepest = max(deepest, level + 1) }
            if case .object(let members) = node, members.isEmpty { deepest = max(deepest, level + 1) }
        }
        return deepest
    }

    mutating func counted(_ value: JSONValue) throws(YAMLError) -> JSONValue {
        nodes += 1
        guard nodes <= Self.nodeLimit else { throw bomb }
        return value
    }

    var bomb: YAMLError {
        error("the YAML expands to more than \(Self.nodeLimit) nodes through its aliases (an alias bomb?)")
    }
}
