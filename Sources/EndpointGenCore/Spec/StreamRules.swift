// The rules of a streamed response: `response.stream`, `response.end`, the element type and a
// streamed response's `sample`. Pure functions of the spec's nodes, called where the validator reads
// and checks a response, so each rule is written once and reports at the offending value.
enum StreamRules {
    struct Problem: Error, Equatable {
        var message: String
        var location: SourceLocation
    }

    static var kinds: [String] { SpecKeys.streams }

    /// The stream kind `node` names, or why it names none (with a did-you-mean).
    static func kind(_ node: JSONNode) -> Result<Response.Stream, Problem> {
        guard case .string(let text) = node.value else {
            return .failure(Problem(message: "'stream' must be one of \(Validation.list(kinds)), found \(Validation.kind(of: node))",
                                    location: node.location))
        }
        if let kind = Response.Stream(rawValue: text) { return .success(kind) }
        var message = "unknown stream '\(text)'; expected one of \(Validation.list(kinds))"
        if let suggestion = Naming.didYouMean(text, candidates: kinds) {
            message = "unknown stream '\(text)'; did you mean '\(suggestion)'?"
        }
        return .failure(Problem(message: message, location: node.location))
    }

    /// The `end` sentinel `node` gives, or why it cannot be one. `stream` is the response's kind, if
    /// it has a valid one (`nil` when there is no `stream` key or it is invalid); `hasStream` says
    /// whether the key is there at all.
    static func end(_ node: JSONNode, stream: Response.Stream?, hasStream: Bool) -> Result<String, Problem> {
        guard case .string(let text) = node.value else {
            return .failure(Problem(message: "'end' must be a string, found \(Validation.kind(of: node))", location: node.location))
        }
        if text.isEmpty {
            return .failure(Problem(message: "'end' must not be empty: it is the event data that ends the stream, such as \"[DONE]\"",
                                    location: node.location))
        }
        if !hasStream {
            return .failure(Problem(message: "'end' needs \"stream\": \"sse\": it is the event data that ends a stream of Server-Sent Events",
                                    location: node.location))
        }
        if let stream, stream != .sse {
            return .failure(Problem(message: "'end' is only for \"stream\": \"sse\", not '\(stream.rawValue)'", location: node.location))
        }
        return .success(text)
    }

    /// What is wrong with `type` as the element type of a `stream` stream, reported at the type.
    static func elementProblem(_ type: TypeRef, stream: Response.Stream, at location: SourceLocation) -> Problem? {
        let message: String?
        switch type {
        case .void:
            message = "a streamed response needs an element 'type'; 'Void' has none"
        case .optional:
            message = "the elements of a streamed response cannot be optional: '\(type.specText)'"
        case .file:
            message = "a streamed response cannot have 'File' elements; use \"stream\": \"bytes\" with 'Data'"
        case .builtin(.data) where stream != .bytes:
            message = "'Data' elements need \"stream\": \"bytes\" (the body's chunks); '\(stream.rawValue)' elements are decoded from JSON"
        default:
            message = stream == .bytes && type != .builtin(.data)
                ? "\"stream\": \"bytes\" delivers the body's chunks, so its 'type' must be 'Data', not '\(type.specText)'"
                : nil
        }
        return message.map { Problem(message: $0, location: location) }
    }

    /// A streamed response's `sample`: a JSON array of elements, each as compact JSON text.
    static func sampleElements(_ node: JSONNode, stream: Response.Stream) -> Result<[String], Problem> {
        if stream == .bytes {
            return .failure(Problem(message: "a sample of \"stream\": \"bytes\" cannot be given; stub the bytes in tests instead",
                                    location: node.location))
        }
        guard case .array(let elements) = node.value else {
            return .failure(Problem(message: "the sample of a streamed response must be an array of its elements, found \(Validation.kind(of: node))",
                                    location: node.location))
        }
        return .success(elements.map(\.compactJSON))
    }
}
