import CourierCore

extension RequestForm {
    /// The form of a quick request (`n`): its method and URL, then a text body, with the values
    /// remembered from before (`saved`). Headers are added as in any form (Ctrl-N).
    static func quick(name: String, saved: [String: String]) -> RequestForm {
        var form = RequestForm(route: Route(name: name, method: .get, path: ""), saved: saved)
        let leading = [
            FormField(section: .method, name: "method", value: "GET"),
            FormField(section: .url, name: "url", value: "/"),
        ]
        form.fields.insert(contentsOf: leading, at: 0)
        form.fields.append(FormField(section: .text, name: "body", value: ""))
        for index in form.fields.indices where form.fields[index].section != .header {
            if let value = saved[form.fields[index].key] { form.fields[index].value = value }
        }
        // The cursor at the end of the method, where typing starts.
        form.moveFocus(0)
        return form
    }
}
