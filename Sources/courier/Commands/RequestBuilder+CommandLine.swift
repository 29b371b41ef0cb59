import CourierCore
import CourierPipeline
import CourierStore

extension RequestBuilder {
    /// The command line's builder for `workspace`: `${NAME}` from this process, and prompts,
    /// files and trusted commands made by one resolver for the process (a run asks once).
    static func commandLine(_ workspace: Workspace) -> RequestBuilder {
        var builder = RequestBuilder(workspace: workspace, processEnvironment: ProcessEnvironment.values)
        builder.valueSource = SendValueSourceBox(
            SendValueResolver(
                workspaceFile: workspace.file, trust: TrustStore(processEnvironment: ProcessEnvironment.values),
                ask: { label, secret in PasswordPrompt.ask(label + ": ", echo: !secret) }))
        return builder
    }
}
