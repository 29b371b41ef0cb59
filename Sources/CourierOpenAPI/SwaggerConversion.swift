import CourierCore
import CourierImport

/// A Swagger 2.0 document read as the OpenAPI 3.0 document it stands for, as the OpenAPI
/// Initiative's own converter (swagger2openapi) writes it, so one importer serves both with
/// the same fidelity: `host`, `basePath` and `schemes` become a server; `body` and `formData`
/// parameters a request body in each media type the operation `consumes`; the other
/// parameters' types a `schema`; `securityDefinitions` security schemes (`basic` is HTTP Basic);
/// `definitions` schemas, with every reference rewritten to where it now lies.
struct SwaggerConversion {
    let root: JSONValue
    let fileName: String
    /// What the conversion assumed.
    private(set) var warnings: [String] = []
    /// Paths that could not be converted, and why.
    private(set) var skipped: [ImportPlan.Skip] = []

    /// The OpenAPI 3.0 document for the Swagger 2.0 tree `root`.
    static func openAPI(_ root: JSONValue, fileName: String) throws(ImportError) -> OpenAPIDocument {
        var conversion = SwaggerConversion(root: root, fileName: fileName)
        let converted = try conversion.converted()
        return OpenAPIDocument(
            root: converted, fileName: fileName, warnings: conversion.warnings, skipped: conversion.skipped)
    }

    private init(root: JSONValue, fileName: String) {
        self.root = root
        self.fileName = fileName
    }

    private mutating func converted() throws(ImportError) -> JSONValue {
        var members: [JSONMember] = [JSONMember("openapi", .string("3.0.3"))]
        if let info = root["info"] { members.append(JSONMember("info", info)) }
        if let server = try server() { members.append(JSONMember("servers", .array([server]))) }
        if let security = root["security"] { members.append(JSONMember("security", Self.moved(security))) }
        var paths: [JSONMember] = []
        for member in try OpenAPIDocument.members(root["paths"], "\(fileName): paths") {
            if member.key.hasPrefix("x-") { continue }
            do throws(ImportError) {
                paths.append(JSONMember(member.key, try pathItem(member.value, path: member.key)))
            } catch {
                skipped.append(ImportPlan.Skip(member.key, reason: error.message))
            }
        }
        members.append(JSONMember("paths", .object(paths)))
        var components: [JSONMember] = []
        if let definitions = root["definitions"] { components.append(JSONMember("schemas", Self.moved(definitions))) }
        var schemes: [JSONMember] = []
        for member in try OpenAPIDocument.members(root["securityDefinitions"], "\(fileName): securityDefinitions") {
            schemes.append(JSONMember(member.key, Self.securityScheme(member.value)))
        }
        if !schemes.isEmpty { components.append(JSONMember("securitySchemes", .object(schemes))) }
        if !components.isEmpty { members.append(JSONMember("components", .object(components))) }
        return .object(members)
    }

    /// `schemes`, `host` and `basePath` as one server: https when the document offers it, as a
    /// client would pick; a document without `host` is served relative to where it lies.
    private mutating func server() throws(ImportError) -> JSONValue? {
        let host = try OpenAPIDocument.text(root["host"], "\(fileName): host")
        var basePath = try OpenAPIDocument.text(root["basePath"], "\(fileName): basePath") ?? ""
        if basePath == "/" { basePath = "" }
        guard let host else {
            return basePath.isEmpty ? nil : .object([JSONMember("url", .string(basePath))])
        }
        var offered: [String] = []
        for scheme in try OpenAPIDocument.items(root["schemes"], "\(fileName): schemes") {
            if let name = scheme.scalarText?.lowercased() { offered.append(name) }
        }
        let scheme: String
        if offered.contains("https") || offered.contains("wss") {
            scheme = "https"
        } else if offered.contains("http") || offered.contains("ws") {
            scheme = "http"
        } else {
            scheme = "http"
            warnings.append("\(fileName): no http or https in schemes; http:// assumed for \(host)")
        }
        return .object([JSONMember("url", .string("\(scheme)://\(host)\(basePath)"))])
    }

