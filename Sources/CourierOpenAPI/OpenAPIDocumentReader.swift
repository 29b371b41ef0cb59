import CourierCore
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI 3.0 or 3.1 document, JSON or YAML, into OpenAPIKit's 3.1 model (a 3.0
/// document is converted). Swagger 2.0, a document that is not OpenAPI, a YAML alias bomb
/// and a truncated file each get one line with the place.
enum OpenAPIDocumentReader {
    /// Nodes a YAML document may expand to once its aliases are followed; the largest public
    /// documents have a few hundred thousand, an alias bomb billions.
    static let nodeLimit = 5_000_000

    /// The document. JSON is read as the YAML it also is, so objects keep their order
    /// (Foundation's JSON decoder does not keep it, and routes, required properties and
    /// examples should come out as the document writes them) and the same pruning applies.
    static func read(_ bytes: [UInt8], fileName: String) throws(ImportError) -> OpenAPIKit.OpenAPI.Document {
        let text = try ImportText.utf8(bytes, name: fileName)
        do {
            // As YAMLDecoder reads: only merge keys resolved, so `200:` stays the text a status
            // code key is (the default resolver would make it a number).
            let parser = try Parser(yaml: text, resolver: Resolver.basic.appending(.merge))
            guard let node = try parser.singleRoot() else { throw ImportError("\(fileName): the file is empty") }
            try checkSize(node, fileName: fileName)
            let version = try versionOf(node, fileName: fileName)
            let pruned = OpenAPIPruner.prune(node)
            return try withExtendedLifetime(parser) {
                let decoder = YAMLDecoder()
                if version.hasPrefix("3.0") {
                    let document = try decoder.decode(
                        OpenAPIKit30.OpenAPI.Document.self, from: pruned, userInfo: Self.userInfo)
                    return document.convert(to: .v3_1_0)
                }
                return try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: pruned, userInfo: Self.userInfo)
            }
        } catch let error as ImportError {
            throw error
        } catch let error as YamlError {
            throw ImportError("\(fileName): \(oneLine(Self.describe(error)))")
        } catch {
            let readable = OpenAPIKit.OpenAPI.Error(from: error)
            let place = readable.codingPathString.isEmpty ? "" : " at \(readable.codingPathString)"
            throw ImportError("\(fileName): \(oneLine(readable.localizedDescription))\(place)")
        }
    }

    /// Vendor extensions off: to find `x-` keys OpenAPIKit decodes each object a second time
    /// as untyped values (the components a third of an import's time), and an import reads none.
    static let userInfo: [CodingUserInfoKey: any Sendable] = [
        OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false
    ]

    /// OpenAPIKit's explanations span lines; a message here is one.
    static func oneLine(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var out = words.replacingOccurrences(of: "..", with: ".")
        while out.hasSuffix(".") || out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    private static func versionOf(_ node: Node, fileName: String) throws(ImportError) -> String {
        if let swagger = node["swagger"]?.string {
            throw ImportError("\(fileName): Swagger \(swagger) is not supported; convert it to OpenAPI 3 first")
        }
        guard let version = node["openapi"]?.string else {
            throw ImportError("\(fileName): not an OpenAPI document (no \"openapi\" version)")
        }
        return try supported(version, fileName: fileName)
    }

    private static func supported(_ version: String, fileName: String) throws(ImportError) -> String {
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw ImportError("\(fileName): OpenAPI \(version) is not supported; 3.0 and 3.1 are")
        }
        return version
    }

    /// Counts nodes with aliases followed, stopping at `nodeLimit`: an alias bomb is refused
    /// before anything walks it whole. An anchored node is counted once and its size reused
    /// wherever an alias repeats it, so the count costs the document's size, not the size it
    /// expands to (walking five million nodes took seconds). Iterative, so depth costs no stack.
    private static func checkSize(_ root: Node, fileName: String) throws(ImportError) {
        var count = 0
        var known: [String: Int] = [:]
        // A node, whether its children were pushed (then popping it ends its subtree), and
        // the count before it.
        var stack: [(node: Node, done: Bool, before: Int)] = [(root, false, 0)]
        while let (node, done, before) = stack.popLast() {
            let key = anchorKey(node)
            if done {
                if let key { known[key] = count - before }
                continue
            }
            if let key, let size = known[key] {
                count += size
            } else {
                count += 1
                if key != nil { stack.append((node, true, count - 1)) }
                switch node {
                case .mapping(let mapping):
                    for (name, value) in mapping {
                        stack.append((name, false, 0))
                        stack.append((value, false, 0))
                    }
                case .sequence(let sequence): stack.append(contentsOf: sequence.map { ($0, false, 0) })
                default: break
                }
            }
            if count > nodeLimit {
                throw ImportError(
                    "\(fileName): the YAML expands to more than \(nodeLimit) nodes through its aliases (an alias bomb?)"
                )
            }
        }
    }

    /// An anchored node's definition (an anchor may be defined again later, so its place too).
    private static func anchorKey(_ node: Node) -> String? {
        guard let anchor = node.anchor, let mark = node.mark else { return nil }
        return "\(anchor.rawValue)@\(mark.line):\(mark.column)"
    }

    /// `line L, column C: problem` for a YAML syntax error.
    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let what = context.map { "\(problem) \($0.text)" } ?? problem
            return "line \(mark.line), column \(mark.column): \(what)"
        default:
            return "\(error)"
        }
    }
}
