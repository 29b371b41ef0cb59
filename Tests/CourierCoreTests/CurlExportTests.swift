import Foundation
import Testing

@testable import CourierCore

@Suite("Requests exported as curl commands")
struct CurlExportTests {
    private static let quiet = [
        "--header 'User-Agent:'", "--header 'Accept:'", "--header 'Accept-Encoding: deflate, gzip'", "--compressed",
    ]

    private func lines(_ request: HTTPRequest, options: SendOptions = SendOptions(followRedirects: false)) -> [String] {
        CurlExport(secrets: []).command(for: PreparedRequest(request: request, options: options))
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }
    }

    @Test(
        "the method becomes curl's own spelling of it",
        arguments: [
            (HTTPMethod.get, nil, [String]()),
            (.head, nil, ["--head"]),
            (.post, nil, ["--request POST"]),
            (.delete, nil, ["--request DELETE"]),
            // With a body curl infers POST itself, and then follows a 303 with GET as Courier does.
            (.post, "x", ["--data-binary 'x'"]),
            (.put, "x", ["--request PUT", "--data-binary 'x'"]),
        ] as [(HTTPMethod, String?, [String])])
    func methods(method: HTTPMethod, body: String?, expected: [String]) {
        var request = HTTPRequest(method: method, url: "http://h/x", body: body.map { Array($0.utf8) })
        if body != nil { request.headers = [HeaderField("Content-Type", "text/plain")] }
        let options = lines(request).dropFirst().filter {
            !Self.quiet.contains($0) && !$0.hasPrefix("--header")
        }
        #expect(Array(options) == expected)
    }

    @Test("curl's own headers are turned off unless the request has them; a large body turns off Expect")
    func curlDefaults() {
        let plain = lines(HTTPRequest(method: .get, url: "http://h/x"))
        #expect(plain == ["curl 'http://h/x'"] + Self.quiet)
        let request = HTTPRequest(
            method: .post, url: "http://h/x",
            headers: [HeaderField("User-Agent", "courier/0.1"), HeaderField("Accept-Encoding", "identity")],
            body: Array(repeating: UInt8(ascii: "a"), count: 2000))
        let big = lines(request)
        #expect(big.contains("--header 'User-Agent: courier/0.1'") && !big.contains("--header 'User-Agent:'"))
        #expect(big.contains("--header 'Accept-Encoding: identity'"))
        #expect(!big.contains("--header 'Accept-Encoding: deflate, gzip'"))
        #expect(big.contains("--header 'Content-Type:'") && big.contains("--header 'Expect:'"))
    }

    @Test(
        "words are quoted as the shell reads them",
        arguments: [
            ("it's", #"'it'\''s'"#),
            ("$HOME `x` \"q\" \\", #"'$HOME `x` "q" \'"#),
            ("", "''"),
            ("naïve ✓", "'naïve ✓'"),
        ])
    func quoting(text: String, quoted: String) {
        #expect(ShellWord(literal: text).quoted == quoted)
    }

    @Test("secret values become shell variables named in a comment; --show-secrets writes them")
    func secrets() {
        let request = HTTPRequest(
            method: .post, url: "https://api.test/login?key=k-123",
            headers: [HeaderField("Authorization", "Bearer tok-1"), HeaderField("Content-Type", "application/json")],
            body: Array(#"{"password":"pw'1","key":"k-123"}"#.utf8))
        let secrets = [
            NamedSecret(name: "token", value: "tok-1"), NamedSecret(name: "api-key", value: "k-123"),
            NamedSecret(name: "password", value: "pw'1"), NamedSecret(name: "2fa", value: "unused"),
        ]
        let prepared = PreparedRequest(request: request)
        let hidden = CurlExport(secrets: secrets).command(for: prepared)
        for secret in secrets { #expect(!hidden.contains(secret.value)) }
        let expected = """
            # Secret values are read from shell variables; export them first: API_KEY (secret "api-key"), \
            TOKEN (secret "token"), PASSWORD (secret "password")
            curl 'https://api.test/login?key='"$API_KEY" \\
              --header 'Authorization: Bearer '"$TOKEN" \\
              --header 'Content-Type: application/json' \\
              --header 'User-Agent:' \\
              --header 'Accept:' \\
              --header 'Accept-Encoding: deflate, gzip' \\
              --compressed \\
              --location \\
              --data-binary '{"password":"'"$PASSWORD"'","key":"'"$API_KEY"'"}'

            """
        #expect(hidden == expected)
        let shown = CurlExport(secrets: secrets, showSecrets: true).command(for: prepared)
        #expect(!shown.contains("#") && shown.contains(#"'{"password":"pw'\''1","key":"k-123"}'"#))
    }

    @Test("variable names are shell names, unique; at one place the longest secret wins")
    func variableNames() {
        let word = ShellWord.splitting(
            "a-b.c1 or abc", secrets: [NamedSecret(name: "x", value: "a"), NamedSecret(name: "y", value: "abc")]
        ) { $0.name.uppercased() }
        #expect(word.parts == [.variable("X"), .literal("-b.c1 or "), .variable("Y")])
        let command = CurlExport(secrets: [
            NamedSecret(name: "a.b", value: "one"), NamedSecret(name: "a-b", value: "two"),
            NamedSecret(name: "9lives", value: "three"),
        ]).command(for: PreparedRequest(request: HTTPRequest(method: .get, url: "http://h/one/two/three")))
        #expect(command.contains(#"'http://h/'"$A_B"'/'"$A_B_2"'/'"$_9LIVES""#))
    }

    @Test("a body that is not text goes through printf byte for byte; brackets turn globbing off; TLS settings")
    func binaryAndTLS() {
        let request = HTTPRequest(
            method: .put, url: "http://[::1]:8080/x?a[]=1", headers: [HeaderField("Content-Type", "x/y")],
            body: [0, 0x41, 0x25, 0xFF, 0x31])
        let options = SendOptions(tls: TLSSettings(caFile: "/etc/ca.pem", insecure: true))
        let command = CurlExport(secrets: []).command(for: PreparedRequest(request: request, options: options))
        #expect(command.hasPrefix(#"printf '\000A\045\3771' | curl --globoff 'http://[::1]:8080/x?a[]=1'"#))
        #expect(command.contains("--insecure \\\n  --cacert '/etc/ca.pem'"))
        #expect(command.hasSuffix("--data-binary @-\n"))
    }

    /// `route` built in an environment whose only secret is `token` = `p+s/w=r&d "q\x`.
    private func built(_ route: Route) throws -> (PreparedRequest, [NamedSecret]) {
        let environment = Environment(
            name: "qa", baseURL: "http://h", variables: ["token": #"p+s/w=r&d "q\x"#], secrets: ["token"])
        let builder = RequestBuilder(workspace: Workspace(environments: [environment]), processEnvironment: [:])
        let prepared = try builder.build(route: route, environment: environment)
        let context = builder.context(environment: environment, input: RequestInput())
        return (prepared, builder.secrets(environment: environment, context: context))
    }

    @Test(
        "a credential written literally in auth becomes a shell variable; --show-secrets alone writes it",
        arguments: [
            (
                AuthSpec.basic(username: "admin", password: "hunter2!"), "--user \"$USERNAME\"':'\"$PASSWORD\"",
                "USERNAME"
            ),
            (.bearer(token: "tok-123456"), "--header 'Authorization: Bearer '\"$AUTH_TOKEN\"", "AUTH_TOKEN"),
            (
                .digest(username: "admin", password: "hunter2!"), "--digest --user \"$USERNAME\"':'\"$PASSWORD\"",
                "PASSWORD"
            ),
        ] as [(AuthSpec, String, String)])
    func literalCredentials(auth: AuthSpec, expected: String, variable: String) throws {
        var route = Route(name: "r", method: .get, path: "/x")
        route.auth = auth
        let (prepared, secrets) = try built(route)
        let command = CurlExport(secrets: secrets).command(for: prepared)
        #expect(command.contains(expected), "\(command)")
        #expect(command.hasPrefix("# Secret values are read from shell variables") && command.contains(variable))
        for value in ["hunter2!", "tok-123456", "YWRtaW46aHVudGVyMiE=", "Basic "] {
            #expect(!command.contains(value), "\(value) in \(command)")
        }
        let shown = CurlExport(secrets: secrets, showSecrets: true).command(for: prepared)
        #expect(shown.contains("hunter2!") || shown.contains("tok-123456"))
    }

    @Test("a secret that went out encoded is named as that form, never printed in it")
    func encodedSecrets() throws {
        var route = Route(name: "r", method: .post, path: "/x")
        route.query = [QueryItem("key", "{{token}}")]
        route.body = .object([JSONMember("password", .string("{{token}}"))])
        let (prepared, secrets) = try built(route)
        let command = CurlExport(secrets: secrets).command(for: prepared)
        #expect(command.contains("key='\"$TOKEN_URLENCODED\"") && command.contains("\"$TOKEN_JSON\""), "\(command)")
        #expect(command.contains("TOKEN_URLENCODED (secret \"token\", percent-encoded)"))
        for form in SecretSet.forms(of: #"p+s/w=r&d "q\x"#) {
            #expect(!command.contains(form), "\(form) in \(command)")
        }
    }

    @Test("a body_file is sent by curl from the same file, byte for byte, with its type")
    func bodyFile() throws {
        var route = Route(name: "r", method: .put, path: "/x")
        route.bodyFile = "data/rows.csv"
        route.contentType = "text/csv"
        let (prepared, secrets) = try built(route)
        let command = CurlExport(secrets: secrets).command(for: prepared)
        #expect(command.contains("--data-binary '@./data/rows.csv'"), "\(command)")
        #expect(command.contains("--header 'Content-Type: text/csv'") && !command.contains("--form"))
    }
}
