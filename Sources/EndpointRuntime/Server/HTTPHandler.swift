import Foundation

/// Answers an ``HTTPRequest`` with a response: the server side of an API, without a socket.
///
/// A generated API's `<API>.handler(_:)` returns one that routes each request to a `<API>.Service`;
/// ``InProcessTransport`` sends a client's requests to it, and a server (see
/// `Examples/HummingbirdServer`) hands it the requests it receives. A handler never throws: a
/// failure is a response (a 404 for an unknown path, a 500 for a service that failed).
///
/// ```swift
/// let hello = HTTPHandler { request in
///     let head = HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], request: request)
///     return StreamedResponse(head: head, body: ResponseBody(Data("hello from \(request.urlComponents.path)".utf8)))
/// }
/// let client = HTTPClient(transport: InProcessTransport(hello))
/// let response = try await client.data(for: HTTPRequest(.get, baseURL: "https://api.example.com") { Path("greeting") })
/// print(response.text)                                        // hello from /greeting
/// ```
///
/// The body of the answer is a ``ResponseBody``: one chunk (`ResponseBody(data)`), or chunks made as
/// the handler goes (`ResponseBody(next:cancel:)`), which ``InProcessTransport`` delivers to the
/// client one by one, as they are made.
public struct HTTPHandler: Sendable {
    private let respond: @Sendable (HTTPRequest) async -> StreamedResponse

    /// A handler that answers with `respond`.
    public init(_ respond: @escaping @Sendable (HTTPRequest) async -> StreamedResponse) {
        self.respond = respond
    }

    /// The response to `request`: its status and headers, and its body to read as it is made.
    /// Never throws: failures are responses.
    public func respond(to request: HTTPRequest) async -> StreamedResponse {
        await respond(request)
    }
}
