/// A prepared request as one runnable curl command (DESIGN.md §9), which puts on the wire the
/// same method, URL, headers and body as Courier's engine does.
///
/// curl adds headers of its own (`User-Agent`, `Accept`, `Expect`, a form `Content-Type`);
/// the command turns off each one the request does not carry, and asks for the
/// `Accept-Encoding` the engine sends (`SendOptions.acceptEncoding`), with `--compressed` so
/// curl decodes the reply. Secret values and the auth's credentials (whether or not a secret
/// variable holds them) become shell variables named in a comment above the command, unless
/// `showSecrets` asks for them literally; a value that went out encoded (percent, form, JSON,
/// base64) is named as that form (`TOKEN_URLENCODED`), so no form of it is printed.
public struct CurlExport: Sendable {
    /// The secrets to keep out of the command.
    public var secrets: [NamedSecret]
    /// Write secret values literally instead of as variables.
    public var showSecrets: Bool

    /// An exporter hiding `secrets` (none hidden when `showSecrets`).
    public init(secrets: [NamedSecret], showSecrets: Bool = false) {
        self.secrets = secrets
        self.showSecrets = showSecrets
    }

    /// The command: a comment naming the variables it reads, if any, then `curl` with one
    /// option per line, joined by ` \` continuations.
    @_optimize(size) public func command(for prepared: PreparedRequest) -> String {
        var request = prepared.request
        var names = VariableNames()
        // A credential a secret variable already holds keeps that variable's name; one whose
        // field name a secret variable already uses is `auth_…`.
        let credentials = prepared.credentials.compactMap { credential -> NamedSecret? in
            guard !secrets.contains(where: { $0.value == credential.value }) else { return nil }
            let taken = secrets.contains { $0.name == credential.name }
            return NamedSecret(name: taken ? "auth_" + credential.name : credential.name, value: credential.value)
        }
        let hidden = showSecrets ? [] : Self.forms(secrets + credentials)
        func word(_ text: String) -> ShellWord {
            ShellWord.splitting(text, secrets: hidden.map(\.secret)) { secret in
                let form = hidden.first { $0.secret == secret }
                return names.name(for: form?.variable ?? secret.name, form: form?.form)
            }
        }
        // Basic and Digest credentials as curl's `--user`, so they can be named, not base64.
        var user: String?
        let username = prepared.credentials.first { $0.name == "username" }?.value
        let password = prepared.credentials.first { $0.name == "password" }?.value
        if let username, let password {
            let basic = "Basic " + Base64.encode(Array("\(username):\(password)".utf8))
            if case .digest? = prepared.auth {
                user = "--digest --user " + word("\(username):\(password)").quoted
            } else if request.headers.value(for: "Authorization") == basic {
                request.headers.removeAll { $0.name.lowercased() == "authorization" }
                user = "--user " + word("\(username):\(password)").quoted
            }
        }

        var lines: [String] = []
        let url = word(request.url)
        // `[]{}` are curl's URL globbing; a literal bracket (an IPv6 host, a query) must stay one.
        let globs = request.url.contains { "[]{}".contains($0) }
        lines.append("curl " + (globs ? "--globoff " : "") + url.quoted)

        let body = request.body
        switch (request.method, body) {
        case (.head, nil): lines.append("--head")
        case (.get, nil): break
        // With a body curl infers POST, and keeps curl's own redirect rules for it (303 → GET);
        // `-F` implies POST in the same way.
        case (.post, .some): break
        default: lines.append("--request \(request.method.rawValue)")
        }
        for field in request.headers {
            // curl writes a multipart type itself, with its own boundary.
            let isForm = request.multipart.map { !$0.isRawFile } ?? false
            if isForm && field.name.lowercased() == "content-type" { continue }
            // `Name:` would remove the header; curl sends an empty one as `Name;`.
            let header = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            lines.append("--header " + word(header).quoted)
        }
        for (name, value) in curlDefaults(request) where request.headers.value(for: name) == nil {
            lines.append("--header " + ShellWord.singleQuoted(value.map { "\(name): \($0)" } ?? "\(name):"))
        }
        if let user { lines.append(user) }
        lines.append("--compressed")
        if prepared.options.followRedirects { lines.append("--location") }
        if prepared.options.tls.insecure { lines.append("--insecure") }
        if let caFile = prepared.options.tls.caFile { lines.append("--cacert " + ShellWord.singleQuoted(caFile)) }

        var prefix = ""
        if let multipart = request.multipart, multipart.isRawFile,
            case .file(let path)? = multipart.parts.first?.content
        {
            lines.append("--data-binary " + ShellWord.singleQuoted("@" + path))
        } else if let multipart = request.multipart {
            lines += multipart.parts.map { formArgument($0, word: word) }
        } else if let body {
            if let text = String(validating: body, as: UTF8.self), !body.contains(0) {
                lines.append("--data-binary " + word(text).quoted)
            } else {
                prefix = printfPipe(body) + " | "
                lines.append("--data-binary @-")
            }
        }
        var out = names.comment
        out += prefix + lines.joined(separator: " \\\n  ") + "\n"
        return out
    }

