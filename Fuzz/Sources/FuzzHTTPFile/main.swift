// A `.http` file (JetBrains / VS Code REST Client) becomes an import plan or one error; a
// plan always merges into a workspace that loads.
import CourierCore
import CourierImport
import FuzzSupport

let importer = HTTPFileImporter()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let plan = try? importer.plan(Invariant.text(data, size), fileName: "api.http", folder: "/tmp")
    else { return 0 }
    Invariant.importedWorkspaceLoads(plan)
    return 0
}
