import CourierCore

/// One editable value in the Request pane.
public struct FormField: Sendable, Equatable {
    /// Which part of the request the field fills.
    public enum Section: String, Sendable, CaseIterable {
        /// The route's parts; `method` and `url` are a quick request's (`n`), not a route yet.
        case path, query, header, form, method, url
        /// A part of a multipart body.
        case multipart = "part"
        /// A text body, whole.
        case text
        case body
        /// A GraphQL route's variables, one per top-level variable.
        case variables = "var"
    }

    /// Which of several form fields with the same name this is (0 for the first); it keeps
    /// their remembered values apart.
    public var ordinal = 0

    /// How the field's text is turned into JSON (body fields) and validated.
    public enum Kind: Sendable, Equatable {
        case text
        case number
        case bool
        /// Raw JSON text (arrays, objects, null, or a whole non-object body).
        case json
        /// The path of a file a multipart part uploads.
        case file
    }

    /// Section of the request.
    public var section: Section
    /// Parameter, query or body key; for headers a running number.
    public var name: String
    /// The text the user sees and edits (for headers: `Name: value`).
    public var value: String
    /// Type of a body field.
    public var kind: Kind

    /// A field.
    public init(section: Section, name: String, value: String, kind: Kind = .text) {
        self.section = section
        self.name = name
        self.value = value
        self.kind = kind
    }

    /// Stable key used to remember the value between runs: `path.id`, `body.name`, `form.tag#1`…
    public var key: String { "\(section.rawValue).\(name)" + (ordinal > 0 ? "#\(ordinal)" : "") }
}

/// The Request pane's form for one route: path, query, header and body fields with a
/// focused field and a text cursor. Pure value; `RequestForm.input()` turns it into a
/// `RequestInput` for `RequestBuilder`.
public struct RequestForm: Sendable, Equatable {
    /// The route this form edits.
    public let routeName: String
    /// Fields in display order: path, query, headers, body.
    public internal(set) var fields: [FormField]
    /// Index of the focused field.
    public private(set) var focus: Int = 0
    /// Cursor position inside the focused field, in characters.
    public private(set) var cursor: Int = 0
    /// The route's multipart parts, one per `.multipart` field in order: their types and
    /// file names go out with the values typed.
    private let parts: [MultipartField]
    /// The route is GraphQL: the `.variables` fields make its variables, not a body.
    let graphQL: Bool
    /// A GraphQL query picked from the server's schema (`O`): sent instead of the route's, and
    /// written into it when the form is saved as the route.
    public internal(set) var pickedQuery: String?
    /// The operation `pickedQuery` runs.
    public internal(set) var pickedOperation: String?

    /// A form with the route's defaults, overlaid with `saved` values from an earlier run.
    public init(route: Route, saved: [String: String] = [:]) {
        routeName = route.name
        parts = route.multipart ?? []
        graphQL = route.graphql != nil
        var fields: [FormField] = []
        for name in route.pathTemplate.parameterNames {
            fields.append(FormField(section: .path, name: name, value: route.params[name] ?? ""))
        }
        for item in route.query where !fields.contains(where: { $0.section == .query && $0.name == item.name }) {
            fields.append(FormField(section: .query, name: item.name, value: item.value))
        }
        let savedHeaders = saved.keys.filter { $0.hasPrefix("header.") }.sorted {
            (Int($0.dropFirst(7)) ?? 0) < (Int($1.dropFirst(7)) ?? 0)
        }
        for (index, key) in savedHeaders.enumerated() {
            fields.append(FormField(section: .header, name: String(index), value: saved[key] ?? ""))
        }
        let repeated =
            (route.form ?? []).map { FormField(section: .form, name: $0.name, value: $0.value) }
            + parts.map { part in
                FormField(
                    section: .multipart, name: part.name, value: part.file ?? part.textValue,
                    kind: part.file == nil ? .text : .file)
            }
        for var field in repeated {
            field.ordinal = fields.filter { $0.section == field.section && $0.name == field.name }.count
            fields.append(field)
        }
        if let text = route.text { fields.append(FormField(section: .text, name: "text", value: text)) }
        fields += route.graphql.map(Self.variableFields) ?? Self.bodyFields(route.body)
        for index in fields.indices where fields[index].section != .header {
            if let value = saved[fields[index].key] { fields[index].value = value }
        }
        self.fields = fields
        cursor = fields.first.map { $0.value.count } ?? 0
    }

