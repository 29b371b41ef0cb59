#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The transport settings of a built request (DESIGN.md §10): TLS files resolved against the
/// workspace's folder, the proxy rules, and the authentication that applies.
extension RequestBuilder {
    /// The environment's TLS settings with relative paths made absolute.
    func tls(_ environment: Environment) -> TLSSettings {
        var tls = environment.tls
        func absolute(_ path: String?) -> String? {
            guard let path, !path.hasPrefix("/") else { return path }
            return PathText.joined(workspace.baseDirectory, path)
        }
        tls.caFile = absolute(tls.caFile)
        tls.certFile = absolute(tls.certFile)
        tls.keyFile = absolute(tls.keyFile)
        return tls
    }

    /// Every environment's resolved base URL, for catching a redirect into a protected one;
    /// empty when no environment is protected. One that does not resolve is left out (a
    /// redirect cannot be placed in it, but the request could not have been built for it either).
    func protectedGuard(input: RequestInput) -> ProtectedGuard {
        guard workspace.environments.contains(where: \.isProtected) else { return ProtectedGuard() }
        let entries = workspace.environments.compactMap { environment -> ProtectedGuard.Entry? in
            let context = context(environment: environment, input: input)
            guard let base = try? Template.render(environment.baseURL, in: context) else { return nil }
            return ProtectedGuard.Entry(name: environment.name, baseURL: base, isProtected: environment.isProtected)
        }
        return ProtectedGuard(entries: entries)
    }

    /// The password of `url`'s userinfo (`http://user:pw@host`) and `user:pw`, whose base64 is
    /// the Basic credential made from it; empty when the URL has none.
    static func userinfoSecrets(_ url: String) -> [String] {
        // Without an `@` there is no userinfo, and no URL to parse (most requests).
        guard url.utf8.contains(UInt8(ascii: "@")), let userinfo = URLParts(url)?.userinfo else { return [] }
        guard let colon = userinfo.firstIndex(of: ":") else { return [] }
        let password = String(userinfo[userinfo.index(after: colon)...])
        guard !password.isEmpty else { return [] }
        let decoded = PercentEncoding.decoded(password) ?? password
        let user = PercentEncoding.decoded(String(userinfo[..<colon])) ?? String(userinfo[..<colon])
        return [password, decoded, user + ":" + decoded]
    }

    /// The auth that applies to `route` in `environment`: the route's own, else the
    /// environment's; `none` turns it off.
    public func authSpec(route: Route, environment: Environment) -> AuthSpec? {
        switch route.auth ?? environment.auth {
        case .none?, nil: return nil
        case let spec?: return spec
        }
    }

    /// `true` when an `Authorization` header written at the auth's own level or a more
    /// specific one (the route's headers, the user's) overrides the auth; the environment's
    /// header gives way to a route's auth, the workspace's to any auth.
    public func authorizationHeaderWins(route: Route, environment: Environment, inputHeaders: [HeaderField]) -> Bool {
        func names(_ fields: [HeaderField]) -> Bool { fields.contains { $0.name.lowercased() == "authorization" } }
        if names(inputHeaders) || names(route.headers) { return true }
        return route.auth == nil && names(environment.headers)
    }

    /// Applies the auth to `prepared`: basic and bearer become the `Authorization` header,
    /// digest and OAuth2 are left to the engine. When `headerWins` (an `Authorization` header
    /// written at the auth's own level or a more specific one) the header stays and the auth
    /// does nothing; otherwise a less specific header gives way. Every credential joins the
    /// values masked wherever the request is shown.
    func applyAuth(
        _ spec: AuthSpec?, to prepared: inout PreparedRequest, in context: TemplateContext, headerWins: Bool
    ) throws(RequestError) {
        guard let spec, !headerWins else { return }
        func render(_ text: String) throws(RequestError) -> String { try Template.render(text, in: context) }
        prepared.request.headers.removeAll { $0.name.lowercased() == "authorization" }
        var secrets: [String] = []
        switch spec {
        case .none:
            return
        case .basic(let username, let password):
            let (user, pass) = (try render(username), try render(password))
            let credentials = Base64.encode(Array("\(user):\(pass)".utf8))
            secrets += [pass, "\(user):\(pass)", credentials]
            prepared.credentials = [
                NamedSecret(name: "username", value: user), NamedSecret(name: "password", value: pass),
            ]
            prepared.request.headers.append(HeaderField("Authorization", "Basic " + credentials))
        case .bearer(let token):
            let value = try render(token)
            secrets.append(value)
            prepared.credentials = [NamedSecret(name: "token", value: value)]
            prepared.request.headers.append(HeaderField("Authorization", "Bearer " + value))
        case .digest(let username, let password):
            let pass = try render(password)
            let user = try render(username)
            secrets += [pass, "\(user):\(pass)"]
            prepared.credentials = [
                NamedSecret(name: "username", value: user), NamedSecret(name: "password", value: pass),
            ]
            prepared.auth = .digest(username: user, password: pass)
        case .oauth2(let settings):
            var resolved = settings
            resolved.tokenURL = try render(settings.tokenURL)
            resolved.clientID = try render(settings.clientID)
            resolved.clientSecret = try render(settings.clientSecret)
            resolved.scope = try settings.scope.map(render)
            resolved.username = try settings.username.map(render)
            resolved.password = try settings.password.map(render)
            secrets += [resolved.clientSecret, resolved.password ?? ""]
            prepared.auth = .oauth2(resolved)
        }
        prepared.origin.secretValues += secrets.filter { !$0.isEmpty && !prepared.origin.secretValues.contains($0) }
    }
}
