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
        if let body = input.body {
            do {
                saved.body = try JSONValue.parse(body)
            } catch {
                throw .invalid(field: "body", message: "the body is not valid JSON: \(error)")
            }
        }
        return saved
    }
}
