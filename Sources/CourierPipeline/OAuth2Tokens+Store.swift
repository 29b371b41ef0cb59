import CourierCore
import CourierHTTP
import CourierStore

extension OAuth2Tokens {
    /// The token cache of `workspace`: its `TokenStore` file, or memory only for a sealed
    /// workspace (nothing of it reaches the disk in plain text) or one without a file.
    public static func kept(for workspace: Workspace, processEnvironment: [String: String]) -> OAuth2Tokens {
        guard !workspace.isSealed, !workspace.file.isEmpty else { return OAuth2Tokens() }
        let store = TokenStore(configPath: workspace.file, processEnvironment: processEnvironment)
        return OAuth2Tokens(load: { store.load($0) }, save: { store.save($0, $1) })
    }
}
