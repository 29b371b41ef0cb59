import Testing

@testable import CourierCore

/// `WWW-Authenticate` parsing and the choice of a Digest challenge (RFC 7616).
@Suite("Authentication challenges")
struct AuthChallengeTests {
    static let headers: [([String], [AuthChallenge])] = [
        (
            [#"Digest realm="r", qop="auth,auth-int", nonce="abc", opaque="o""#],
            [
                AuthChallenge(
                    scheme: "digest", parameters: ["realm": "r", "qop": "auth,auth-int", "nonce": "abc", "opaque": "o"])
            ]
        ),
        (
            [#"Basic realm="simple", Digest realm="x", algorithm=SHA-256, nonce="n""#],
            [
                AuthChallenge(scheme: "basic", parameters: ["realm": "simple"]),
                AuthChallenge(scheme: "digest", parameters: ["realm": "x", "algorithm": "SHA-256", "nonce": "n"]),
            ]
        ),
        (
            ["Bearer", "Digest nonce=\"a\\\"b\""],
            [AuthChallenge(scheme: "bearer"), AuthChallenge(scheme: "digest", parameters: ["nonce": "a\"b"])]
        ),
        (
            ["Negotiate abc123==, Digest nonce=n"],
            [AuthChallenge(scheme: "negotiate"), AuthChallenge(scheme: "digest", parameters: ["nonce": "n"])]
        ),
        (["DIGEST NONCE=\"unclosed"], [AuthChallenge(scheme: "digest", parameters: ["nonce": "unclosed"])]),
        ([""], []),
        ([", ,"], []),
        (["=\"x\""], []),
    ]

    @Test("challenges and their parameters, several in one header, odd ones skipped", arguments: headers)
    func parse(_ values: [String], _ expected: [AuthChallenge]) {
        #expect(AuthChallenge.parse(values) == expected)
    }

    static let choices: [(String, DigestAuthorization.Algorithm?, String?)] = [
        (#"Digest realm="r", nonce="n""#, .md5, nil),
        (#"Digest realm="r", nonce="n", qop="auth""#, .md5, "auth"),
        (
            #"Digest nonce="a", algorithm=MD5, qop="auth", Digest nonce="b", algorithm=SHA-256, qop="auth""#, .sha256,
            "auth"
        ),
        (#"Digest nonce="a", algorithm=MD5-sess, qop="auth""#, .md5Session, "auth"),
        (#"Digest nonce="a", algorithm=SHA-512-256, qop="auth""#, nil, nil),
        (#"Digest nonce="a", qop="auth-int""#, nil, nil),
        (#"Basic realm="r""#, nil, nil),
    ]

    @Test("the strongest answerable Digest challenge is chosen; others are refused by name", arguments: choices)
    func choose(_ header: String, _ algorithm: DigestAuthorization.Algorithm?, _ qop: String?) {
        let chosen = try? DigestAuthorization(challenges: AuthChallenge.parse([header]))
        #expect(chosen?.algorithm == algorithm)
        #expect(chosen?.qop == qop)
    }

    @Test("refusals say what is missing")
    func refusals() {
        #expect(throws: DigestAuthorization.Failure.unsupported("algorithm SHA-512-256")) {
            try DigestAuthorization(challenges: AuthChallenge.parse([#"Digest nonce="a", algorithm=SHA-512-256"#]))
        }
        #expect(throws: DigestAuthorization.Failure.noDigestChallenge) {
            try DigestAuthorization(challenges: AuthChallenge.parse(["Bearer"]))
        }
    }
}
