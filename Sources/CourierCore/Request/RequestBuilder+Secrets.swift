/// The secret values of a request: what every output masks, in every form (see `SecretSet`).
extension RequestBuilder {
    /// Resolved values of the environment's secret variables; ones that do not resolve are skipped.
    public func secretValues(environment: Environment, context: TemplateContext) -> [String] {
        secrets(environment: environment, context: context).map(\.value)
    }

    /// The environment's secret variables with their resolved values, by name; ones that do
    /// not resolve are skipped.
    public func secrets(environment: Environment, context: TemplateContext) -> [NamedSecret] {
        environment.secrets.sorted().compactMap { name in
            guard let value = try? Template.render("{{\(name)}}", in: context), !value.isEmpty else { return nil }
            return NamedSecret(name: name, value: value)
        }
    }
}
