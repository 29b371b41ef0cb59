import CourierCore
import Foundation
import OpenAPIKit

/// `courier import openapi`: an OpenAPI 3.0 or 3.1 document, JSON or YAML (DESIGN.md §9).
/// `servers` become environments (server variables their variables); each operation a route
/// named by its `operationId` (else method and path), with its path, query and header
/// parameters' examples or defaults, the JSON request body's example (else one built from the
/// schema's required properties) and its security as headers or query parameters reading
/// secret variables. Local `$ref`s are followed; an external one is an error naming it.
public struct OpenAPIImporter: Sendable {
    /// An importer.
    public init() {}

    /// The plan for the document `bytes` read from `fileName`.
    public func plan(_ bytes: [UInt8], fileName: String) throws(ImportError) -> ImportPlan {
        let document = try OpenAPIDocumentReader.read(bytes, fileName: fileName)
        var plan = ImportPlan()
        let security = OpenAPISecurity(document: document)
        let examples = SchemaExample(components: document.components)

        var environments = document.servers.map(Self.environment)
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

        var secrets: [String: String] = [:]
        for (path, item) in document.paths {
            let place = "\(fileName): paths.\(path.rawValue)"
            let pathItem: OpenAPI.PathItem
            do {
                pathItem = try document.components.lookup(item)
            } catch {
                throw ImportError("\(place): \(OpenAPIDocumentReader.oneLine(Self.describe(error)))")
            }
            for endpoint in pathItem.endpoints {
                var builder = OperationRoute(
                    path: path.rawValue, method: endpoint.method.rawValue, operation: endpoint.operation,
                    inherited: pathItem.parameters, components: document.components, examples: examples)
                do {
                    var route = try builder.route()
                    let requirements = endpoint.operation.security ?? document.security
                    for (variable, value) in security.apply(requirements, to: &route, warnings: &plan.warnings) {
                        secrets[variable] = value
                    }
                    plan.warnings += builder.warnings
                    plan.add(route, environment: environments.first?.name)
                } catch let error as ImportError {
                    throw ImportError("\(place).\(endpoint.method.rawValue.lowercased()): \(error.message)")
                } catch {
                    throw ImportError(
                        "\(place).\(endpoint.method.rawValue.lowercased()): \(OpenAPIDocumentReader.oneLine(Self.describe(error)))"
                    )
                }
            }
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
    static func environment(_ server: OpenAPI.Server) -> Environment {
        var url = server.urlTemplate.rawValue
        for name in server.variables.keys { url = url.replacingOccurrences(of: "{\(name)}", with: "{{\(name)}}") }
        if url.hasSuffix("/") { url.removeLast() }
        var variables: [String: String] = [:]
        for (name, variable) in server.variables { variables[name] = variable.default }
        // A relative server URL is relative to where the document is served, unknown here.
        if !url.contains("://") && !url.hasPrefix("{{") {
            variables["host"] = "http://localhost"
            url = "{{host}}" + (url.hasPrefix("/") ? url : "/" + url)
        }
        let filled = (try? Template.render(url, in: TemplateContext(environment: variables))) ?? url
        let label = server.description.map(ImportPlan.slug) ?? (try? ImportedURL(filled).hostName) ?? "server"
        return Environment(name: label, baseURL: url, variables: variables)
    }

    static func describe(_ error: any Error) -> String {
        OpenAPI.Error(from: error).localizedDescription
    }
}
