import Foundation

/// One endpoint of a generated `<API>.handler(_:)`: its method, its path template and what answers it.
public struct ServiceRoute: Sendable {
    /// The method.
    let method: HTTPMethod
    /// The path below the API's base URL, placeholders by spec key: `/repos/{owner}/{repo}`.
    let template: String
    let segments: [[TemplatePart]]
    let respond: @Sendable (ServiceRequest) async throws -> ServiceResponse

    /// A route answering `method` on `template` with `respond`.
    public init(_ method: HTTPMethod, _ template: String, _ respond: @escaping @Sendable (ServiceRequest) async throws -> ServiceResponse) {
        self.method = method
        self.template = template
        self.respond = respond
        self.segments = template.split(separator: "/", omittingEmptySubsequences: true).map(TemplatePart.parse)
    }

    enum TemplatePart: Sendable, Equatable {
        case literal(String)
        case parameter(String)

        /// `{name}.json` as `[.parameter("name"), .literal(".json")]`.
        static func parse(_ segment: Substring) -> [TemplatePart] {
            var parts: [TemplatePart] = []
            var rest = segment[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
                parts.append(.parameter(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { parts.append(.literal(String(rest))) }
            return parts
        }
    }

    /// The placeholders' values (still percent-encoded) when `path` (encoded segments) matches;
    /// with the number of literal segments, which picks the most specific route.
    func match(_ path: [Substring]) -> (values: [String: Substring], segments: [String: Substring], literals: Int)? {
        guard path.count == segments.count else { return nil }
        var values: [String: Substring] = [:]
        var whole: [String: Substring] = [:]
        var literals = 0
        for (segment, parts) in zip(path, segments) {
            if parts.count == 1, case let .literal(text) = parts[0] {
                guard segment.removingPercentEncoding == text else { return nil }
                literals += 1
                continue
            }
            guard Self.match(parts[...], segment, into: &values) else { return nil }
            for case let .parameter(name) in parts { whole[name] = segment }
        }
        return (values, whole, literals)
    }

    /// Matches a segment made of parts: a placeholder takes the shortest text before the next literal.
    private static func match(_ parts: ArraySlice<TemplatePart>, _ text: Substring, into values: inout [String: Substring]) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case let .literal(literal):
            let encoded = PercentEncoding.encode(literal)
            if text.hasPrefix(encoded) { return match(parts.dropFirst(), text.dropFirst(encoded.count), into: &values) }
            if text.hasPrefix(literal) { return match(parts.dropFirst(), text.dropFirst(literal.count), into: &values) }
            return false
        case let .parameter(name):
            if parts.count == 1 {
                values[name] = text
                return true
            }
            var end = text.startIndex
            while true {
                var attempt = values
                attempt[name] = text[..<end]
                if match(parts.dropFirst(), text[end...], into: &attempt) {
                    values = attempt
                    return true
                }
                guard end < text.endIndex else { return false }
                end = text.index(after: end)
            }
        }
    }
}

/// Thrown by a service requirement that is not implemented: answered with 501.
public struct ServiceNotImplemented: Error, CustomStringConvertible, Sendable {
    /// The requirement's name: `reposGet(owner:repo:ifNoneMatch:)`.
    var requirement: String

    /// The error for `requirement`.
    public init(_ requirement: String) { self.requirement = requirement }

