// GraphQL documents: any text reads as a document or fails with a place inside the text, the
// same way each time; a document's operation is picked or refused in one line.
import CourierCore
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = Invariant.text(data, size)
    do {
        let document = try GraphQLDocument.parse(text)
        Invariant.require((try? GraphQLDocument.parse(text)) == document, "one text read two ways")
        Invariant.require(!document.operations.isEmpty || !document.fragments.isEmpty, "an empty document read")
        _ = try? document.operation(named: nil)
        for operation in document.operations {
            for variable in operation.variables { _ = variable.type.description + variable.type.namedType }
        }
    } catch {
        // Lines end at LF, CR or CR LF: at most one line per break, plus the first.
        let breaks = text.unicodeScalars.filter { $0 == "\n" || $0 == "\r" }.count
        Invariant.require(error.line >= 1 && error.column >= 1, "an error before the text")
        Invariant.require(error.line <= breaks + 1, "an error after the text")
        Invariant.require(!error.message.contains("\n"), "a message of two lines")
    }
    return 0
}
