import CourierCore

/// The files a document split over several files names in its references (`$ref:
/// ./schemas.yaml#/Pet`, `paths/users.yaml`), read through the caller's `load` (the core
/// reads no file) and kept by their path relative to the document's folder. Every reference
/// is made one spelling, `FILE#pointer` (`#pointer` for the document itself), so a reference
/// inside another file is followed from that file. A reference may not leave the document's
/// folder, name a URL or an absolute path; at most `maxFiles` files are read.
struct OpenAPIReferences {
    static let maxFiles = 200

    /// The document's files beside it, by relative path.
    private(set) var files: [String: JSONValue] = [:]
    /// Why a file was not read (outside the folder, missing), by the path its references give:
    /// said when an operation needs it, so one bad reference costs only what uses it.
    private(set) var failures: [String: String] = [:]
    private var queue: [String] = []
    private let load: (String) throws(ImportError) -> [UInt8]

    /// `root` with its references made canonical, and the files they reach, read.
    static func resolve(_ root: JSONValue, load: @escaping (String) throws(ImportError) -> [UInt8]) throws(ImportError)
        -> (root: JSONValue, files: [String: JSONValue], failures: [String: String])
    {
        guard names(root) else { return (root, [:], [:]) }
        var references = OpenAPIReferences(load: load)
        let canonical = references.rewrite(root, in: "")
        while !references.queue.isEmpty {
            let next = references.queue.removeFirst()
            guard references.files.count < maxFiles else {
                throw ImportError("the document's references name more than \(maxFiles) files")
            }
            do throws(ImportError) {
                let tree = try StructuredText.read(try references.load(next), fileName: next)
                references.files[next] = .null
                references.files[next] = references.rewrite(tree, in: next)
            } catch {
                references.failures[next] = error.message
            }
        }
        return (canonical, references.files, references.failures)
    }

    private init(load: @escaping (String) throws(ImportError) -> [UInt8]) { self.load = load }

    /// Whether `value` holds a reference to another file (most documents do not, and are not
    /// copied).
    static func names(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            return members.contains { member in
                if member.key == "$ref", case .string(let reference) = member.value { return !reference.hasPrefix("#") }
                return names(member.value)
            }
        case .array(let items): return items.contains(where: names)
        default: return false
        }
    }

    private mutating func rewrite(_ value: JSONValue, in file: String) -> JSONValue {
        switch value {
        case .object(let members):
            var out: [JSONMember] = []
            out.reserveCapacity(members.count)
            for member in members {
                if member.key == "$ref", case .string(let reference) = member.value {
                    out.append(JSONMember("$ref", .string(canonical(reference, from: file))))
                } else {
                    out.append(JSONMember(member.key, rewrite(member.value, in: file)))
                }
            }
            return .object(out)
        case .array(let items):
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(rewrite(item, in: file)) }
            return .array(out)
        default: return value
        }
    }

    /// `reference`, written in `file`, as `FILE#pointer`; the file is queued to be read.
    private mutating func canonical(_ reference: String, from file: String) -> String {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        let target = String(reference[..<hash])
        let pointer = hash < reference.endIndex ? String(reference[hash...]) : "#"
        if target.isEmpty { return file + pointer }
        guard !target.contains("://"), !target.hasPrefix("/"), !target.hasPrefix("~"),
            let path = Self.joined(PathText.directory(file), target)
        else {
            failures[target] =
                "the reference \(reference) is outside the document's folder; only files beside it are read"
            return reference
        }
        if files[path] == nil && failures[path] == nil && !queue.contains(path) { queue.append(path) }
        return path + pointer
    }

    /// `root` with every reference into another file replaced by what it names, in turn
    /// (Swagger 2.0, whose conversion reads one document). A reference met again inside its own
    /// expansion (a recursive schema) and one that names nothing stay references, which the
    /// importer names when it meets them.
    static func inlined(_ root: JSONValue, files: [String: JSONValue]) -> JSONValue {
        var expanding: [String] = []
        // Files that name each other many times would multiply as aliases do: 10,000 expansions.
        var budget = 10_000
        func inline(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members):
                if case .string(let reference)? = value["$ref"], let hash = reference.firstIndex(of: "#"),
                    hash > reference.startIndex, !expanding.contains(reference), expanding.count < 64, budget > 0,
                    let file = files[String(reference[..<hash])],
                    let target = OpenAPIDocument.walk(file, String(reference[reference.index(after: hash)...]))
                {
                    budget -= 1
                    expanding.append(reference)
                    defer { expanding.removeLast() }
                    return inline(target)
                }
                return .object(members.map { JSONMember($0.key, inline($0.value)) })
            case .array(let items): return .array(items.map(inline))
            default: return value
            }
        }
        return inline(root)
    }

    /// `relative` read from `folder` (both relative to the document's folder), `.` and `..`
    /// resolved; nil when it climbs out of the document's folder.
    static func joined(_ folder: String, _ relative: String) -> String? {
        var parts: [Substring] = folder == "." ? [] : folder.split(separator: "/")
        for part in relative.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
