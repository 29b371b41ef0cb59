import CourierCore

/// Auth from a client's export (Insomnia, Bruno) as a route sends it: basic and bearer as
/// headers (literal credentials become secret variables when the plan is assembled), an API
/// key where it goes, digest and OAuth2 as Courier's own auth, their literal secrets moved into
/// secret variables here, so no credential is written in a route.
struct ImportAuth {
    /// Secret variables made of literal credentials, for every environment.
    private(set) var secrets: [String: String] = [:]

    /// HTTP Basic: a header when literal, Courier's basic auth over variables when templated.
    mutating func basic(username: String, password: String, to route: inout Route) {
        if username.contains("{{") || password.contains("{{") || password.contains("${") {
            route.auth = .basic(username: username, password: password)
        } else {
            set(
                HeaderField("Authorization", "Basic " + Base64.encode(Array("\(username):\(password)".utf8))),
                on: &route)
        }
    }

    /// `Authorization: PREFIX TOKEN`.
    func bearer(_ token: String, prefix: String = "Bearer", to route: inout Route) {
        set(HeaderField("Authorization", "\(prefix) \(token)"), on: &route)
    }

    /// An API key in a header (the default), the query or a cookie.
    func apiKey(_ key: String, value: String, in place: String?, to route: inout Route) {
        let name = key.isEmpty ? "X-API-Key" : key
        switch place?.lowercased() {
        case "query", "queryparams": route.query.append(QueryItem(name, value))
        case "cookie": route.headers.append(HeaderField("Cookie", "\(name)=\(value)"))
        default: set(HeaderField(name, value), on: &route)
        }
    }

    /// The auth's header in place of one the request names itself: the auth wins, as in the
    /// clients it comes from.
    private func set(_ field: HeaderField, on route: inout Route) {
        route.headers = route.headers.merging([field])
    }

    mutating func digest(username: String, password: String, to route: inout Route) {
        route.auth = .digest(username: username, password: secret(password, as: "password"))
    }

    /// OAuth2's client credentials and password grants; nil (nothing set) for another grant.
    mutating func oauth2(
        grant: String, tokenURL: String, clientID: String, clientSecret: String, scope: String,
        username: String, password: String, to route: inout Route
    ) -> Bool {
        let grants = ["client_credentials": OAuth2Spec.Grant.clientCredentials, "password": .password]
        guard let kind = grants[grant] else { return false }
        var spec = OAuth2Spec(
            grant: kind, tokenURL: tokenURL, clientID: clientID,
            clientSecret: secret(clientSecret, as: "client_secret"))
        if !scope.isEmpty { spec.scope = scope }
        if kind == .password {
            spec.username = username
            spec.password = secret(password, as: "password")
        }
        route.auth = .oauth2(spec)
        return true
    }

    /// A literal credential as a secret variable (`{{password}}`); a template stays.
    mutating func secret(_ value: String, as name: String) -> String {
        guard !value.isEmpty, !value.contains("{{"), !value.contains("${") else { return value }
        var variable = name
        var number = 2
        while let taken = secrets[variable], taken != value {
            variable = "\(name)_\(number)"
            number += 1
        }
        secrets[variable] = value
        return "{{\(variable)}}"
    }

    /// The secrets added to each of `entries`.
    func add(to entries: inout [ImportEnvironments.Entry]) {
        for (name, value) in secrets {
            for index in entries.indices {
                entries[index].variables[name] = value
                entries[index].secrets.insert(name)
            }
        }
    }
}
