import CourierCore

/// Prints a response for `courier call`: optional head, then the body as JSON, text or a
/// note about binary data.
struct ResponsePrinter {
    var include: Bool
    var raw: Bool
    var color: Bool

    func print(_ exchange: Exchange, jsonPath: String?) throws {
        let response = exchange.response
        if include {
            var head = response.statusLine + "\n"
            for header in response.headers { head += "\(header.name): \(header.value)\n" }
            Console.out(exchange.origin.masking(head) + "\n")
        }
        if raw {
            Console.raw(response.body)
            return
        }
        guard !response.body.isEmpty else { return }
        let path = JSONPath(jsonPath ?? "")
        if BodyKind.looksLikeJSON(response.body, contentType: response.contentType) {
            let formatter = JSONFormatter(style: color ? .terminal : nil)
            do {
                // One pass: the printer validates; a path is looked up only when given.
                let range = path.isEmpty ? 0..<response.body.count : try path.select(in: response.body)
                Console.write(try formatter.format(response.body, range: range))
                return
            } catch let error as JSONPathError {
                if case .missing = error { throw CLIFailure(error.description) }
            } catch {
                // Not JSON after all: shown as text or binary below.
            }
        }
        if !path.isEmpty { throw CLIFailure(JSONPathError.notJSON(firstError(response.body)).description) }
        if BodyKind.isBinary(response.body) {
            Console.out(
                BodyKind.binaryNote(size: response.body.count, contentType: response.contentType)
                    + " (use --raw to print it)\n")
        } else {
            Console.write(response.body)
            if response.body.last != UInt8(ascii: "\n") { Console.out("\n") }
        }
    }

    private func firstError(_ body: [UInt8]) -> JSONSyntaxError {
        do {
            _ = try JSONFormatter().format(body)
            return JSONSyntaxError(line: 1, column: 1, offset: 0, reason: "not JSON")
        } catch {
            return error
        }
    }
}
