/// Rewrites a JSON document's text to hold a new tree while keeping every byte of what did not
/// change: a value equal to the old one keeps its text (spacing, escapes, number spelling,
/// one-line objects), objects are edited member by member and arrays element by element, and
/// what is new is written in the style of its neighbours (their indentation, their key order,
/// one line when they are on one line). DESIGN.md §9: an import or a save changes only the
/// lines of what it adds or replaces.
public struct JSONTextRewrite {
    private let old: [UInt8]
    private let unit: String
    private var edits: [(range: Range<Int>, text: String)] = []

    /// `old` (one valid JSON document) rewritten to hold `new`; nil when `old` is not JSON.
    public static func rewrite(_ old: [UInt8], to new: JSONValue) -> [UInt8]? {
        guard let spans = try? JSONSpans(old), let tree = try? JSONValue.parse(old) else { return nil }
        var rewrite = JSONTextRewrite(old: old, root: spans.root)
        rewrite.edit(spans.root, from: tree, to: new, inInline: false)
        return rewrite.applied()
    }

    private init(old: [UInt8], root: JSONSpans.Node) {
        self.old = old
        unit = Self.indentUnit(old, root: root)
    }

    // MARK: Edits

    /// Edits `node` from `before` to `after`; `inInline` says its container is on one line.
    private mutating func edit(_ node: JSONSpans.Node, from before: JSONValue, to after: JSONValue, inInline: Bool) {
        guard before != after else { return }
        switch (node, before, after) {
        case (.object(let range, let spans), .object(let members), .object(let newMembers))
        where !spans.isEmpty:
            editObject(range, spans, members, newMembers)
        case (.array(let range, let spans), .array(let elements), .array(let newElements))
        where !spans.isEmpty && !newElements.isEmpty:
            editArray(range, spans, elements, newElements)
        default:
            replace(node, with: after, inInline: inInline)
        }
    }

    private mutating func editObject(
        _ range: Range<Int>, _ spans: [JSONSpans.Member], _ members: [JSONMember], _ newMembers: [JSONMember]
    ) {
        // Each new member takes the first unused old member of its key.
        var used = [Bool](repeating: false, count: members.count)
        var matches: [Int?] = []
        for member in newMembers {
            let index = members.indices.first { !used[$0] && members[$0].key == member.key }
            if let index { used[index] = true }
            matches.append(index)
        }
        guard used.contains(true) else { return replace(.object(range, spans), with: .object(newMembers)) }
        let inline = !old[range].contains(0x0A)
        for (member, match) in zip(newMembers, matches) {
            guard let match else { continue }
            edit(spans[match].value, from: members[match].value, to: member.value, inInline: inline)
        }
        let starts = spans.map(\.keyStart)
        let ends = spans.map(\.value.range.upperBound)
        deleteUnused(used, starts: starts, ends: ends)
        let style = Style(self, container: range, starts: starts, ends: ends, sibling: spans[spans.count - 1].value)
        var inserted: [Int?: [String]] = [:]
        var anchor: Int?
        for (member, match) in zip(newMembers, matches) {
            if let match {
                anchor = match
                continue
            }
            let value = Self.ordered(member.value, like: anchor.map { members[$0].value })
            inserted[anchor, default: []].append(JSONString.encode(member.key) + ": " + style.text(value, unit: unit))
        }
        insert(inserted, style: style, starts: starts, ends: ends)
    }

    private mutating func editArray(
        _ range: Range<Int>, _ spans: [JSONSpans.Node], _ elements: [JSONValue], _ newElements: [JSONValue]
    ) {
        let kept = min(elements.count, newElements.count)
        let inline = !old[range].contains(0x0A)
        for index in 0..<kept {
            edit(spans[index], from: elements[index], to: newElements[index], inInline: inline)
        }
        let starts = spans.map(\.range.lowerBound)
        let ends = spans.map(\.range.upperBound)
        deleteUnused(elements.indices.map { $0 < kept }, starts: starts, ends: ends)
        let last = kept - 1
        let style = Style(self, container: range, starts: starts, ends: ends, sibling: spans[last])
        let added = newElements.dropFirst(kept).map {
            style.text(Self.ordered($0, like: elements[last]), unit: unit)
        }
        if !added.isEmpty { insert([last: added], style: style, starts: starts, ends: ends) }
    }

    /// Removes the members (or elements) not `used`, with the separators that went with them.
    /// Each removal takes its value and the separator before it; a leading run of removals
    /// takes everything up to the first one kept, so no two removals overlap.
    private mutating func deleteUnused(_ used: [Bool], starts: [Int], ends: [Int]) {
        guard let firstKept = used.firstIndex(of: true) else { return }
        if firstKept > 0 { edits.append((starts[0]..<starts[firstKept], "")) }
        for index in used.indices where index > firstKept && !used[index] {
            edits.append((ends[index - 1]..<ends[index], ""))
        }
    }

    /// Inserts `texts` after the old member or element they follow (nil: before the first).
    private mutating func insert(_ texts: [Int?: [String]], style: Style, starts: [Int], ends: [Int]) {
        for (anchor, items) in texts {
            let joined = items.joined(separator: "," + style.separator)
            if let anchor {
                edits.append((ends[anchor]..<ends[anchor], "," + style.separator + joined))
            } else {
                edits.append((starts[0]..<starts[0], joined + "," + style.separator))
            }
        }
    }