    /// A path item: its operations converted, its own parameters applied to each of them; an
    /// operation that cannot be converted is skipped by name.
    private mutating func pathItem(_ value: JSONValue, path: String) throws(ImportError) -> JSONValue {
        let item = try resolvedParameter(value)
        let shared = try parameters(item["parameters"], place: "parameters")
        var members: [JSONMember] = []
        for member in try OpenAPIDocument.members(item, "path item") {
            guard OpenAPIImporter.methods.contains(member.key) else { continue }
            do throws(ImportError) {
                members.append(JSONMember(member.key, try operation(member.value, shared: shared)))
            } catch {
                skipped.append(ImportPlan.Skip("\(member.key.uppercased()) \(path)", reason: error.message))
            }
        }
        return .object(members)
    }

    private func operation(_ operation: JSONValue, shared: [JSONValue]) throws(ImportError) -> JSONValue {
        var own = try parameters(operation["parameters"], place: "parameters")
        // The operation's parameter of a name and place overrides the path item's.
        own = shared.filter { old in !own.contains { $0["name"] == old["name"] && $0["in"] == old["in"] } } + own
        var members: [JSONMember] = []
        for member in try OpenAPIDocument.members(operation, "operation") {
            switch member.key {
            case "parameters", "consumes", "produces", "responses", "schemes": continue
            case "security": members.append(JSONMember("security", Self.moved(member.value)))
            default: members.append(member)
            }
        }
        let plain = own.filter { $0["in"] != .string("body") && $0["in"] != .string("formData") }
        if !plain.isEmpty { members.append(JSONMember("parameters", .array(plain.map(Self.parameter)))) }
        let consumes = try OpenAPIDocument.items(operation["consumes"] ?? root["consumes"], "consumes")
            .compactMap(\.scalarText)
        if let body = own.last(where: { $0["in"] == .string("body") }) {
            members.append(JSONMember("requestBody", Self.requestBody(body, consumes: consumes)))
        } else {
            let form = own.filter { $0["in"] == .string("formData") }
            if !form.isEmpty { members.append(JSONMember("requestBody", Self.formBody(form, consumes: consumes))) }
        }
        return .object(members)
    }

    /// The parameters of a list, references into `#/parameters` followed.
    private func parameters(_ value: JSONValue?, place: String) throws(ImportError) -> [JSONValue] {
        var result: [JSONValue] = []
        for item in try OpenAPIDocument.items(value, place) { result.append(try resolvedParameter(item)) }
        return result
    }

    /// `value`, or what its `$ref` names in this (unconverted) document.
    private func resolvedParameter(_ value: JSONValue) throws(ImportError) -> JSONValue {
        try OpenAPIDocument(root: root, fileName: fileName).resolved(value)
    }

    /// A query, path, header or cookie parameter: its type and constraints move into `schema`,
    /// its `x-example` (the common extension) becomes its example.
    static func parameter(_ parameter: JSONValue) -> JSONValue {
        var members: [JSONMember] = []
        var schema: [JSONMember] = []
        for member in parameter.objectMembers {
            switch member.key {
            case "name", "in", "description", "required", "deprecated", "allowEmptyValue":
                members.append(member)
            case "x-example":
                members.append(JSONMember("example", member.value))
            case "collectionFormat":
                // How an array is sent, in 3.0's words.
                let styles: [String: (String, Bool)] = [
                    "csv": ("form", false), "multi": ("form", true), "ssv": ("spaceDelimited", false),
                    "pipes": ("pipeDelimited", false),
                ]
                let (style, explode) = styles[member.value.scalarText ?? "csv"] ?? ("form", false)
                members.append(JSONMember("style", .string(style)))
                members.append(JSONMember("explode", .bool(explode)))
            case let key where key.hasPrefix("x-"):
                members.append(member)
            default:
                schema.append(JSONMember(member.key, moved(member.value)))
            }
        }
        if !schema.isEmpty { members.append(JSONMember("schema", .object(schema))) }
        // Swagger 2.0 sends an array comma-separated unless it says otherwise; 3.0's query
        // default is one item per parameter, so the default is written out.
        if parameter["type"] == .string("array") && parameter["collectionFormat"] == nil {
            members += [JSONMember("style", .string("form")), JSONMember("explode", .bool(false))]
        }
        return .object(members)
    }

