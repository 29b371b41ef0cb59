import CourierCore

/// Building, confirming, sending and receiving requests.
extension AppState {
    /// Builds the open form's request and sends it, or asks for confirmation first.
    mutating func send() -> [Effect] {
        guard let (route, form) = openForm else {
            if let route = routeList.selected {
                requestPane.open(route)
                return send()
            }
            return []
        }
        var request: PreparedRequest
        do {
            var input = try form.input()
            input.language = language
            request = try builder.build(
                route: route, environment: environment, input: input, captured: captured[environment.name] ?? [:])
            request.options.maxBodyInMemory = maxBodyInMemory
        } catch let error as FormError {
            status = StatusLine(text: error.description, isError: true)
            return []
        } catch let error as RequestError {
            status = StatusLine(text: error.description, isError: true)
            return []
        } catch {
            status = StatusLine(text: "\(error)", isError: true)
            return []
        }
        let id = nextRequestID
        nextRequestID += 1
        if request.needsConfirmation {
            mode = .dialog(.confirm(id: id, request: request))
            return []
        }
        return dispatch(id: id, request: request)
    }

    mutating func dispatch(id: Int, request: PreparedRequest) -> [Effect] {
        inFlight[id] = InFlight(request: request)
        status = nil
        return [.send(id: id, request: request)]
    }

    mutating func receive(id: Int, result: Result<Exchange, TransportError>) -> [Effect] {
        guard let sent = inFlight.removeValue(forKey: id)?.request else { return [] }  // cancelled: ignore late answers
        switch result {
        case .success(let exchange):
            // Captures count even from a response that is no longer shown.
            keepCaptures(of: exchange)
            // A slower, older request never replaces a newer one on screen.
            if let shown = response, shown.requestID > id { return [] }
            let jsonPath = workspace.routes.first { $0.name == sent.origin.routeName }?.jsonPath
            response = ResponseDisplay(requestID: id, exchange: exchange, jsonPath: jsonPath)
            status = nil
            if !exchange.captured.isEmpty {
                let names = exchange.captured.keys.sorted().joined(separator: ", ")
                status = StatusLine(text: "captured \(names) for \(exchange.origin.environmentName)", isError: false)
            }
        case .failure(.cancelled):
            status = StatusLine(text: "request cancelled", isError: false)
        case .failure(let error):
            status = StatusLine(
                text:
                    "\(sent.origin.routeName) @ \(sent.origin.environmentName): \(sent.origin.masking(error.description))",
                isError: true)
        }
        return []
    }

    /// Keeps what `exchange`'s captures found, for later requests to its environment.
    mutating func keepCaptures(of exchange: Exchange) {
        captured[exchange.origin.environmentName, default: [:]].merge(exchange.captured) { _, new in new }
    }

    /// Rows available to the response body with the current layout.
    public var responseBodyHeight: Int { max(1, Layout(width: width, height: height, state: self).response.height - 2) }
}
