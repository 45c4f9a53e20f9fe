import BenchAPI
import EndpointRuntime
import Foundation

/// The endpoint the response belongs to, and the request it was sent for: made once, as a
/// client does before the response arrives.
private let listEndpoint = BenchAPI.Activities.list(perPage: 100)
private let listRequest: HTTPRequest? = try? listEndpoint.httpRequest()

/// Decodes `body` the way a client does with a generated endpoint: the endpoint checks the status
/// and applies its own `ResponseDecoder` (`.json`, dates in the request's `DateFormat`).
func decodeThroughRuntime(_ body: Data) throws -> [BenchAPI.Activity] {
    guard let listRequest else { throw BenchError.badURL }
    return try listEndpoint.decode(HTTPResponse(status: 200, body: body, request: listRequest))
}