    /// A `body` parameter as a request body of each media type consumed (JSON when none is
    /// named), its `x-examples` per media type kept.
    static func requestBody(_ parameter: JSONValue, consumes: [String]) -> JSONValue {
        let schema = moved(parameter["schema"] ?? .object([]))
        var content: [JSONMember] = []
        for type in consumes.isEmpty ? ["application/json"] : consumes {
            var media = [JSONMember("schema", schema)]
            if let example = parameter["x-examples"]?[type] { media.append(JSONMember("example", example)) }
            content.append(JSONMember(type, .object(media)))
        }
        var members = [JSONMember("content", .object(content))]
        if let required = parameter["required"] { members.append(JSONMember("required", required)) }
        return .object(members)
    }

    /// `formData` parameters as one object schema, sent as a form, or as multipart when the
    /// operation consumes it or a parameter is a file.
    static func formBody(_ parameters: [JSONValue], consumes: [String]) -> JSONValue {
        var properties: [JSONMember] = []
        var required: [JSONValue] = []
        var hasFile = false
        for parameter in parameters {
            guard let name = parameter["name"]?.scalarText else { continue }
            var property = Self.parameter(parameter)["schema"]?.objectMembers ?? []
            if property.contains(where: { $0.key == "type" && $0.value == .string("file") }) {
                hasFile = true
                property = [JSONMember("type", .string("string")), JSONMember("format", .string("binary"))]
            }
            if let example = parameter["x-example"] { property.append(JSONMember("example", example)) }
            properties.append(JSONMember(name, .object(property)))
            if parameter["required"] == .bool(true) { required.append(.string(name)) }
        }
        var schema = [JSONMember("type", .string("object")), JSONMember("properties", .object(properties))]
        if !required.isEmpty { schema.append(JSONMember("required", .array(required))) }
        let multipart = hasFile || consumes.contains { $0.lowercased().hasPrefix("multipart/form-data") }
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        return .object([
            JSONMember("content", .object([JSONMember(type, .object([JSONMember("schema", .object(schema))]))]))
        ])
    }

    /// A security definition as a 3.0 security scheme: `basic` is HTTP Basic; the others keep
    /// their fields (an API key's name and place, an OAuth2 flow's URLs).
    static func securityScheme(_ definition: JSONValue) -> JSONValue {
        guard definition["type"] == .string("basic") else { return moved(definition) }
        return .object([JSONMember("type", .string("http")), JSONMember("scheme", .string("basic"))])
    }

    /// `value` with each reference pointing where the conversion moved its target.
    static func moved(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    guard member.key == "$ref", case .string(let reference) = member.value else {
                        return JSONMember(member.key, moved(member.value))
                    }
                    return JSONMember("$ref", .string(movedReference(reference)))
                })
        case .array(let items):
            return .array(items.map(moved))
        default:
            return value
        }
    }

    private static func movedReference(_ reference: String) -> String {
        let moves = [
            ("#/definitions/", "#/components/schemas/"),
            ("#/securityDefinitions/", "#/components/securitySchemes/"),
            ("#/responses/", "#/components/responses/"),
        ]
        for (old, new) in moves where reference.hasPrefix(old) {
            return new + reference.dropFirst(old.count)
        }
        return reference
    }
}

extension JSONValue {
    /// An object's members; nothing for any other value.
    var objectMembers: [JSONMember] {
        if case .object(let members) = self { return members }
        return []
    }
}
