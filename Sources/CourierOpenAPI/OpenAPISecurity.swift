import CourierCore
import OpenAPIKit

/// An operation's security requirement as what goes on the wire: `Authorization: Bearer
/// {{token}}`, `Basic {{basic_credentials}}`, an API key in a header, the query or a cookie.
/// Each variable is a secret whose value reads the shell (`${TOKEN}`) until the user sets it,
/// so no credential is invented and none is written.
struct OpenAPISecurity {
    let document: OpenAPI.Document

    /// Applies the first requirement (the one a client would pick) to `route`; returns the
    /// secret variables it reads and their values.
    func apply(_ requirements: [OpenAPI.SecurityRequirement], to route: inout Route, warnings: inout [String])
        -> [String: String]
    {
        guard let requirement = requirements.first else { return [:] }
        var secrets: [String: String] = [:]
        for reference in requirement.keys.sorted(by: { $0.absoluteString < $1.absoluteString }) {
            guard let scheme = document.components[reference] else {
                warnings.append("\(route.name): the security scheme \(reference.absoluteString) is not defined")
                continue
            }
            func secret(_ preferred: String) -> String {
                let variable = ImportCredentials.variableName(preferred)
                secrets[variable] = "${\(variable.uppercased())}"
                return "{{\(variable)}}"
            }
            switch scheme.type {
            case .apiKey(let parameter, let location):
                let value = secret(parameter)
                switch location {
                case .header: route.headers.append(HeaderField(parameter, value))
                case .query: route.query.append(QueryItem(parameter, value))
                case .cookie: route.headers.append(HeaderField("Cookie", "\(parameter)=\(value)"))
                }
            case .http(let kind, _):
                switch kind.lowercased() {
                case "basic": route.headers.append(HeaderField("Authorization", "Basic " + secret("basic_credentials")))
                case "bearer": route.headers.append(HeaderField("Authorization", "Bearer " + secret("token")))
                default:
                    warnings.append("\(route.name): HTTP '\(kind)' authentication is not imported")
                }
            case .oauth2, .openIdConnect:
                route.headers.append(HeaderField("Authorization", "Bearer " + secret("token")))
            case .mutualTLS:
                warnings.append("\(route.name): mutual TLS is set per environment (tls), not imported")
            }
        }
        return secrets
    }
}
