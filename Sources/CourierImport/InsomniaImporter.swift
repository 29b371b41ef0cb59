import CourierCore

/// `courier import insomnia`: an Insomnia export, v4 (`_type: export`, a flat `resources`
/// list linked by `parentId`, JSON or YAML) or v5 (`type: collection.insomnia.rest/5.0`, YAML,
/// a nested `collection`), given as the tree its file reads to (the YAML reader lives with the
/// OpenAPI importer). Folders become name prefixes; the base environment's variables are every
/// environment's defaults and each sub-environment is an environment (a private one's values
/// are secrets); `{{ _.name }}` becomes `{{name}}`; bodies, headers, parameters and auth come
/// across as `InsomniaRequest` says.
public struct InsomniaImporter: Sendable {
    /// An importer.
    public init() {}

    /// A folder or a request of the export's tree, with what a folder passes down.
    struct Node {
        var name: String
        var request: JSONValue?
        var children: [Node] = []
        /// What the export calls it (`request`, `grpc_request`…), for a skip's reason.
        var kind = "request"
        /// A WebSocket request's message (v4 keeps it as a `websocket_payload` under it).
        var messages: [String] = []
    }

    /// The plan for the export `root` read from `fileName` in `folder` (relative upload paths
    /// are taken from there).
    public func plan(_ root: JSONValue, fileName: String, folder: String) throws(ImportError) -> ImportPlan {
        let nodes: [Node]
        let environments: [(name: String, data: JSONValue, isPrivate: Bool)]
        if root["_type"] == .string("export") {
            guard let format = root["__export_format"]?.scalarText, format == "4" || format == "3" else {
                throw ImportError(
                    "\(fileName): Insomnia export format \(root["__export_format"]?.scalarText ?? "(none)") is not supported; 3, 4 and 5 are"
                )
            }
            (nodes, environments) = Self.version4(root["resources"]?.elements ?? [])
        } else if let type = root["type"]?.scalarText, type.hasPrefix("collection.insomnia.rest/5") {
            nodes = Self.version5(root["collection"]?.elements ?? [])
            environments = Self.environments5(root["environments"])
        } else {
            throw ImportError(
                "\(fileName): not an Insomnia export (no _type: export or type: collection.insomnia.rest/5.0)")
        }

        var plan = ImportPlan()
        var converter = InsomniaRequest(folder: folder)
        var entries = Self.entries(environments, converter: &converter)
        var routes: [(route: Route, base: String)] = []
        walk(
            nodes, prefix: [], inherited: InsomniaRequest.Inherited(), converter: &converter, routes: &routes,
            plan: &plan)
        plan.warnings += converter.warnings
        guard !routes.isEmpty else {
            if !plan.skipped.isEmpty { throw ImportPlan.nothingImported(fileName, skipped: plan.skipped) }
            throw ImportError("\(fileName): the export has no request")
        }
        // Literal credentials the auth held are secrets of every environment.
        converter.credentials.add(to: &entries)
        let defaults = entries.first { $0.name == "" }?.variables ?? [:]
        let named = entries.count > 1 ? entries.filter { !$0.name.isEmpty } : entries
        ImportEnvironments(list: named, defaults: entries.count > 1 ? defaults : [:]).assemble(routes, into: &plan)
        return plan
    }

    private func walk(
        _ nodes: [Node], prefix: [String], inherited: InsomniaRequest.Inherited, converter: inout InsomniaRequest,
        routes: inout [(route: Route, base: String)], plan: inout ImportPlan
    ) {
        for node in nodes {
            let name = (prefix + [ImportPlan.slug(node.name)]).joined(separator: ".")
            guard let request = node.request else {
                walk(
                    node.children, prefix: prefix + [ImportPlan.slug(node.name)], inherited: inherited,
                    converter: &converter,
                    routes: &routes, plan: &plan)
                continue
            }
            if node.kind == "request_group" {
                // A folder: its auth and headers pass down to what it holds.
                var passed = inherited
                converter.inherit(request, into: &passed)
                walk(
                    node.children, prefix: prefix + [ImportPlan.slug(node.name)], inherited: passed,
                    converter: &converter,
                    routes: &routes, plan: &plan)
                continue
            }
            guard node.kind == "request" || node.kind == "websocket_request" else {
                plan.skipped.append(ImportPlan.Skip(name, reason: "a gRPC request is not imported"))
                continue
            }
            do throws(ImportError) {
                var converted = try converter.route(request, name: name, inherited: inherited)
                if node.kind == "websocket_request" {
                    converted.route.websocket = true
                    converted.route.method = .get
                    converted.route.messages = node.messages.map { converter.template($0) }
                }
                routes.append(converted)
            } catch {
                plan.skipped.append(ImportPlan.Skip(name, reason: error.message))
            }
        }
    }