    /// The focused field, if the form has any.
    public var focusedField: FormField? { fields.indices.contains(focus) ? fields[focus] : nil }

    /// Values to remember between runs (headers renumbered in order).
    public var savedValues: [String: String] {
        var values: [String: String] = [:]
        var headerIndex = 0
        for field in fields {
            if field.section == .header {
                values["header.\(headerIndex)"] = field.value
                headerIndex += 1
            } else {
                values[field.key] = field.value
            }
        }
        return values
    }

    // MARK: Building

    /// The path and query fields alone, as typed: the URL they make, which a mistake in another
    /// field (a header, a body number) must not hide behind the route's defaults.
    public func urlInput() -> RequestInput {
        var input = RequestInput()
        for field in fields {
            switch field.section {
            case .path: input.pathParameters[field.name] = field.value
            // An emptied query field is left out rather than sent as `name=`.
            case .query where !field.value.isEmpty: input.query.append(QueryItem(field.name, field.value))
            default: continue
            }
        }
        return input
    }

    /// The form as builder input; throws a message naming the field that is wrong.
    public func input() throws(FormError) -> RequestInput {
        var input = urlInput()
        // Every form field, emptied ones too (a form sends `name=`), as the route's whole form.
        let form = fields.filter { $0.section == .form }.map { QueryItem($0.name, $0.value) }
        if !form.isEmpty { input.form = form }
        // Each part keeps the route's type and file name, with the value or path typed.
        let typed = fields.filter { $0.section == .multipart }
        if !typed.isEmpty {
            input.multipart = zip(parts, typed).map { part, field in
                var part = part
                part.content = field.kind == .file ? .file(field.value) : .value(field.value)
                return part
            }
        }
        if let text = fields.first(where: { $0.section == .text }) { input.text = text.value }
        var bodyMembers: [String] = []
        var wholeBody: String?
        for field in fields {
            switch field.section {
            case .path, .query, .method, .url:
                continue
            case .header:
                guard !field.value.trimmingWhitespace().isEmpty else { continue }
                do {
                    input.headers.append(try HeaderField.parse(field.value))
                } catch {
                    throw .invalid(field: field.key, message: error.description)
                }
            case .form, .multipart, .text:
                continue
            case .body, .variables:
                let json = try Self.json(for: field)
                if field.kind == .json && field.name == "(whole body)" {
                    wholeBody = json
                } else {
                    bodyMembers.append(JSONString.encode(field.name) + ":" + json)
                }
            }
        }
        if graphQL {
            input.graphQLQuery = pickedQuery
            input.graphQLOperationName = pickedOperation
            // The route's own variables (or none) when the form shows none; a picked query's
            // own, none of the route's.
            if fields.contains(where: { $0.section == .variables }) || pickedQuery != nil {
                input.graphQLVariables = wholeBody ?? "{" + bodyMembers.joined(separator: ",") + "}"
            }
        } else if let wholeBody {
            input.body = wholeBody
        } else if fields.contains(where: { $0.section == .body }) {
            input.body = "{" + bodyMembers.joined(separator: ",") + "}"
        }
        return input
    }

    /// Replaces the body fields with those of `text` (from `$EDITOR`), keeping other fields;
    /// a text body takes `text` as it is.
    public mutating func replaceBody(with text: String) throws(FormError) {
        if let index = fields.firstIndex(where: { $0.section == .text }) {
            fields[index].value = text
            if focus == index { cursor = min(cursor, text.count) }
            return
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw .invalid(field: "body", message: "the edited body is not valid JSON: \(error)")
        }
        fields = fields.filter { $0.section != .body && $0.section != .variables } + Self.bodyFields(value, graphQL)
        clampFocus()
    }

    // MARK: Editing

    /// Moves the focus by `offset` fields (clamped) and puts the cursor at the end.
    public mutating func moveFocus(_ offset: Int) {
        guard !fields.isEmpty else { return }
        focus = min(max(0, focus + offset), fields.count - 1)
        cursor = fields[focus].value.count
    }

