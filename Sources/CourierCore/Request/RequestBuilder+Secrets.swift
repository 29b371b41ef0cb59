/// The secret values of a request: what every output masks, in every form (see `SecretSet`).
extension RequestBuilder {
    /// Resolved values of the environment's secret variables; ones that do not resolve are skipped.
    public func secretValues(environment: Environment, context: TemplateContext) -> [String] {
        secrets(environment: environment, context: context).map(\.value)
    }

    /// The environment's secret variables with their resolved values, by name; ones that do
    /// not resolve are skipped. Then the secret values made outside (a `{{$prompt.secret}}`, a
    /// `{{$command}}`) that no variable holds, as `secret_1`, `secret_2`….
    public func secrets(environment: Environment, context: TemplateContext) -> [NamedSecret] {
        var named = environment.secrets.sorted().compactMap { name -> NamedSecret? in
            guard let value = try? Template.render("{{\(name)}}", in: context), !value.isEmpty else { return nil }
            return NamedSecret(name: name, value: value)
        }
        let made =
            context.answers.compactMap { $0.key.isSecret ? $0.value : nil }
            + (context.source?.source.secretValues ?? [])
        for value in made.sorted() where !value.isEmpty && !named.contains(where: { $0.value == value }) {
            named.append(NamedSecret(name: "secret_\(named.count + 1)", value: value))
        }
        return named
    }
}
