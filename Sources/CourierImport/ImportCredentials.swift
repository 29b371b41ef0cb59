import CourierCore

/// Moves credentials out of imported headers and query parameters into secret variables of
/// the environment (DESIGN.md §9): the route keeps `Authorization: Bearer {{token}}`, the
/// environment holds `token` and lists it in `secrets`. The scheme word of an
/// `Authorization` value stays literal, so the route still says how it authenticates.
public enum ImportCredentials {
    /// Header and query names that carry a credential, compared in lower case, by part.
    static let markers = ["auth", "token", "key", "secret", "password", "passwd", "session", "cookie", "credential"]

    /// Whether a header or query parameter called `name` carries a credential.
    public static func isCredential(_ name: String) -> Bool {
        let lower = name.lowercased()
        // `Accept-Keys`-like false friends are rare; `keep-alive` is the one common one.
        if lower == "keep-alive" || lower == "cache-control" { return false }
        return markers.contains { lower.contains($0) }
    }

    /// `headers` with each credential's value replaced by a variable stored in `plan`'s
    /// environment `environment`.
    public static func headers(_ headers: [HeaderField], plan: inout ImportPlan, environment: String)
        -> [HeaderField]
    {
        headers.map { field in
            // A value that already reads a variable (`Bearer {{token}}`) is left as it is.
            guard isCredential(field.name), !field.value.isEmpty, !field.value.contains("{{") else { return field }
            let lower = field.name.lowercased()
            if lower == "authorization" || lower == "proxy-authorization",
                let space = field.value.firstIndex(of: " ")
            {
                let scheme = String(field.value[..<space])
                let credential = String(field.value[field.value.index(after: space)...])
                let preferred: String
                switch scheme.lowercased() {
                case "bearer": preferred = "token"
                case "basic": preferred = "basic_credentials"
                default: preferred = variableName(field.name)
                }
                let name = plan.secret(credential, preferred: preferred, environment: environment)
                return HeaderField(field.name, "\(scheme) {{\(name)}}")
            }
            let name = plan.secret(field.value, preferred: variableName(field.name), environment: environment)
            return HeaderField(field.name, "{{\(name)}}")
        }
    }

    /// `items` with each credential's value replaced by a variable, as for headers.
    public static func query(_ items: [QueryItem], plan: inout ImportPlan, environment: String) -> [QueryItem] {
        items.map { item in
            guard isCredential(item.name), !item.value.isEmpty, !item.value.contains("{{") else { return item }
            let name = plan.secret(item.value, preferred: variableName(item.name), environment: environment)
            return QueryItem(item.name, "{{\(name)}}")
        }
    }

    /// Applies `headers` and `query` to every place a route holds credentials: headers, query,
    /// form fields, text parts and the top-level string fields of a JSON object body
    /// (`"password": "…"`).
    public static func route(_ route: inout Route, plan: inout ImportPlan, environment: String) {
        route.query = query(route.query, plan: &plan, environment: environment)
        route.headers = headers(route.headers, plan: &plan, environment: environment)
        if let form = route.form { route.form = query(form, plan: &plan, environment: environment) }
        if let parts = route.multipart {
            route.multipart = parts.map { part in
                guard case .value(let text) = part.content else { return part }
                var part = part
                let item = query([QueryItem(part.name, text)], plan: &plan, environment: environment)
                part.content = .value(item.first?.value ?? text)
                return part
            }
        }
        if case .object(let members)? = route.body {
            route.body = .object(
                members.map { member in
                    guard case .string(let text) = member.value else { return member }
                    let item = query([QueryItem(member.key, text)], plan: &plan, environment: environment)
                    return JSONMember(member.key, .string(item.first?.value ?? text))
                })
        }
    }

    /// A variable name from a header or parameter name: `X-API-Key` → `x_api_key`.
    public static func variableName(_ name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            out.unicodeScalars.append(keep ? scalar : "_")
        }
        return out.isEmpty ? "secret" : out
    }
}