    /// Types `character` at the cursor; a boolean field toggles on space instead.
    public mutating func insert(_ character: Character) {
        guard fields.indices.contains(focus) else { return }
        if fields[focus].kind == .bool {
            if character == " " { toggle() }
            return
        }
        var characters = Array(fields[focus].value)
        characters.insert(character, at: min(cursor, characters.count))
        fields[focus].value = String(characters)
        cursor += 1
    }

    /// Flips a boolean field.
    public mutating func toggle() {
        guard fields.indices.contains(focus), fields[focus].kind == .bool else { return }
        fields[focus].value = fields[focus].value == "true" ? "false" : "true"
        cursor = fields[focus].value.count
    }

    /// Deletes the character before the cursor.
    public mutating func backspace() {
        guard fields.indices.contains(focus), cursor > 0, fields[focus].kind != .bool else { return }
        var characters = Array(fields[focus].value)
        characters.remove(at: cursor - 1)
        fields[focus].value = String(characters)
        cursor -= 1
    }

    /// Deletes the character under the cursor.
    public mutating func deleteForward() {
        guard fields.indices.contains(focus), fields[focus].kind != .bool else { return }
        var characters = Array(fields[focus].value)
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
        fields[focus].value = String(characters)
    }

    /// Deletes everything before the cursor (Ctrl-U).
    public mutating func clearToStart() {
        guard fields.indices.contains(focus), fields[focus].kind != .bool else { return }
        fields[focus].value = String(Array(fields[focus].value).dropFirst(cursor))
        cursor = 0
    }

    /// Moves the cursor by `offset` characters.
    public mutating func moveCursor(_ offset: Int) {
        guard let field = focusedField else { return }
        cursor = min(max(0, cursor + offset), field.value.count)
    }

    /// Puts the cursor at the start (`true`) or end of the field.
    public mutating func moveCursorToStart(_ start: Bool) {
        guard let field = focusedField else { return }
        cursor = start ? 0 : field.value.count
    }

    /// Adds an empty header field after the last header and focuses it.
    public mutating func addHeader() {
        let insertAt =
            (fields.lastIndex { $0.section == .header || $0.section == .query || $0.section == .path } ?? -1) + 1
        let number = (fields.filter { $0.section == .header }.compactMap { Int($0.name) }.max() ?? -1) + 1
        fields.insert(FormField(section: .header, name: String(number), value: ""), at: insertAt)
        focus = insertAt
        cursor = 0
    }

    /// Removes the focused field if it is a header.
    public mutating func removeFocusedHeader() {
        guard let field = focusedField, field.section == .header else { return }
        fields.remove(at: focus)
        clampFocus()
    }

    /// Puts the focused field back to `route`'s own value (a typed header goes); on a field
    /// that holds it already, every field, typed headers gone. Returns whether anything changed.
    @discardableResult
    public mutating func reset(to route: Route) -> Bool {
        guard let field = focusedField else { return false }
        if field.section == .header {
            removeFocusedHeader()
            return true
        }
        let defaults = RequestForm(route: route)
        if let original = defaults.fields.first(where: { $0.key == field.key }), original.value != field.value {
            fields[focus].value = original.value
            cursor = original.value.count
            return true
        }
        guard defaults.fields != fields || pickedQuery != nil else { return false }
        let key = field.key
        self = defaults
        focus = fields.firstIndex { $0.key == key } ?? 0
        clampFocus()
        return true
    }

    /// The keys of the fields whose values differ from `route`'s own (typed headers included).
    public func typedKeys(over route: Route) -> Set<String> {
        let defaults = Self.defaultValues(of: route)
        return Set(fields.filter { defaults[$0.key] != $0.value }.map(\.key))
    }

    /// `route`'s own value of each field, by key (a typed header has none).
    static func defaultValues(of route: Route) -> [String: String] {
        Dictionary(RequestForm(route: route).fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private mutating func clampFocus() {
        focus = min(focus, max(0, fields.count - 1))
        cursor = focusedField?.value.count ?? 0
    }
}