    /// v4: resources linked by `parentId` into a tree under the workspace(s), in file order.
    static func version4(_ resources: [JSONValue]) -> ([Node], [(name: String, data: JSONValue, isPrivate: Bool)]) {
        var children: [String: [JSONValue]] = [:]
        var ids: Set<String> = []
        for resource in resources {
            if let id = resource["_id"]?.scalarText { ids.insert(id) }
            children[resource["parentId"]?.scalarText ?? "", default: []].append(resource)
        }
        // Folders chain by `parentId`, not by nesting the reader bounds: 100 levels at most.
        func nodes(under parent: String, depth: Int = 0) -> [Node] {
            guard depth < 100 else { return [] }
            return (children[parent] ?? []).compactMap { resource -> Node? in
                let kind = resource["_type"]?.scalarText ?? ""
                let name = resource["name"]?.scalarText ?? "request"
                let id = resource["_id"]?.scalarText ?? ""
                switch kind {
                case "request", "grpc_request":
                    return Node(name: name, request: resource, kind: kind)
                case "websocket_request":
                    let payloads = (children[id] ?? []).filter { $0["_type"] == .string("websocket_payload") }
                    let messages = payloads.compactMap { $0["value"]?.scalarText }.filter { !$0.isEmpty }
                    return Node(name: name, request: resource, kind: kind, messages: messages)
                case "request_group":
                    return Node(name: name, request: resource, children: nodes(under: id, depth: depth + 1), kind: kind)
                default:
                    return nil
                }
            }
        }
        // Roots: what hangs from a workspace, or from nothing the export holds.
        let workspaces = resources.filter { $0["_type"] == .string("workspace") }.compactMap { $0["_id"]?.scalarText }
        var roots: [Node] = []
        for parent in workspaces { roots += nodes(under: parent) }
        // In the file's order (a dictionary's would change from run to run).
        var seen: Set<String> = []
        for resource in resources {
            let parent = resource["parentId"]?.scalarText ?? ""
            guard !ids.contains(parent), !workspaces.contains(parent), seen.insert(parent).inserted else { continue }
            roots += nodes(under: parent)
        }
        let environments = resources.filter { $0["_type"] == .string("environment") }
        let baseIDs = Set(
            environments.filter {
                !ids.contains($0["parentId"]?.scalarText ?? "") || workspaces.contains($0["parentId"]?.scalarText ?? "")
            }.compactMap { $0["_id"]?.scalarText })
        var list: [(name: String, data: JSONValue, isPrivate: Bool)] = []
        for environment in environments {
            let id = environment["_id"]?.scalarText ?? ""
            let isBase = baseIDs.contains(id)
            list.append(
                (
                    isBase ? "" : environment["name"]?.scalarText ?? "environment", environment["data"] ?? .object([]),
                    environment["isPrivate"] == .bool(true)
                ))
        }
        return (roots, list)
    }

    /// v5: folders hold `children`; a request has a `url` or a `method`.
    static func version5(_ items: [JSONValue]) -> [Node] {
        items.map { item in
            let name = item["name"]?.scalarText ?? "request"
            if let children = item["children"]?.elements {
                return Node(name: name, request: item, children: version5(children), kind: "request_group")
            }
            let url = (item["url"]?.scalarText ?? "").lowercased()
            let kind =
                url.hasPrefix("ws://") || url.hasPrefix("wss://")
                ? "websocket_request" : item["protoMethodName"] != nil ? "grpc_request" : "request"
            return Node(name: name, request: item, kind: kind)
        }
    }

    /// v5: `environments` is the base, `subEnvironments` the others.
    static func environments5(_ base: JSONValue?) -> [(name: String, data: JSONValue, isPrivate: Bool)] {
        guard let base else { return [] }
        var list = [(name: "", data: base["data"] ?? .object([]), isPrivate: false)]
        for sub in base["subEnvironments"]?.elements ?? [] {
            let isPrivate = sub["isPrivate"] == .bool(true) || sub["meta"]?["isPrivate"] == .bool(true)
            list.append((sub["name"]?.scalarText ?? "environment", sub["data"] ?? .object([]), isPrivate))
        }
        return list
    }

    /// Environments as the import plan takes them: the base (named "") holds the defaults,
    /// each other one the base's values with its own over them. Nested data is flattened
    /// (`{"db": {"host": …}}` is `db.host`), templates converted.
    static func entries(
        _ environments: [(name: String, data: JSONValue, isPrivate: Bool)], converter: inout InsomniaRequest
    ) -> [ImportEnvironments.Entry] {
        let base = environments.first { $0.name.isEmpty }
        var baseVariables: [String: String] = [:]
        if let base { flatten(base.data, prefix: "", into: &baseVariables, converter: &converter) }
        var entries: [ImportEnvironments.Entry] = [
            ("", baseVariables, Set(baseVariables.keys.filter(ImportCredentials.isCredential)))
        ]
        for environment in environments where !environment.name.isEmpty {
            var variables = baseVariables
            var own: [String: String] = [:]
            flatten(environment.data, prefix: "", into: &own, converter: &converter)
            variables.merge(own) { _, new in new }
            let secrets =
                environment.isPrivate ? Set(own.keys) : Set(variables.keys.filter(ImportCredentials.isCredential))
            entries.append((environment.name, variables, secrets))
        }
        return entries
    }

    private static func flatten(
        _ value: JSONValue, prefix: String, into variables: inout [String: String], converter: inout InsomniaRequest
    ) {
        guard case .object(let members) = value else {
            if !prefix.isEmpty { variables[prefix] = converter.template(value.scalarText ?? value.serialized) }
            return
        }
        for member in members {
            flatten(
                member.value, prefix: prefix.isEmpty ? member.key : prefix + "." + member.key, into: &variables,
                converter: &converter)
        }
    }
}
