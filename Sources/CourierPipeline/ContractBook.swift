import CourierCore
import CourierHTTP
import CourierOpenAPI
import CourierStore

/// The OpenAPI documents that routes' `operation`s name, each read once per process (a file
/// relative to the workspace's folder, or a URL fetched through the engine), and the `contract`
/// check that holds a response to its operation.
public final class ContractBook: Sendable {
    /// Where relative document paths start: the workspace file's folder.
    let folder: String
    let engine: HTTPEngine
    /// The process environment, for the proxy a document's URL goes through (`HTTPS_PROXY`).
    let processEnvironment: [String: String]
    private let documents = Locked<[String: Result<OpenAPIContract, ContractError>]>([:])

    /// Why a document gave no contract, said once per check that needed it.
    struct ContractError: Error {
        var message: String
    }

    /// A book reading documents relative to `folder`, fetching URLs through `engine` (and the
    /// proxy `processEnvironment` names).
    public init(folder: String, engine: HTTPEngine, processEnvironment: [String: String] = [:]) {
        self.folder = folder
        self.engine = engine
        self.processEnvironment = processEnvironment
    }

    /// The `contract` results of `exchange`, whose route calls `operation` (`DOCUMENT#OPERATION`).
    public func check(_ exchange: Exchange, operation reference: String) async -> [CheckResult] {
        // By bytes: `Character`s cost 4,000 instructions for a 25-character reference.
        guard let hash = reference.utf8.lastIndex(of: UInt8(ascii: "#")) else {
            return [CheckResult(check: "contract", passed: false, message: "operation \(reference) names no document")]
        }
        let document = String(reference[..<hash])
        let id = String(reference[reference.index(after: hash)...])
        switch await contract(document) {
        case .success(let contract):
            return contract.check(exchange.response, operation: id, route: exchange.origin.routeName)
        case .failure(let error):
            return [CheckResult(check: "contract", passed: false, message: error.message)]
        }
    }

    /// The contract of `document`, read the first time it is asked for.
    func contract(_ document: String) async -> Result<OpenAPIContract, ContractError> {
        if let known = documents.withLock({ $0[document] }) { return known }
        let result: Result<OpenAPIContract, ContractError>
        let lower = document.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            result = await fetched(document)
        } else {
            result = read(document.hasPrefix("/") ? document : PathText.joined(folder, document), named: document)
        }
        documents.withLock { $0[document] = result }
        return result
    }

    private func read(_ path: String, named document: String) -> Result<OpenAPIContract, ContractError> {
        guard let beside = DocumentFolder(of: path) else {
            return .failure(ContractError(message: "\(document): no such folder"))
        }
        do throws(ImportError) {
            let bytes = try beside.read(PathText.fileName(path))
            return .success(try OpenAPIContract.read(bytes, fileName: document, load: beside.read))
        } catch {
            return .failure(ContractError(message: "\(document): \(error.message)"))
        }
    }

    private func fetched(_ url: String) async -> Result<OpenAPIContract, ContractError> {
        switch await engine.document(at: url, variables: processEnvironment) {
        case .failure(let failure):
            return .failure(ContractError(message: failure.message))
        case .success(let bytes):
            do throws(ImportError) {
                return .success(try OpenAPIContract.read(bytes, fileName: url))
            } catch {
                return .failure(ContractError(message: "\(url): \(error.message)"))
            }
        }
    }
}
