// A Postman collection (v2.0 / v2.1) becomes an import plan or one error; a plan always
// merges into a workspace that loads.
import CourierCore
import CourierImport
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostman(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Invariant.bytes(data, size)
    guard let plan = try? PostmanImporter().plan(bytes, fileName: "c.postman_collection.json", folder: "/tmp")
    else { return 0 }
    Invariant.importedWorkspaceLoads(plan)
    return 0
}