    /// Writes `value` in place of `node`: on one line when the node was a one-line value (an
    /// empty container is one only inside a one-line container), else one member per line.
    private mutating func replace(_ node: JSONSpans.Node, with value: JSONValue, inInline: Bool = false) {
        let range = node.range
        let indent = lineIndent(at: range.lowerBound)
        var oneLine = inInline
        switch node {
        case .scalar: oneLine = true
        case .object(_, let members) where !members.isEmpty: oneLine = !old[range].contains(0x0A)
        case .array(_, let elements) where !elements.isEmpty: oneLine = !old[range].contains(0x0A)
        default: break
        }
        let inline = Self.inline(value)
        let text = oneLine && indent.count + inline.count <= 100 ? inline : Self.pretty(value, indent, unit)
        edits.append((range, text))
    }

    private func applied() -> [UInt8] {
        var result = old
        // From the end, so earlier offsets stay right; at one offset a removal goes before an
        // insertion, so the inserted text is not removed with it.
        let ordered = edits.sorted {
            $0.range.lowerBound != $1.range.lowerBound
                ? $0.range.lowerBound > $1.range.lowerBound : $0.range.count > $1.range.count
        }
        for edit in ordered { result.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }
        return result
    }

    // MARK: Style

    /// How the members of one container are laid out, copied from the first of them.
    private struct Style {
        /// The whitespace before each member (`"\n    "`, `" "`, or nothing).
        var separator: String
        /// The members' indentation when they are on lines of their own; nil when inline.
        var indent: String?
        /// The neighbour is on one line: short new values are too.
        var oneLine: Bool

        /// `starts` and `ends` are where the container's members (or elements) start and end;
        /// `sibling` is the value new ones follow.
        init(_ rewrite: JSONTextRewrite, container: Range<Int>, starts: [Int], ends: [Int], sibling: JSONSpans.Node) {
            let old = rewrite.old
            // Between two members, after the comma; with one member, what precedes it.
            var from = container.lowerBound + 1
            if starts.count > 1, let comma = old[ends[0]..<starts[1]].firstIndex(of: UInt8(ascii: ",")) {
                from = comma + 1
            }
            separator = String(decoding: old[from..<starts[starts.count > 1 ? 1 : 0]], as: UTF8.self)
            if let newline = separator.lastIndex(of: "\n") {
                indent = String(separator[separator.index(after: newline)...])
            } else {
                indent = nil
                if separator.isEmpty { separator = " " }
            }
            // Only a container tells how containers are written; a scalar says nothing.
            switch sibling {
            case .object(let range, let members) where !members.isEmpty: oneLine = !old[range].contains(0x0A)
            case .array(let range, let elements) where !elements.isEmpty: oneLine = !old[range].contains(0x0A)
            default: oneLine = false
            }
        }

        func text(_ value: JSONValue, unit: String) -> String {
            let inline = JSONTextRewrite.inline(value)
            guard let indent else { return inline }
            if oneLine && indent.count + inline.count <= 100 { return inline }
            return JSONTextRewrite.pretty(value, indent, unit)
        }
    }

    /// `value` with its members in the order `neighbour` has them (its other members after).
    private static func ordered(_ value: JSONValue, like neighbour: JSONValue?) -> JSONValue {
        guard case .object(let members) = value, case .object(let order)? = neighbour else { return value }
        let rank = Dictionary(order.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let sorted = members.enumerated().sorted { left, right in
            let l = rank[left.element.key] ?? order.count + left.offset
            let r = rank[right.element.key] ?? order.count + right.offset
            return l < r
        }
        return .object(sorted.map(\.element))
    }

    /// The whitespace at the start of the line holding `offset`.
    private func lineIndent(at offset: Int) -> String {
        var start = offset
        while start > 0 && old[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < old.count && (old[end] == 0x20 || old[end] == 0x09) { end += 1 }
        return String(decoding: old[start..<end], as: UTF8.self)
    }

    /// One level of indentation as the file writes it: what its top-level members are indented
    /// by, else two spaces.
    private static func indentUnit(_ old: [UInt8], root: JSONSpans.Node) -> String {
        let first: Int
        switch root {
        case .object(let range, let members) where !members.isEmpty:
            first = members[0].keyStart
            guard range.lowerBound < first else { return "  " }
        case .array(_, let elements) where !elements.isEmpty:
            first = elements[0].range.lowerBound
        default:
            return "  "
        }
        var start = first
        while start > 0 && (old[start - 1] == 0x20 || old[start - 1] == 0x09) { start -= 1 }
        guard start > 0, old[start - 1] == 0x0A, start < first else { return "  " }
        return String(decoding: old[start..<first], as: UTF8.self)
    }

    // MARK: Text of new values

    /// `value` on one line, spaced as people write it (`{"a": 1, "b": [2, 3]}`).
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case .array(let items):
            return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONString.encode($0.key) + ": " + inline($0.value) }.joined(separator: ", ")
                + "}"
        default:
            return value.serialized
        }
    }

    /// `value` one member or element per line, nested ones indented by `unit` more than `indent`.
    static func pretty(_ value: JSONValue, _ indent: String, _ unit: String) -> String {
        let inner = indent + unit
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + pretty($0, inner, unit) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members) where !members.isEmpty:
            let lines = members.map { inner + JSONString.encode($0.key) + ": " + pretty($0.value, inner, unit) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return value.serialized
        }
    }
}
