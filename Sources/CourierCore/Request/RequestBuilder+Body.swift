/// Bodies: JSON, form, multipart, text and a file sent as it is, from the route or the input.
extension RequestBuilder {
    /// The body to send: bytes with their `Content-Type`, and the multipart description when
    /// the bytes are only its outline.
    struct Body {
        var bytes: [UInt8]
        var contentType: String
        var multipart: MultipartBody?
    }

    /// The body and its default `Content-Type`: the input's kind first (`--body`, `--text`,
    /// `--form`, `-F`), else the route's, templates filled. Form and multipart input merge
    /// over a route body of the same kind.
    func buildBody(route: Route, input: RequestInput, context: TemplateContext) throws(RequestError) -> Body? {
        var context = context
        context.place = "body"
        if let text = input.body {
            let template: JSONValue
            do {
                template = try JSONValue.parse(text)
            } catch {
                throw .invalidBody(error)
            }
            return Body(bytes: Array(try render(template, in: context).serialized.utf8), contentType: Self.jsonType)
        }
        let inputKind = input.form != nil || input.multipart != nil
        if let text = input.text ?? (inputKind ? nil : route.text) {
            var type = "text/plain; charset=utf-8"
            if route.text != nil, let declared = route.contentType { type = try Template.render(declared, in: context) }
            return Body(bytes: Array(try Template.render(text, in: context).utf8), contentType: type)
        }
        if let fields = input.form {
            return Body(
                bytes: try encodeForm(Self.merge(route.form ?? [], fields), in: context), contentType: Self.formType)
        }
        if let parts = input.multipart {
            // A file the user typed may be anywhere; one that is still the route's keeps its rule.
            let typed = parts.map { part -> MultipartField in
                var part = part
                let same = route.multipart?.first { $0.name == part.name && $0.content == part.content }
                part.allowOutside = same?.allowOutside ?? true
                return part
            }
            return try multipart(Self.merge(route.multipart ?? [], typed), in: context)
        }
        if let graphql = route.graphql {
            // On a GET route the query went into the URL.
            guard route.method != .get else { return nil }
            let payload = try graphQLPayload(graphql, route: route, input: input, context: context)
            return Body(bytes: Array(payload.json.serialized.utf8), contentType: Self.jsonType)
        }
        if let body = route.body {
            return Body(bytes: Array(try render(body, in: context).serialized.utf8), contentType: Self.jsonType)
        }
        if let form = route.form { return Body(bytes: try encodeForm(form, in: context), contentType: Self.formType) }
        if let parts = route.multipart { return try multipart(parts, in: context) }
        if let template = route.bodyFile {
            let path = absolute(try Template.render(template, in: context))
            let type = try route.contentType.map { (type) throws(RequestError) in try Template.render(type, in: context)
            }
            let body = MultipartBody(
                file: path, contentType: type ?? MultipartBody.contentType(forFile: path),
                confinedTo: route.bodyFileAllowOutside ? nil : workspace.baseDirectory)
            return Body(bytes: body.outline, contentType: body.contentType, multipart: body)
        }
        return nil
    }

    /// The multipart body of `fields`, templates filled and file paths made absolute
    /// (relative ones are relative to the workspace file's folder).
    private func multipart(_ fields: [MultipartField], in context: TemplateContext) throws(RequestError) -> Body {
        var parts: [MultipartBody.Part] = []
        var context = context
        for (index, field) in fields.enumerated() {
            context.place = "body.\(index)"
            var part = MultipartBody.Part(
                name: try Template.render(field.name, in: context), content: .value(""),
                contentType: try field.contentType.map { (type) throws(RequestError) in
                    try Template.render(type, in: context)
                })
            switch field.content {
            case .value(let text): part.content = .value(try Template.render(text, in: context))
            case .file(let template):
                let path = absolute(try Template.render(template, in: context))
                part.content = .file(path)
                if !field.allowOutside { part.confinedTo = workspace.baseDirectory }
                // A plain field from a file (curl's `<`) has neither a file name nor a guessed type.
                guard !field.asField else { break }
                let fileName = try field.fileName.map { (name) throws(RequestError) in
                    try Template.render(name, in: context)
                }
                part.fileName = fileName ?? PathText.lastComponent(path)
                if part.contentType == nil { part.contentType = MultipartBody.contentType(forFile: path) }
            }
            parts.append(part)
        }
        let body = MultipartBody(parts: parts)
        return Body(bytes: body.outline, contentType: body.contentType, multipart: body)
    }

    /// `path` made absolute against the workspace file's folder.
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathText.joined(workspace.baseDirectory, path)
    }

    private static let jsonType = "application/json"
    private static let formType = "application/x-www-form-urlencoded"

    /// `name=value&…` with templates filled, encoded as HTML forms are.
    private func encodeForm(_ fields: [QueryItem], in context: TemplateContext) throws(RequestError) -> [UInt8] {
        var pairs: [String] = []
        var context = context
        for (index, field) in fields.enumerated() {
            context.place = "body.\(index)"
            let name = try Template.render(field.name, in: context)
            context.place += "="
            let value = try Template.render(field.value, in: context)
            pairs.append(PercentEncoding.formComponent(name) + "=" + PercentEncoding.formComponent(value))
        }
        return Array(pairs.joined(separator: "&").utf8)
    }

    /// `over` on top of `base`: the fields of a name `over` gives replace all of `base`'s of
    /// that name, where the first of them stood; other names are added at the end, repeats kept.
    static func merge(_ base: [QueryItem], _ over: [QueryItem]) -> [QueryItem] { merge(base, over, by: \.name) }

    static func merge(_ base: [MultipartField], _ over: [MultipartField]) -> [MultipartField] {
        merge(base, over, by: \.name)
    }

    private static func merge<Field>(_ base: [Field], _ over: [Field], by name: KeyPath<Field, String>) -> [Field] {
        let names = Set(over.map { $0[keyPath: name] })
        var placed: Set<String> = []
        var merged: [Field] = []
        for item in base {
            let key = item[keyPath: name]
            guard names.contains(key) else {
                merged.append(item)
                continue
            }
            if placed.insert(key).inserted { merged += over.filter { $0[keyPath: name] == key } }
        }
        return merged + over.filter { !placed.contains($0[keyPath: name]) }
    }
}
