/// The options of the interactive screen: `courier [--config FILE] [--env NAME] [--demo]`.
struct TUIArguments: Equatable {
    /// The workspace file.
    var config: String
    /// The environment to start in, if given.
    var env: String?
    /// Run the sample API in-process too.
    var demo: Bool
}
