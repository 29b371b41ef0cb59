import CourierCore
import CourierImport

/// An operation's security requirement as what goes on the wire: `Authorization: Bearer
/// {{token}}`, `Basic {{basic_credentials}}`, an API key in a header, the query or a cookie.
/// Each variable is a secret whose value reads the shell (`${TOKEN}`) until the user sets it,
/// so no credential is invented and none is written.
struct OpenAPISecurity {
    let document: OpenAPIDocument

    /// A `security` list: each requirement's scheme names, sorted, each checked against
    /// `components.securitySchemes` (OpenAPI requires that every name is one of them).
    func requirements(_ value: JSONValue?, place: String, warnings: inout [String]) throws(ImportError) -> [[String]] {
        var requirements: [[String]] = []
        for (position, requirement) in try OpenAPIDocument.items(value, place).enumerated() {
            var names = try OpenAPIDocument.members(requirement, "\(place)[\(position)]").map(\.key).sorted()
            // Tools that read the document send such a request without that credential.
            for name in names where document.securitySchemes?[name] == nil {
                let warning = "\(place): \(name) names no security scheme in components.securitySchemes; left out"
                if !warnings.contains(warning) { warnings.append(warning) }
            }
            names.removeAll { document.securitySchemes?[$0] == nil }
            requirements.append(names)
        }
        return requirements
    }

    /// Applies the first requirement (the one a client would pick) to `route`; returns the
    /// secret variables it reads and their values.
    func apply(_ requirements: [[String]], to route: inout Route, warnings: inout [String]) throws(ImportError)
        -> [String: String]
    {
        guard let requirement = requirements.first else { return [:] }
        var secrets: [String: String] = [:]
        for name in requirement {
            let place = "components.securitySchemes.\(name)"
            let scheme: JSONValue
            do throws(ImportError) {
                scheme = try document.resolved(document.securitySchemes?[name] ?? .null)
            } catch {
                throw ImportError("\(place): \(error.message)")
            }
            func secret(_ preferred: String) -> String {
                let variable = ImportCredentials.variableName(preferred)
                secrets[variable] = "${\(variable.uppercased())}"
                return "{{\(variable)}}"
            }
            switch try OpenAPIDocument.text(scheme["type"], "\(place).type") {
            case "apiKey":
                guard let parameter = try OpenAPIDocument.text(scheme["name"], "\(place).name"),
                    let location = try OpenAPIDocument.text(scheme["in"], "\(place).in")
                else { throw ImportError("\(place): an apiKey scheme needs a name and where it goes (in)") }
                let value = secret(parameter)
                switch location {
                case "header": route.headers.append(HeaderField(parameter, value))
                case "query": route.query.append(QueryItem(parameter, value))
                case "cookie": route.headers.append(HeaderField("Cookie", "\(parameter)=\(value)"))
                default: throw ImportError("\(place).in: expected header, query or cookie, found \(location)")
                }
            case "http":
                let kind = try OpenAPIDocument.text(scheme["scheme"], "\(place).scheme") ?? ""
                switch kind.lowercased() {
                case "basic": route.headers.append(HeaderField("Authorization", "Basic " + secret("basic_credentials")))
                case "bearer": route.headers.append(HeaderField("Authorization", "Bearer " + secret("token")))
                default:
                    warnings.append("\(route.name): HTTP '\(kind)' authentication is not imported")
                }
            case "oauth2", "openIdConnect":
                route.headers.append(HeaderField("Authorization", "Bearer " + secret("token")))
            case "mutualTLS":
                warnings.append("\(route.name): mutual TLS is set per environment (tls), not imported")
            case let other:
                warnings.append("\(route.name): the security scheme type \(other ?? "(none)") is not imported")
            }
        }
        return secrets
    }
}
