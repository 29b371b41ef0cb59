import CourierCore

/// Which JSON Schema a document speaks: draft 4 (Swagger 2.0's schemas are its subset),
/// OpenAPI 3.0's extended subset of draft 4 (`nullable`), or 2020-12 (OpenAPI 3.1's default).
public enum SchemaDialect: Sendable, Equatable {
    case draft4
    case openAPI30
    case draft2020

    /// The dialect a `$schema` URI names; nil for one it does not know.
    public init?(schemaURI: String) {
        if schemaURI.contains("draft-04") {
            self = .draft4
        } else if schemaURI.contains("2020-12") || schemaURI.contains("2019-09") || schemaURI.contains("draft-07")
            || schemaURI.contains("draft-06")
        {
            self = .draft2020
        } else {
            return nil
        }
    }
}
