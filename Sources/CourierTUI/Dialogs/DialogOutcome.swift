import CourierCore

/// What becomes of a dialog after a key: it stays (as its `update` left it) or closes; it may
/// ask the app for one thing beyond itself (which may open another dialog).
public enum DialogOutcome: Sendable {
    /// It stays open; then the app does `request`, which may close it.
    case stay(DialogRequest? = nil)
    /// It closes; then the app does `request`, which may open another.
    case close(DialogRequest? = nil)
}

/// What a dialog asks of the app: the changes outside a dialog that keys in one make.
public enum DialogRequest: Sendable {
    /// Make environment `index` the active one.
    case activate(environment: Int)
    /// Send the shown response's route to environment `index` and compare the answers.
    case compare(environment: Int)
    /// Send `request` (confirmed) as request `id`; `purpose` says what its answer is for.
    case send(id: Int, request: PreparedRequest, purpose: AppState.InFlight.Purpose)
    /// Select the run `name` (nil: the default selection) and start it.
    case startRun(name: String?)
    /// Start `routes` as the run `title`; `confirmed` lets its writes reach a protected environment.
    case launchRun(title: String, routes: [Route], confirmed: Bool)
    /// Show the exchange of the run's row under the cursor.
    case openRunExchange
    /// Pick a run and start it.
    case pickRun
    /// Pick the environment to compare the run `name` (nil: the default selection) with.
    case pickComparison(name: String?)
    /// Run `name` (nil: the default selection) on the active environment and on environment
    /// `index`, and compare them route by route.
    case startComparison(name: String?, environment: Int)
    /// Move the run view's cursor.
    case moveRunCursor(Action)
    /// Run `effects`, saying `notice` (when there is one) in the status bar.
    case run([Effect], notice: AppState.StatusLine? = nil)
    /// Do what the palette's entry says.
    case palette(CommandPalette.Choice)
    /// Ask for `name`'s value in `environment` for this session (`current` to start from).
    case editVariable(name: String, environment: String, current: String)
    /// Set `name` in `environment` for this session (nil: back to the file's value).
    case setVariable(name: String, environment: String, value: String?)
    /// The user typed `value` for the prompt `need` of the send waiting for it.
    case answer(SendNeed, value: String)
    /// Put `operation` of `schema` in `route`'s form.
    case pickOperation(GraphQLSchema.Operation, schema: GraphQLSchema, route: String)
    /// Ask `route`'s GraphQL endpoint for its schema again.
    case fetchSchema(route: String)
}
