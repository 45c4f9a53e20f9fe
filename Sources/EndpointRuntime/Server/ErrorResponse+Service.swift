import Foundation

extension ErrorResponse {
    /// An error response for a service to throw: a `<API>.Service` implementation answers with an
    /// endpoint's declared error body by throwing it, and `<API>.handler(_:)` sends `status`,
    /// `headers` and `body` (encoded as the spec declares it). A client then catches it as the same
    /// `ErrorResponse<Body>`, with the body decoded.
    ///
    /// ```swift
    /// struct Fake: GistsAPI.Service {
    ///     func gistsGet(gistID: String) async throws -> GistsAPI.Gist {
    ///         throw ErrorResponse(status: 404, body: GistsAPI.BasicError(message: "Not Found"))
    ///     }
    /// }
    /// ```
    ///
    /// ``response`` has the status and headers, no body bytes, and an empty `GET` request: the
    /// request is not known where the error is made.
    public init(status: Int, body: Body, headers: HTTPHeaders = [:]) {
        self.init(body: body, response: HTTPResponse(status: status, headers: headers,
                                                     request: HTTPRequest(method: .get, urlComponents: URLComponents())))
    }
}
