import CourierCore

/// A Postman collection v1 (`requests`, `folders`, `order`) turned into the v2.1 tree it
/// stands for, as Postman's own transformer (postman-collection-transformer, which Newman and
/// the app use) converts it; the v2 importer then reads it. Folders come first, in
/// `folders_order`, then the top-level requests in `order`; headers come from `headerData`
/// or the `headers` text (`// Name: value` is disabled); `dataMode` picks the body; the
/// legacy auth helpers (`currentHelper`, `helperAttributes`) become v2 auth.
enum PostmanV1Conversion {
    /// The v2.1 collection for the v1 collection `v1`.
    static func collection(_ v1: JSONValue) -> JSONValue {
        var requests: [String: JSONValue] = [:]
        for request in v1["requests"]?.array ?? [] {
            if let id = request["id"]?.text { requests[id] = request }
        }
        var folders: [String: JSONValue] = [:]
        for folder in v1["folders"]?.array ?? [] {
            if let id = folder["id"]?.text { folders[id] = folder }
        }
        let subfolders = Set((v1["folders"]?.array ?? []).flatMap { ids($0["folders_order"]) })
        var visited: Set<String> = []
        func group(_ id: String, depth: Int) -> JSONValue? {
            // A folder listed twice, or inside itself, is taken once; ids chain folders without
            // the JSON nesting that bounds the reader's depth, so the depth is bounded here.
            guard depth < 100, let folder = folders[id], visited.insert(id).inserted else { return nil }
            var items = ids(folder["folders_order"]).compactMap { group($0, depth: depth + 1) }
            items += ids(folder["order"]).compactMap { requests[$0].map(item) }
            var members = [JSONMember("name", .string(folder["name"]?.text ?? id)), JSONMember("item", .array(items))]
            if let auth = folder["auth"], auth != .null { members.append(JSONMember("auth", auth)) }
            return .object(members)
        }
        // `folders_order` when the collection has it, else the folders in file order; a
        // subfolder comes in under its parent only.
        let top =
            v1["folders_order"]?.array != nil
            ? ids(v1["folders_order"]) : (v1["folders"]?.array ?? []).compactMap { $0["id"]?.text }
        var items = top.filter { !subfolders.contains($0) }.compactMap { group($0, depth: 0) }
        items += ids(v1["order"]).compactMap { requests[$0].map(item) }
        var members = [
            JSONMember(
                "info",
                .object([
                    JSONMember("name", .string(v1["name"]?.text ?? "")),
                    JSONMember(
                        "schema", .string("https://schema.getpostman.com/json/collection/v2.1.0/collection.json")),
                ])),
            JSONMember("item", .array(items)),
        ]
        if let variables = v1["variables"]?.array { members.append(JSONMember("variable", .array(variables))) }
        if let auth = v1["auth"], auth != .null { members.append(JSONMember("auth", auth)) }
        return .object(members)
    }

    private static func ids(_ value: JSONValue?) -> [String] {
        (value?.array ?? []).compactMap { $0.text }
    }

    /// One v1 request as a v2.1 item.
    private static func item(_ v1: JSONValue) -> JSONValue {
        var request = [
            JSONMember("method", .string(v1["method"]?.text ?? "GET")),
            JSONMember("header", .array(headers(v1))),
        ]
        let raw = v1["url"]?.text ?? ""
        let variables = pathVariables(v1)
        request.append(
            JSONMember(
                "url",
                variables.isEmpty
                    ? .string(raw)
                    : .object([JSONMember("raw", .string(raw)), JSONMember("variable", .array(variables))])))
        if let body = body(v1) { request.append(JSONMember("body", body)) }
        if let auth = auth(v1) { request.append(JSONMember("auth", auth)) }
        if let description = v1["description"]?.text, !description.isEmpty {
            request.append(JSONMember("description", .string(description)))
        }
        return .object([JSONMember("name", .string(v1["name"]?.text ?? raw)), JSONMember("request", .object(request))])
    }

