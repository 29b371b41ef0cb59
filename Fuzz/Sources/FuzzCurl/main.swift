// A curl command (as pasted from a browser's "copy as cURL", any shell quoting) becomes an
// import plan or one error; a plan always merges into a workspace that loads.
import CourierCore
import CourierImport
import FuzzSupport

let importer = CurlImporter(currentDirectory: "/tmp")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurl(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let plan = try? importer.plan(Invariant.text(data, size)) else { return 0 }
    Invariant.importedWorkspaceLoads(plan)
    return 0
}
