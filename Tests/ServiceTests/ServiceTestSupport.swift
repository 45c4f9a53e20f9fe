import EndpointRuntime
import Foundation

/// The response of `handler` to `request`, its body read whole.
func answer(_ handler: HTTPHandler, _ request: HTTPRequest) async throws -> HTTPResponse {
    let streamed = await handler.respond(to: request)
    var response = streamed.head
    for try await chunk in streamed.body { response.body.append(chunk) }
    return response
}

/// A request to `url` as a server receives it.
func rawRequest(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders = [:], body: Data? = nil) -> HTTPRequest {
    HTTPRequest(method: method, urlComponents: URLComponents(string: url)!, additionalHeaders: headers, body: body)
}

/// A client whose requests `handler` answers in process.
func client(_ handler: HTTPHandler) -> HTTPClient {
    HTTPClient(transport: InProcessTransport(handler))
}

/// Inputs a fake received, for the test to read after the call.
final class Received<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        stored = value
    }

    var value: Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
