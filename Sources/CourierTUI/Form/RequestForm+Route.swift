import CourierCore

extension RequestForm {
    /// `route` with what the form holds as its defaults: path parameters, query, headers
    /// added on the screen, and the body of the form's kind. Throws what `input()` throws for
    /// a field that is not valid.
    public func route(from route: Route) throws(FormError) -> Route {
        let input = try input()
        var saved = route
        for (name, value) in input.pathParameters where !value.isEmpty { saved.params[name] = value }
        // An emptied query field is left out, as the form leaves it out when sending.
        saved.query = fields.filter { $0.section == .query && !$0.value.isEmpty }.map { QueryItem($0.name, $0.value) }
        saved.headers = route.headers.merging(input.headers)
        if let form = input.form { saved.form = form }
        if let parts = input.multipart { saved.multipart = parts }
        if let text = input.text { saved.text = text }
        if let pickedQuery {
            saved.graphql?.query = .text(pickedQuery)
            saved.graphql?.operationName = pickedOperation
        }
        if let variables = input.graphQLVariables {
            do {
                saved.graphql?.variables = try JSONValue.parse(variables)
            } catch {
                throw .invalid(field: "variables", message: "the variables are not valid JSON: \(error)")
            }
        }
        if let body = input.body {
            do {
                saved.body = try JSONValue.parse(body)
            } catch {
                throw .invalid(field: "body", message: "the body is not valid JSON: \(error)")
            }
        }
        saved.checks = route.checks.map { checks in checks.map { Self.check($0, reading: typedOverTemplates(route)) } }
        return saved
    }

    /// For each field whose route default is one template (`{{term}}`) and that now holds a
    /// plain value: the template and that value. A saved route sends the value, so its checks
    /// must expect it too, not what the template means in some environment.
    func typedOverTemplates(_ route: Route) -> [String: String] {
        let defaults = Self.defaultValues(of: route)
        var replaced: [String: String] = [:]
        for field in fields {
            guard let template = defaults[field.key], template.hasPrefix("{{"), template.hasSuffix("}}"),
                template.dropFirst(2).dropLast(2).allSatisfy({ $0 != "{" && $0 != "}" }), field.value != template,
                !field.value.contains("{{")
            else { continue }
            replaced[template] = field.value
        }
        return replaced
    }

    /// `check` with each template in `replaced` written as its value (escaped as inside a JSON
    /// string, where a check's expected text is); unchanged when the result does not parse.
    static func check(_ check: Check, reading replaced: [String: String]) -> Check {
        var source = check.source
        for (template, value) in replaced where source.contains(template) {
            let escaped = String(JSONString.encode(value).dropFirst().dropLast())
            source = source.replacing(template, with: escaped)
        }
        guard source != check.source, let rewritten = try? CheckParser.check(source) else { return check }
        return rewritten
    }
}