    /// The headers curl would add on its own, and the value to send instead (nil: none).
    @_optimize(size) private func curlDefaults(_ request: HTTPRequest) -> [(String, String?)] {
        var defaults: [(String, String?)] = [
            ("User-Agent", nil), ("Accept", nil), ("Accept-Encoding", SendOptions.acceptEncoding),
        ]
        if request.multipart != nil {
            defaults.append(("Expect", nil))
        } else if let body = request.body {
            defaults.append(("Content-Type", nil))
            if body.count > 1024 { defaults.append(("Expect", nil)) }
        } else if ![.get, .head, .delete, .trace, "CONNECT"].contains(request.method) {
            // AsyncHTTPClient states an empty body for a method whose body has meaning
            // (RFC 9110 §8.6); curl sends no length at all unless told.
            defaults.append(("Content-Length", "0"))
        }
        return defaults
    }

    /// One `-F` (or `--form-string`, which reads no `@`, `<` or `;` in the value) for `part`.
    @_optimize(size) private func formArgument(_ part: MultipartBody.Part, word: (String) -> ShellWord) -> String {
        switch part.content {
        case .value(let value) where part.contentType == nil:
            return "--form-string " + word("\(part.name)=\(value)").quoted
        case .value(let value):
            return "--form " + word("\(part.name)=\(Self.curlQuoted(value));type=\(part.contentType ?? "")").quoted
        case .file(let path):
            // No file name: a plain field read from the file (`"as_field"`), curl's `<`.
            var spec = "\(part.name)=\(part.fileName == nil ? "<" : "@")\(Self.curlQuoted(path))"
            if let type = part.contentType { spec += ";type=\(type)" }
            if let name = part.fileName { spec += ";filename=\(Self.curlQuoted(name))" }
            return "--form " + word(spec).quoted
        }
    }

    /// A `-F` value in curl's own double quotes, where only `\\` and `"` are escaped.
    @_optimize(size) private static func curlQuoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\\" || character == "\"" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    /// `printf 'FORMAT'` writing `bytes` exactly (NUL included), for a body no shell string holds.
    @_optimize(size) private func printfPipe(_ bytes: [UInt8]) -> String {
        var format = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                format.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                format += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return "printf '\(format)'"
    }

    /// One form of a secret that the command may hold: the value as encoded, the variable it
    /// belongs to, and which encoding (nil: as written).
    private struct HiddenForm {
        var secret: NamedSecret
        var variable: String
        var form: String?
    }

    /// Each secret as written, then each encoding that differs from it (longest wins where
    /// two start at one place, so the encoded value is named whole).
    @_optimize(size) private static func forms(_ secrets: [NamedSecret]) -> [HiddenForm] {
        var forms: [HiddenForm] = []
        for secret in secrets where !secret.value.isEmpty {
            forms.append(HiddenForm(secret: secret, variable: secret.name, form: nil))
            let value = secret.value
            let encodings: [(String, String)] = [
                ("urlencoded", PercentEncoding.queryComponent(value)), ("path", PercentEncoding.pathSegment(value)),
                ("form", PercentEncoding.formComponent(value)),
                ("json", String(JSONString.encode(value).dropFirst().dropLast())),
                ("base64", Base64.encode(Array(value.utf8))),
            ]
            for (form, encoded) in encodings where !forms.contains(where: { $0.secret.value == encoded }) {
                forms.append(
                    HiddenForm(
                        secret: NamedSecret(name: secret.name, value: encoded), variable: secret.name, form: form))
            }
        }
        return forms
    }

    /// Shell variable names for secret variables: letters, digits and `_`, upper case, unique.
    private struct VariableNames {
        private(set) var chosen: [(variable: String, form: String?, shell: String)] = []

        mutating func name(for variable: String, form: String? = nil) -> String {
            if let known = chosen.first(where: { $0.variable == variable && $0.form == form }) { return known.shell }
            let spelled = form.map { "\(variable)_\($0)" } ?? variable
            var base = String(
                spelled.uppercased().unicodeScalars.map { scalar -> Character in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
                        ? Character(scalar) : "_"
                })
            if base.isEmpty || base.first?.isNumber == true { base = "_" + base }
            var shell = base
            var suffix = 2
            while chosen.contains(where: { $0.shell == shell }) {
                shell = "\(base)_\(suffix)"
                suffix += 1
            }
            chosen.append((variable, form, shell))
            return shell
        }

        /// `# Secrets are read from the shell: export TOKEN (secret "token") first.`, or nothing.
        var comment: String {
            guard !chosen.isEmpty else { return "" }
            let list = chosen.map { choice in
                let form = choice.form.map { ", \(Self.describe($0))" } ?? ""
                return "\(choice.shell) (secret \"\(choice.variable)\"\(form))"
            }.joined(separator: ", ")
            return "# Secret values are read from shell variables; export them first: \(list)\n"
        }

        private static func describe(_ form: String) -> String {
            switch form {
            case "urlencoded": return "percent-encoded"
            case "path": return "percent-encoded for a path"
            case "form": return "form-encoded"
            case "json": return "JSON-escaped"
            default: return form
            }
        }
    }
}
