import EndpointRuntime
import Foundation
import HTTPTypes
import Hummingbird

/// Serves an endpoint-gen `HTTPHandler` (such as `GitHubAPI.handler(service)`) with Hummingbird:
/// each Hummingbird request becomes an `HTTPRequest` (method, URL, headers, body), the handler
/// answers it, and its status, headers and body go back, the body chunk by chunk as the handler
/// makes it (a stream of Server-Sent Events reaches the client event by event).
///
/// ```swift
/// let app = Application(responder: HandlerResponder<BasicRequestContext>(GitHubAPI.handler(MyGitHub())),
///                       configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// try await app.runService()
/// ```
public struct HandlerResponder<Context: RequestContext>: HTTPResponder {
    /// What answers the requests.
    public let handler: HTTPHandler
    /// The largest request body read, in bytes; a larger one is answered with 413.
    public let maxBodySize: Int

    /// A responder that answers every request with `handler`.
    public init(_ handler: HTTPHandler, maxBodySize: Int = 4 << 20) {
        self.handler = handler
        self.maxBodySize = maxBodySize
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        guard let received = try await Self.request(from: request, maxBodySize: maxBodySize) else {
            return Response(status: .contentTooLarge)
        }
        return Self.response(from: await handler.respond(to: received))
    }

    /// The endpoint-gen request for a Hummingbird request: its method, its URL (`http://` and the
    /// `Host` it was sent to, then the path and query as sent, still percent-encoded), its headers
    /// in order and its body. `nil` when the body is larger than `maxBodySize`.
    static func request(from request: Request, maxBodySize: Int) async throws -> EndpointRuntime.HTTPRequest? {
        var request = request
        let authority = request.head.authority ?? "localhost"
        var components = URLComponents(string: "http://\(authority)\(request.uri.string)")
            ?? URLComponents(string: "http://\(authority)/")!
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        var headers = EndpointRuntime.HTTPHeaders()
        for field in request.headers {
            headers.append(field.name.rawName, field.value)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBodySize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return nil
        }
        return EndpointRuntime.HTTPRequest(method: HTTPMethod(rawValue: request.method.rawValue), urlComponents: components,
                                           additionalHeaders: headers,
                                           body: buffer.readableBytes > 0 ? Data(buffer: buffer) : nil)
    }

    /// The Hummingbird response for a handler's answer: its body written chunk by chunk as it comes.
    /// When the client goes away the handler's body is cancelled.
    static func response(from answer: StreamedResponse) -> Response {
        var fields = HTTPFields()
        for field in answer.head.headers {
            guard let name = HTTPField.Name(field.name) else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        let chunks = answer.body
        let body = Hummingbird.ResponseBody { writer in
            do {
                for try await chunk in chunks {
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
            } catch {
                chunks.cancel()
                throw error
            }
            try await writer.finish(nil)
        }
        return Response(status: .init(code: answer.head.status), headers: fields, body: body)
    }
}