    /// `headerData` first, then the lines of `headers` it does not name.
    private static func headers(_ v1: JSONValue) -> [JSONValue] {
        if let list = v1["headers"]?.array { return list }
        var out: [JSONValue] = []
        var named: Set<String> = []
        func add(_ key: String, _ value: String, disabled: Bool) {
            var key = Substring(key)
            var disabled = disabled
            if key.hasPrefix("//") {
                key = key.dropFirst(2)
                disabled = true
            }
            let name = key.trimmingWhitespace()
            named.insert(name)
            out.append(
                .object([
                    JSONMember("key", .string(name)), JSONMember("value", .string(value)),
                    JSONMember("disabled", .bool(disabled)),
                ]))
        }
        for header in v1["headerData"]?.array ?? [] {
            add(
                header["key"]?.text ?? "", header["value"]?.scalarText ?? "", disabled: header["enabled"]?.flag == false
            )
        }
        // `Name: value` lines; CRLF then a blank continues a line (folding), as the transformer reads it.
        let text = (v1["headers"]?.text ?? "").replacingText("\r\n ", with: " ").replacingText("\r\n\t", with: "\t")
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { continue }
            let key = String(line[..<colon])
            guard !key.contains(" ") || key.hasPrefix("//") else { continue }
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            let bare = key.hasPrefix("//") ? String(key.dropFirst(2)).trimmingWhitespace() : key
            if !named.contains(bare) { add(key, value, disabled: false) }
        }
        return out
    }

    private static func pathVariables(_ v1: JSONValue) -> [JSONValue] {
        var out = v1["pathVariableData"]?.array ?? []
        let named = Set(out.compactMap { $0["key"]?.text })
        if case .object(let members)? = v1["pathVariables"] {
            for member in members where !named.contains(member.key) {
                out.append(.object([JSONMember("key", .string(member.key)), JSONMember("value", member.value)]))
            }
        }
        return out
    }

    /// The body `dataMode` names; with none, `rawModeData` (raw) or `data` (form data), as
    /// the transformer infers it; nil when there is no body.
    private static func body(_ v1: JSONValue) -> JSONValue? {
        let rawText = v1["rawModeData"]?.text ?? v1["rawModeData"]?.array?.first?.text
        let data = v1["data"]?.array ?? []
        let modes = ["binary": "file", "params": "formdata", "raw": "raw", "urlencoded": "urlencoded"]
        var mode = v1["dataMode"]?.text.flatMap { modes[$0] }
        if v1["dataMode"] == .null { return nil }
        if mode == nil {
            if (rawText ?? "").isEmpty && data.isEmpty { return nil }
            mode = (rawText ?? "").isEmpty ? "formdata" : "raw"
        }
        switch mode {
        case "raw": return .object([JSONMember("mode", .string("raw")), JSONMember("raw", .string(rawText ?? ""))])
        case "file": return .object([JSONMember("mode", .string("file")), JSONMember("file", .object([]))])
        default:
            let fields = data.map { field -> JSONValue in
                var members = [JSONMember("key", field["key"] ?? .string(""))]
                let isFile = field["type"]?.text == "file"
                members.append(JSONMember(isFile ? "src" : "value", field["value"] ?? .string("")))
                members.append(JSONMember("type", .string(isFile ? "file" : "text")))
                members.append(JSONMember("disabled", .bool(field["enabled"]?.flag == false)))
                return .object(members)
            }
            let name = mode ?? "formdata"
            return .object([JSONMember("mode", .string(name)), JSONMember(name, .array(fields))])
        }
    }

    /// `auth` as written, or the legacy helper's attributes as v2.1 auth.
    private static func auth(_ v1: JSONValue) -> JSONValue? {
        if let auth = v1["auth"], auth != .null { return auth }
        let types = [
            "apikeyAuth": "apikey", "basicAuth": "basic", "bearerAuth": "bearer", "digestAuth": "digest",
            "oAuth1": "oauth1", "oAuth2": "oauth2", "hawkAuth": "hawk", "ntlmAuth": "ntlm", "awsSigV4": "awsv4",
        ]
        guard let helper = v1["currentHelper"]?.text, let type = types[helper] else { return nil }
        var attributes = v1["helperAttributes"]
        if let text = attributes?.text, let parsed = try? JSONValue.parse(Array(text.utf8)) { attributes = parsed }
        guard case .object(let fields)? = attributes else { return nil }
        let list = fields.filter { $0.key != "id" && $0.key != "saveToRequest" }.map {
            JSONValue.object([JSONMember("key", .string($0.key)), JSONMember("value", $0.value)])
        }
        return .object([JSONMember("type", .string(type)), JSONMember(type, .array(list))])
    }
}
