import CourierCore

/// A header the open request will send that the form does not hold as a field, and where it
/// comes from: the Request pane lists them, so nothing goes out unseen.
public struct OutgoingHeader: Equatable, Sendable {
    /// The header, its value rendered and secrets masked.
    public var field: HeaderField
    /// `workspace`, `env`, `route`, `language`, `auth`, `body` or `default`.
    public var source: String
}

extension AppState {
    /// The headers the open form's request sends besides the typed ones, in the order they go
    /// out; empty when the request cannot be built yet (the URL line says why).
    public var outgoingHeaders: [OutgoingHeader] {
        guard let (route, form) = openForm else { return [] }
        var input = made((try? Self.input(of: form, route: route)) ?? form.urlInput())
        input.language = language
        // A value asked for at the send (a prompt, a file) shows as where it will go.
        var built: PreparedRequest?
        for _ in 0..<8 where built == nil {
            do {
                built = try builder.build(
                    route: route, environment: environment, input: input, captured: captured[environment.name] ?? [:])
            } catch .needsValue(let need) {
                input.answers[need] = "‹asked when sent›"
            } catch {
                return []
            }
        }
        guard let prepared = built else { return [] }
        func holds(_ fields: [HeaderField], _ key: String) -> Bool {
            fields.contains { $0.name.lowercased() == key }
        }
        let typed = Set(input.headers.map { $0.name.lowercased() })
        let secrets = prepared.origin.secretValues
        let outgoing = prepared.request.headers.compactMap { field -> OutgoingHeader? in
            let key = field.name.lowercased()
            guard !typed.contains(key) else { return nil }
            // The most specific layer that names it set it (DESIGN.md §3's order).
            let source =
                if holds(route.headers, key) {
                    "route"
                } else if key == "accept-language" && language != nil {
                    "language"
                } else if holds(environment.headers, key) {
                    "env"
                } else if holds(workspace.headers, key) {
                    "workspace"
                } else if key == "user-agent" {
                    "default"
                } else if key == "content-type" {
                    "body"
                } else {
                    "auth"
                }
            return OutgoingHeader(
                field: HeaderField(field.name, SecretMask.apply(field.value, hiding: secrets)), source: source)
        }
        // Courier's own User-Agent says least: last.
        return outgoing.filter { $0.source != "default" } + outgoing.filter { $0.source == "default" }
    }
}
