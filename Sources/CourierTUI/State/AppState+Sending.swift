import CourierCore

/// Building, confirming, sending and receiving requests.
extension AppState {
    /// Builds the open form's request and sends it, or asks for confirmation first.
    mutating func send() -> [Effect] {
        guard let (route, _) = openForm else {
            if let route = routeList.selected {
                requestPane.open(route)
                return send()
            }
            return []
        }
        return send(route: route, to: environment)
    }

    /// Sends `route` to `environment` with what its form holds (asking first for a mutating
    /// request to a protected environment); `purpose` says what its answer is for.
    mutating func send(route: Route, to environment: Environment, purpose: InFlight.Purpose = .show) -> [Effect] {
        guard var request = prepare(route: route, environment: environment) else {
            if var wait = valueWait, wait.route.name == route.name {
                wait.purpose = purpose
                return ask(for: wait)
            }
            if case .show = purpose, let status {
                response = nil
                failure = RequestFailure(routeName: route.name, environmentName: environment.name, notSent: status.text)
            }
            return []
        }
        request.options.maxBodyInMemory = maxBodyInMemory
        let id = nextRequestID
        nextRequestID += 1
        if request.needsConfirmation {
            mode = .dialog(Modal(ConfirmDialog(id: id, request: request, purpose: purpose)))
            return []
        }
        return dispatch(id: id, request: request, purpose: purpose)
    }

    /// `route`'s request to `environment` from its form (the saved values when it was never
    /// opened), or nil with the reason in the status bar; with `introspection`, the same
    /// endpoint asked for its GraphQL schema (the form's path, query and headers, not its query
    /// or variables).
    mutating func prepare(route: Route, environment: Environment, introspection: Bool = false) -> PreparedRequest? {
        do {
            let form =
                requestPane.forms[route.name]
                ?? RequestForm(route: route, saved: requestPane.savedFields[route.name] ?? [:])
            var input = made(try Self.input(of: form, route: route))
            input.language = language
            if introspection {
                input.graphQLQuery = nil
                input.graphQLOperationName = nil
                input.graphQLVariables = nil
            }
            return try builder.build(
                route: introspection ? route.introspection : route, environment: environment, input: input,
                captured: captured[environment.name] ?? [:])
        } catch let error as FormError {
            status = StatusLine(text: error.description, isError: true)
        } catch RequestError.needsValue(let need) {
            // `send` asks for it; anything else that builds (copying as curl) says why not.
            valueWait = ValueWait(need: need, route: route, environment: environment)
            status = StatusLine(text: RequestError.needsValue(need).screenDescription, isError: true)
        } catch let error as RequestError {
            status = StatusLine(text: error.screenDescription, isError: true)
        } catch {
            status = StatusLine(text: "\(error)", isError: true)
        }
        return nil
    }

    mutating func dispatch(id: Int, request: PreparedRequest, purpose: InFlight.Purpose = .show) -> [Effect] {
        inFlight[id] = InFlight(request: request, purpose: purpose)
        status = nil
        if case .schema(let route) = purpose {
            status = StatusLine(text: "asking \(request.request.url) for its schema…", isError: false)
            return [.fetchGraphQLSchema(id: id, route: route, request: request)]
        }
        // Asked once per send: the next one asks again (a one-time code) and reads files anew.
        sendAnswers = sendAnswers.filter { if case .command = $0.key { true } else { false } }
        return [.send(id: id, request: request)]
    }

    mutating func receive(id: Int, result: Result<Exchange, TransportError>, printed: TextDocument? = nil)
        -> [Effect]
    {
        // A conversation that ended takes no more messages.
        if case .typingMessage(let typing, _, _) = mode, typing == id { mode = .normal }
        guard let flight = inFlight.removeValue(forKey: id) else { return [] }  // cancelled: ignore late answers
        let sent = flight.request
        switch result {
        case .success(let exchange):
            // Captures count even from a response that is no longer shown.
            keepCaptures(of: exchange)
            if case .compare(let left, let title) = flight.purpose {
                return showComparison(left: left, leftTitle: title, right: exchange)
            }
            // A slower, older request never replaces a newer one on screen.
            if let shown = response, shown.requestID > id { return [] }
            let jsonPath = workspace.routes.first { $0.name == sent.origin.routeName }?.jsonPath
            let live = response.flatMap { $0.requestID == id && ($0.stream != nil || $0.arrival != nil) ? $0 : nil }
            response = ResponseDisplay(requestID: id, exchange: exchange, jsonPath: jsonPath, printed: printed)
            // The stream's end (or the rest of a body shown as it came) must not move what the
            // user is reading.
            if let live {
                let rows = responseBodyHeight
                response?.keepView(of: live, height: rows)
            }
            shownExchange = exchange
            liveExchange = exchange
            // Sending cleared the status, so an error there came while this request was out
            // (history that cannot be written, a jar that cannot be saved): it stays, whichever
            // of the two messages the runtime delivered first.
            if status?.isError != true { status = nil }
            if !exchange.captured.isEmpty {
                let names = exchange.captured.keys.sorted().joined(separator: ", ")
                status = StatusLine(text: "captured \(names) for \(exchange.origin.environmentName)", isError: false)
            }
            if let warning = exchange.response.warnings.first {
                status = StatusLine(text: exchange.origin.masking(warning), isError: true)
            }
        case .failure(.protectedRedirect(_, let url, let environment)):
            // Nothing reached the protected environment: ask, as for a request sent there.
            if response?.requestID == id { response?.endStream(.failed) }
            let redirect = ProtectedRedirect(url: url, environment: environment)
            mode = .dialog(Modal(ConfirmDialog(id: id, request: sent, redirect: redirect, purpose: flight.purpose)))
        case .failure(.cancelled):
            if response?.requestID == id { response?.endStream(.stopped) }
            status = StatusLine(text: "request cancelled", isError: false)
        case .failure(let error):
            if response?.requestID == id, response?.stream != nil || response?.arrival != nil {
                // A stream that broke off keeps the events that came.
                response?.endStream(.failed)
            } else if case .show = flight.purpose, (response?.requestID ?? 0) < id, (failure?.requestID ?? 0) < id {
                // The failure takes the pane: the last answer left there read as this one's.
                response = nil
                failure = RequestFailure(id: id, request: sent, error: error)
            }
            status = StatusLine(
                text:
                    "\(sent.origin.routeName) @ \(sent.origin.environmentName): \(sent.origin.masking(error.description))",
                isError: true)
        }
        return []
    }

    /// The newest request in flight whose answer the Response pane will show, if any.
    public var awaited: (id: Int, flight: InFlight)? {
        inFlight.filter { $0.value.purpose == .show }.max { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Keeps what `exchange`'s captures found, for later requests to its environment.
    mutating func keepCaptures(of exchange: Exchange) {
        captured[exchange.origin.environmentName, default: [:]].merge(exchange.captured) { _, new in new }
    }

    /// Rows available to the response body with the current layout.
    public var responseBodyHeight: Int { max(1, Layout(width: width, height: height, state: self).response.height - 2) }
    /// The Response pane's inner width (the cursor column and a gutter included).
    public var responseBodyWidth: Int { max(1, Layout(width: width, height: height, state: self).response.width - 2) }
}