    public var description: String { "\(requirement) is not implemented" }
}

/// An error a service throws that carries its own response: ``ErrorResponse`` whose body is `Encodable`.
protocol ServiceErrorResponse: Error {
    /// The response to send for this error.
    func serviceResponse(dateFormat: DateFormat) throws -> ServiceResponse
}

extension ErrorResponse: ServiceErrorResponse where Body: Encodable {
    /// The status, the headers and the body (JSON, or text for a `String` body).
    func serviceResponse(dateFormat: DateFormat) throws -> ServiceResponse {
        var headers = response.headers
        let data: Data
        if let text = body as? String {
            data = Data(text.utf8)
            if !headers.contains("Content-Type") { headers.replace("Content-Type", with: "text/plain; charset=utf-8") }
        } else {
            data = try ServiceRequest.jsonEncoder(dateFormat).encode(body)
            if !headers.contains("Content-Type") { headers.replace("Content-Type", with: "application/json") }
        }
        return ServiceResponse(status: response.status, headers: headers, body: ResponseBody(data))
    }
}

/// Routes requests to a generated API's endpoints: what `<API>.handler(_:)` returns, as an ``HTTPHandler``.
///
/// - An unknown path is 404; a known path with another method 405 with `Allow` listing the path's
///   methods. `HEAD` on a path with `GET` (and no `HEAD` of its own) answers as `GET` without the
///   body; `OPTIONS` on a path without an `OPTIONS` endpoint is 204 with `Allow`.
/// - Two endpoints of one method and path: the first in spec order answers. A literal segment
///   wins over a placeholder (`/users/me` before `/users/{id}`).
/// - The path is matched below the base URL's path when it starts with it (`/v1` of
///   `https://api.example.com/v1`), else as it is; segments are percent-decoded.
/// - A parameter or body that does not decode is 400, the text naming it; ``ErrorResponse`` thrown
///   by the service is its status, headers and body; ``ServiceNotImplemented`` is 501; any other
///   error 500 with no details.
public struct ServiceRouter: Sendable {
    let routes: [ServiceRoute]
    let basePath: [Substring]
    let dateFormat: DateFormat

    /// A router of `routes` for an API whose base URL is `baseURL` and dates `dateFormat` (the API's `defaults`).
    public init(baseURL: String, dateFormat: DateFormat, routes: [ServiceRoute]) {
        self.routes = routes
        self.dateFormat = dateFormat
        let path = URLComponents(string: baseURL)?.percentEncodedPath ?? ""
        self.basePath = path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The handler answering with these routes.
    public var handler: HTTPHandler {
        let router = self
        return HTTPHandler { request in await router.respond(to: request) }
    }

    /// The response to `request`; never throws.
    func respond(to request: HTTPRequest) async -> StreamedResponse {
        let response = await answer(request)
        var head = HTTPResponse(status: response.status, headers: response.headers, request: request)
        if request.method == .head {
            head.headers.remove("Content-Length")
            return StreamedResponse(head: head, body: ResponseBody(Data()))
        }
        head.body = Data()
        return StreamedResponse(head: head, body: response.body)
    }

    private func answer(_ request: HTTPRequest) async -> ServiceResponse {
        var path = request.urlComponents.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
        if !basePath.isEmpty, path.starts(with: basePath) { path.removeFirst(basePath.count) }
        var best: (route: ServiceRoute, values: [String: Substring], segments: [String: Substring], literals: Int)?
        var allowed: [HTTPMethod] = []
        let method = request.method == .head && !routes.contains(where: { $0.method == .head }) ? HTTPMethod.get : request.method
        for route in routes {
            guard let match = route.match(path) else { continue }
            if !allowed.contains(route.method) { allowed.append(route.method) }
            guard route.method == method else { continue }
            if best == nil || match.literals > best!.literals { best = (route, match.values, match.segments, match.literals) }
        }
        guard let best else {
            if allowed.isEmpty { return Self.plain(404, "No endpoint has the path \(request.urlComponents.percentEncodedPath).") }
            if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
            if !allowed.contains(.options) { allowed.append(.options) }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            if request.method == .options { return ServiceResponse(status: 204, headers: ["Allow": allow]) }
            var response = Self.plain(405, "The path \(request.urlComponents.percentEncodedPath) takes \(allow), not \(request.method).")
            response.headers.replace("Allow", with: allow)
            return response
        }
        let serviceRequest = ServiceRequest(raw: request, dateFormat: dateFormat, pathValues: best.values, pathSegments: best.segments)
        let added = Locked(HTTPHeaders())
        do {
            var response = try await ServiceResponseHeaders.$current.withValue(added) { try await best.route.respond(serviceRequest) }
            for field in added.withLock({ $0 }) { response.headers.append(field.name, field.value) }
            return response
        } catch let error as ServiceInputError {
            return Self.plain(400, error.description)
        } catch let error as ServiceNotImplemented {
            return Self.plain(501, "\(error.requirement) is not implemented.")
        } catch let error as any ServiceErrorResponse {
            return (try? error.serviceResponse(dateFormat: dateFormat)) ?? Self.plain(500, "Internal Server Error")
        } catch {
            return Self.plain(500, "Internal Server Error")
        }
    }

    static func plain(_ status: Int, _ text: String) -> ServiceResponse {
        ServiceResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: ResponseBody(Data(text.utf8)))
    }
}
