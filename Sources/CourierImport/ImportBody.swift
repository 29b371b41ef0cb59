import CourierCore

/// Chooses how an imported body is kept in a route, so that sending it puts the same bytes
/// on the wire: JSON that Courier writes back byte for byte becomes `body` (its fields are
/// then editable on the screen), a urlencoded form that encodes back the same becomes
/// `form`, anything else stays exact as `text` with its `content_type`.
public enum ImportBody {
    /// Sets `route`'s body from `bytes` sent as `contentType` and removes the
    /// `Content-Type` header when the body kind states the same type itself. Bytes that are
    /// not UTF-8 cannot be held by a workspace: that is an error naming the route.
    public static func apply(_ bytes: [UInt8], contentType: String?, to route: inout Route) throws(ImportError) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(
                "\(route.name): the body is binary (\(bytes.count) bytes); a workspace holds text bodies only")
        }
        let type = contentType?.lowercased() ?? ""
        let bare = type.split(separator: ";").first.map { $0.trimmingWhitespace() } ?? ""
        if bare == "application/json" || bare.hasSuffix("+json"),
            let value = try? JSONValue.parse(bytes), Array(value.serialized.utf8) == bytes
        {
            route.body = value
            if type == "application/json" { removeContentType(&route) }
            return
        }
        if bare == "application/x-www-form-urlencoded" {
            let items = PercentEncoding.formItems(text)
            let encoded = items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
            if encoded == text && !items.isEmpty {
                route.form = items
                if type == bare { removeContentType(&route) }
                return
            }
        }
        route.text = text
        if let contentType, contentType.lowercased() != "text/plain; charset=utf-8" {
            route.contentType = contentType
        }
        removeContentType(&route)
    }

    /// A form component as Courier encodes it, `{{variables}}` kept as written (the source
    /// sends their values; Courier encodes them once filled).
    private static func encode(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(ofText: "{{"), let close = rest[open.upperBound...].firstRange(ofText: "}}") {
            out +=
                PercentEncoding.formComponent(String(rest[..<open.lowerBound]))
                + rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return out + PercentEncoding.formComponent(String(rest))
    }

    private static func removeContentType(_ route: inout Route) {
        route.headers.removeAll { $0.name.lowercased() == "content-type" }
    }
}
