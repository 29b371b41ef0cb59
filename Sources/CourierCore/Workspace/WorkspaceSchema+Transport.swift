/// The transport keys of an environment or route (DESIGN.md §10): `tls`, `auth`, `proxy`.
extension WorkspaceSchema {
    /// `{"ca_file", "insecure", "cert_file", "key_file"}`; a certificate needs its key.
    func tls(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> TLSSettings {
        var settings = TLSSettings()
        for member in try reader.members(value, path, allowed: ["ca_file", "insecure", "cert_file", "key_file"]) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "ca_file": settings.caFile = try reader.string(member.value, keyPath)
            case "insecure": settings.insecure = try reader.bool(member.value, keyPath)
            case "cert_file": settings.certFile = try reader.string(member.value, keyPath)
            case "key_file": settings.keyFile = try reader.string(member.value, keyPath)
            default: break
            }
        }
        if (settings.certFile == nil) != (settings.keyFile == nil) {
            let missing = settings.certFile == nil ? "cert_file" : "key_file"
            throw reader.fail(
                reader.join(path, missing), "is required with \(missing == "cert_file" ? "key_file" : "cert_file")")
        }
        return settings
    }

    /// `{"type": "none" | "basic" | "bearer" | "digest" | "oauth2", …}`.
    func auth(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> AuthSpec {
        let keys = [
            "type", "username", "password", "token", "grant", "token_url", "client_id", "client_secret", "scope",
        ]
        var fields: [String: String] = [:]
        for member in try reader.members(value, path, allowed: keys) {
            fields[member.key] = try reader.string(member.value, reader.join(path, member.key))
        }
        func field(_ key: String) throws(WorkspaceError) -> String {
            guard let value = fields[key] else { throw reader.fail(reader.join(path, key), "is required") }
            return value
        }
        func only(_ allowed: Set<String>) throws(WorkspaceError) {
            let type = fields["type"] ?? ""
            for key in fields.keys.sorted() where key != "type" && !allowed.contains(key) {
                throw reader.fail(reader.join(path, key), "does not apply to \(type) auth")
            }
        }
        switch try field("type") {
        case "none":
            try only([])
            return .none
        case "basic":
            try only(["username", "password"])
            return .basic(username: try field("username"), password: fields["password"] ?? "")
        case "bearer":
            try only(["token"])
            return .bearer(token: try field("token"))
        case "digest":
            try only(["username", "password"])
            return .digest(username: try field("username"), password: fields["password"] ?? "")
        case "oauth2":
            try only(["grant", "token_url", "client_id", "client_secret", "scope", "username", "password"])
            let grantName = try field("grant")
            guard let grant = OAuth2Spec.Grant(rawValue: grantName) else {
                throw reader.fail(
                    reader.join(path, "grant"), "unknown grant '\(grantName)' (expected client_credentials or password)"
                )
            }
            var spec = OAuth2Spec(
                grant: grant, tokenURL: try field("token_url"), clientID: try field("client_id"),
                clientSecret: fields["client_secret"] ?? "", scope: fields["scope"])
            if grant == .password {
                spec.username = try field("username")
                spec.password = fields["password"] ?? ""
            } else if fields["username"] != nil || fields["password"] != nil {
                throw reader.fail(
                    reader.join(path, fields["username"] != nil ? "username" : "password"),
                    "applies to the password grant only")
            }
            return .oauth2(spec)
        case let other:
            throw reader.fail(
                reader.join(path, "type"),
                "unknown auth type '\(other)' (expected none, basic, bearer, digest or oauth2)")
        }
    }

    /// A proxy URL (`http://`, `https://`, `socks5://`, `socks5h://`, with `user:pass@` if
    /// needed), or `""` for none.
    func proxy(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> String {
        let text = try reader.string(value, path)
        guard text.isEmpty || ProxySetting.parse(text) != nil else {
            throw reader.fail(
                path, "expected a proxy URL like http://host:3128 or socks5://host:1080, or \"\" for none")
        }
        return text
    }
}
