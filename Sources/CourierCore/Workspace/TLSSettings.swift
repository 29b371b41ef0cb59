/// How to verify a server's certificate for one environment.
public struct TLSSettings: Sendable, Equatable, Hashable {
    /// A PEM file of extra trusted roots (e.g. a staging CA), resolved against the config's folder.
    public var caFile: String?
    /// Skip certificate verification. Off unless an environment turns it on explicitly.
    public var insecure: Bool
    /// A PEM client certificate (chain) for mutual TLS, resolved like `caFile`.
    public var certFile: String?
    /// The PEM private key of `certFile`.
    public var keyFile: String?

    /// Verification on, system roots only, no client certificate.
    public init(caFile: String? = nil, insecure: Bool = false, certFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.insecure = insecure
        self.certFile = certFile
        self.keyFile = keyFile
    }
}
