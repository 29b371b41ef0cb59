import CourierCore
import CourierImport

/// A JSON or YAML file as a tree of values, for the importers whose sources may be either
/// (OpenAPI, Swagger, Insomnia): JSON when it opens with `{` and is JSON, else YAML 1.2
/// (`YAMLReader`), whose flow style also opens with `{`.
public enum StructuredText {
    /// The document in `bytes`, read from `fileName`; a syntax error, an alias bomb, UTF-16
    /// and an empty file each get one line with the place.
    public static func read(_ bytes: [UInt8], fileName: String) throws(ImportError) -> JSONValue {
        let text = try ImportText.utf8(bytes, name: fileName)
        if text.utf8.first(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }) == UInt8(ascii: "{") {
            do throws(JSONSyntaxError) {
                return try JSONValue.parse(text)
            } catch {
                // `{a: 1}` is YAML's flow style (inso writes it so); a `.json` file is JSON.
                if fileName.lowercased().hasSuffix(".json") { throw ImportError("\(fileName): \(error.description)") }
            }
        }
        let document: JSONValue?
        do throws(YAMLError) {
            document = try YAMLReader.read(text)
        } catch {
            throw ImportError("\(fileName): \(error.description)")
        }
        guard let document else { throw ImportError("\(fileName): the file is empty") }
        return document
    }
}
