import CourierCore
import CourierImport

/// `courier import openapi`: an OpenAPI 3.0 or 3.1 document, JSON or YAML (DESIGN.md §9), or
/// a Swagger 2.0 one read as the 3.0 document it stands for (`SwaggerConversion`).
/// `servers` become environments (server variables their variables); each operation a route
/// named by its `operationId` (else method and path), with its path, query and header
/// parameters' examples or defaults, the JSON request body's example (else one built from the
/// schema's required properties) and its security as headers or query parameters reading
/// secret variables. Local `$ref`s are followed, and ones into files beside the document when
/// the caller reads them; one to a URL is an error naming it.
public struct OpenAPIImporter: Sendable {
    /// An importer.
    public init() {}

    /// The methods an operation may be under, in the order their routes are added.
    static let methods = ["get", "post", "patch", "put", "delete", "head", "options", "trace", "query"]

    /// The plan for the document `bytes` read from `fileName`; `load` reads a file beside it
    /// that a `$ref` names (a path relative to the document's folder that does not leave it),
    /// and without it such a reference is an error naming it. With `reference` (the document as
    /// the workspace names it: a path relative to its folder, or a URL), each route records its
    /// operation (`reference#operationId`, else `reference#METHOD /path`) for the contract check.
    public func plan(
        _ bytes: [UInt8], fileName: String, load: ((String) throws(ImportError) -> [UInt8])? = nil,
        reference: String? = nil
    ) throws(ImportError) -> ImportPlan {
        let document = try OpenAPIDocument.read(bytes, fileName: fileName, load: load)
        var plan = ImportPlan()
        plan.warnings = document.warnings
        plan.skipped = document.skipped
        let security = OpenAPISecurity(document: document)
        let examples = SchemaExample(document: document)

        var environments: [Environment] = []
        for (position, server) in try OpenAPIDocument.items(document.root["servers"], "\(fileName): servers")
            .enumerated()
        {
            environments.append(try Self.environment(server, place: "\(fileName): servers[\(position)]"))
        }
        if environments.isEmpty {
            plan.warnings.append("\(fileName): no servers; the environment's base URL is http://localhost")
            environments = [Environment(name: "localhost", baseURL: "http://localhost")]
        }
        var names: Set<String> = []
        for index in environments.indices {
            environments[index].name = ImportPlan.freeName(environments[index].name, taken: names.contains)
            names.insert(environments[index].name)
        }
        plan.environments = environments

        let documentSecurity = try security.requirements(
            document.root["security"], place: "\(fileName): security", warnings: &plan.warnings)
        var secrets: [String: String] = [:]
        for member in try OpenAPIDocument.members(document.root["paths"], "\(fileName): paths") {
            // `x-…` keys beside the paths are extensions, not paths.
            guard !member.key.hasPrefix("x-") else { continue }
            let item: JSONValue
            let inherited: [JSONValue]
            do throws(ImportError) {
                item = try document.resolved(member.value)
                inherited = try OpenAPIDocument.items(item["parameters"], "parameters")
            } catch {
                plan.skipped.append(ImportPlan.Skip(member.key, reason: error.message))
                continue
            }
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                do throws(ImportError) {
                    guard case .object = operation else {
                        throw ImportError("expected a mapping, found \(operation.typeDescription)")
                    }
                    var builder = OperationRoute(
                        path: member.key, method: method, operation: operation, inherited: inherited,
                        document: document, examples: examples)
                    var route = try builder.route()
                    if let reference {
                        let id = operation["operationId"]?.scalarText ?? "\(method.uppercased()) \(member.key)"
                        route.operation = reference + "#" + id
                    }
                    let requirements =
                        try operation["security"].map { value throws(ImportError) in
                            try security.requirements(
                                value, place: "\(member.key).\(method).security", warnings: &plan.warnings)
                        } ?? documentSecurity
                    for (variable, value) in try security.apply(requirements, to: &route, warnings: &plan.warnings) {
                        secrets[variable] = value
                    }
                    plan.warnings += builder.warnings
                    plan.add(route, environment: environments.first?.name)
                } catch {
                    plan.skipped.append(ImportPlan.Skip("\(method.uppercased()) \(member.key)", reason: error.message))
                }
            }
        }
        if plan.routes.isEmpty && !plan.skipped.isEmpty {
            throw ImportPlan.nothingImported(fileName, skipped: plan.skipped)
        }
        guard !plan.routes.isEmpty else { throw ImportError("\(fileName): the document has no operation") }
        // Secret variables read the process environment until the user writes them in.
        for index in plan.environments.indices {
            for (variable, value) in secrets {
                plan.environments[index].variables[variable] = value
                plan.environments[index].secrets.insert(variable)
            }
        }
        if !secrets.isEmpty {
            let list = secrets.keys.sorted().map { "\($0) (\(secrets[$0] ?? ""))" }.joined(separator: ", ")
            plan.warnings.append("credentials are read from the shell until you set them: \(list)")
        }
        return plan
    }

    /// A server as an environment: `{var}` becomes `{{var}}`, its defaults the variables.
    static func environment(_ server: JSONValue, place: String) throws(ImportError) -> Environment {
        guard var url = try OpenAPIDocument.text(server["url"], "\(place).url") else {
            throw ImportError("\(place): a server needs a url")
        }
        var variables: [String: String] = [:]
        for variable in try OpenAPIDocument.members(server["variables"], "\(place).variables") {
            url = url.replacingText("{\(variable.key)}", with: "{{\(variable.key)}}")
            variables[variable.key] = variable.value["default"]?.scalarText ?? ""
        }
        if url.hasSuffix("/") { url.removeLast() }
        // A relative server URL is relative to where the document is served, unknown here.
        if !url.contains("://") && !url.hasPrefix("{{") {
            variables["host"] = "http://localhost"
            url = "{{host}}" + (url.hasPrefix("/") ? url : "/" + url)
        }
        let filled = (try? Template.render(url, in: TemplateContext(environment: variables))) ?? url
        let description = try OpenAPIDocument.text(server["description"], "\(place).description")
        let label = description.map(ImportPlan.slug) ?? (try? ImportedURL(filled).hostName) ?? "server"
        return Environment(name: label, baseURL: url, variables: variables)
    }
}
