import Foundation

/// One endpoint of a generated `<API>.handler(_:)`: its method, its path template and what answers it.
public struct ServiceRoute: Sendable {
    /// The method.
    var method: HTTPMethod { storage.method }
    /// The path below the API's base URL, placeholders by spec key: `/repos/{owner}/{repo}`.
    var template: String { storage.template }
    /// The template's segments, read once here rather than on every request.
    var segments: [Segment] { storage.segments }
    /// How many segments are literals: the most specific route (most literals) wins.
    var literals: Int { storage.literals }
    /// The media type the request's `Content-Type` must have, and one its `Accept` must list
    /// (lowercased, without parameters); nil: any. Set where endpoints share a method and path.
    var contentType: String? { storage.contentType }
    var accept: String? { storage.accept }
    /// Query items the request must have, by name.
    var queries: [String] { storage.queries }
    var respond: @Sendable (ServiceRequest) async throws -> ServiceResponse { storage.respond }

    /// What the route holds, behind one reference: the router copies routes as it looks through
    /// them, and a copy of the fields themselves retained and released each of them.
    private final class Storage: Sendable {
        let method: HTTPMethod
        let template: String
        let segments: [Segment]
        let literals: Int
        let contentType: String?
        let accept: String?
        let queries: [String]
        let hasConditions: Bool
        let respond: @Sendable (ServiceRequest) async throws -> ServiceResponse

        init(method: HTTPMethod, template: String, segments: [Segment], contentType: String?, accept: String?, queries: [String],
             respond: @escaping @Sendable (ServiceRequest) async throws -> ServiceResponse) {
            self.method = method
            self.template = template
            self.segments = segments
            self.contentType = contentType.map(MediaType.essence)
            self.accept = accept.map(MediaType.essence)
            self.queries = queries
            self.hasConditions = contentType != nil || accept != nil || !queries.isEmpty
            self.respond = respond
            self.literals = segments.reduce(0) { count, segment in
                if case .literal = segment { return count + 1 }
                return count
            }
        }
    }

    private let storage: Storage

    /// A route answering `method` on `template` with `respond`. Endpoints of one method and path
    /// are told apart by what the client sends them with: `contentType`, the media type of the body
    /// (`multipart/form-data` for the multipart twin of a JSON endpoint), `accept`, a media type
    /// the request's `Accept` lists (`text/event-stream` for an endpoint answering with a stream),
    /// and `query`, names of query items the request has (OpenAI's `beta` of `/responses?beta=true`).
    public init(_ method: HTTPMethod, _ template: String, contentType: String? = nil, accept: String? = nil, query: [String] = [],
                _ respond: @escaping @Sendable (ServiceRequest) async throws -> ServiceResponse) {
        storage = Storage(method: method, template: template,
                          segments: template.split(separator: "/", omittingEmptySubsequences: true).map(Segment.init),
                          contentType: contentType, accept: accept, queries: query, respond: respond)
    }

    /// How well `request` fits the route's conditions: how many it has when the request meets
    /// them all (0 without any), -1 when it misses one.
    func fit(_ request: HTTPRequest) -> Int {
        var met = 0
        if let contentType {
            guard let sent = request.headers["Content-Type"], MediaType.essence(sent) == contentType else { return -1 }
            met += 1
        }
        if let accept {
            guard let listed = request.headers["Accept"],
                  listed.split(separator: ",").contains(where: { MediaType.essence($0) == accept }) else { return -1 }
            met += 1
        }
        if !queries.isEmpty {
            let names = Set(ServiceRequest.items((request.receivedQuery ?? "")[...], separator: "&") { PercentEncoding.decode($0) }.map(\.0))
            for name in queries {
                guard names.contains(name) else { return -1 }
                met += 1
            }
        }
        return met
    }

    /// Whether the route has a condition on the request's media types or query items.
    var hasConditions: Bool { storage.hasConditions }

    /// One segment of a template.
    enum Segment: Sendable {
        /// Literal text: the request's segment, percent-decoded, must equal it.
        case literal(String)
        /// A whole segment that is one placeholder.
        case parameter(String)
        /// Placeholders and literals in one segment: `{name}.json`.
        case parts([TemplatePart])

        init(_ text: Substring) {
            let parts = TemplatePart.parse(text)
            switch parts.count == 1 ? parts[0] : nil {
            case let .literal(literal, _)?: self = .literal(literal)
            case let .parameter(name)?: self = .parameter(name)
            case nil: self = .parts(parts)
            }
        }
    }

    enum TemplatePart: Sendable, Equatable {
        /// A literal, as written and percent-encoded (as a client writes it).
        case literal(String, encoded: String)
        case parameter(String)

        /// `{name}.json` as `[.parameter("name"), .literal(".json", encoded: ".json")]`.
        static func parse(_ segment: Substring) -> [TemplatePart] {
            var parts: [TemplatePart] = []
            var rest = segment[...]
            func literal(_ text: Substring) -> TemplatePart { .literal(String(text), encoded: PercentEncoding.encode(String(text))) }
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { parts.append(literal(rest[..<open])) }
                parts.append(.parameter(String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { parts.append(literal(rest)) }
            return parts
        }
    }

    /// A placeholder's value or whole segment, still percent-encoded.
    typealias Values = [(name: String, value: Substring)]

    /// The placeholders' values (still percent-encoded) when `path` (encoded segments, as many as
    /// the template's) matches, with the whole segment each placeholder is in.
    func match(_ path: ArraySlice<Substring>) -> (values: Values, segments: Values)? {
        guard path.count == segments.count else { return nil }
        var values: Values = []
        var whole: Values = []
        // Until a segment of parts, each placeholder's value is its whole segment: the two lists
        // are one array then (`whole` is filled only from the first segment of parts on).
        var hasParts = false
        for (segment, template) in zip(path, segments) {
            switch template {
            case let .literal(text):
                // Most segments hold no escape: compared as they are, without decoding.
                if segment.utf8.contains(UInt8(ascii: "%")) {
                    guard PercentEncoding.decode(segment) == text else { return nil }
                } else {
                    guard segment == text else { return nil }
                }
            case let .parameter(name):
                values.append((name, segment))
                if hasParts { whole.append((name, segment)) }
            case let .parts(parts):
                if !hasParts {
                    whole = values
                    hasParts = true
                }
                guard Self.match(parts[...], segment, into: &values) else { return nil }
                for case let .parameter(name) in parts { whole.append((name, segment)) }
            }
        }
        return (values, hasParts ? whole : values)
    }

    /// Matches a segment made of parts: a placeholder takes the shortest text before the next literal.
    private static func match(_ parts: ArraySlice<TemplatePart>, _ text: Substring, into values: inout Values) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case let .literal(literal, encoded):
            if text.hasPrefix(encoded) { return match(parts.dropFirst(), text.dropFirst(encoded.count), into: &values) }
            if text.hasPrefix(literal) { return match(parts.dropFirst(), text.dropFirst(literal.count), into: &values) }
            return false
        case let .parameter(name):
            if parts.count == 1 {
                values.append((name, text))
                return true
            }
            var end = text.startIndex
            while true {
                var attempt = values
                attempt.append((name, text[..<end]))
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
/// - Two endpoints of one method and path: the one whose `contentType`, `accept` and `query` the
///   request meets (see ``ServiceRoute/init(_:_:contentType:accept:query:_:)``), else the first in
///   spec order. A literal segment wins over a placeholder (`/users/me` before `/users/{id}`).
/// - The path is matched below the base URL's path when it starts with it (`/v1` of
///   `https://api.example.com/v1`), else as it is; segments are percent-decoded.
/// - A parameter or body that does not decode is 400, the text naming it; ``ErrorResponse`` thrown
///   by the service is its status, headers and body; ``ServiceNotImplemented`` is 501; any other
///   error 500 with no details.
public struct ServiceRouter: Sendable {
    let routes: [ServiceRoute]
    let basePath: [Substring]
    let dateFormat: DateFormat
    /// The routes by number of segments (the index), in spec order: a request is matched against
    /// those of its own length only. Built once, with the router.
    private let table: [RouteGroup]
    /// Whether a route has `HEAD` (else `HEAD` is answered as `GET`).
    private let hasHead: Bool

    /// The routes of one path length: all of them (for `Allow`) and by method (a few methods:
    /// searched in order rather than hashed).
    private struct RouteGroup: Sendable {
        var all: [ServiceRoute] = []
        var byMethod: [(method: HTTPMethod, routes: [ServiceRoute])] = []

        mutating func add(_ route: ServiceRoute) {
            all.append(route)
            if let index = byMethod.firstIndex(where: { $0.method == route.method }) {
                byMethod[index].routes.append(route)
            } else {
                byMethod.append((route.method, [route]))
            }
        }

        func routes(_ method: HTTPMethod) -> [ServiceRoute] {
            // By index: `first(where:)` copied each (method, routes) pair it looked at.
            for index in byMethod.indices where byMethod[index].method == method { return byMethod[index].routes }
            return []
        }
    }

    /// A router of `routes` for an API whose base URL is `baseURL` and dates `dateFormat` (the API's `defaults`).
    public init(baseURL: String, dateFormat: DateFormat, routes: [ServiceRoute]) {
        self.routes = routes
        self.dateFormat = dateFormat
        let path = URLComponents(string: baseURL)?.percentEncodedPath ?? ""
        self.basePath = path.split(separator: "/", omittingEmptySubsequences: true)
        var table = [RouteGroup](repeating: RouteGroup(), count: (routes.map(\.segments.count).max() ?? 0) + 1)
        for route in routes { table[route.segments.count].add(route) }
        self.table = table
        self.hasHead = routes.contains { $0.method == .head }
    }

    /// The handler answering with these routes.
    public var handler: HTTPHandler {
        let router = self
        return HTTPHandler { request in await router.respond(to: request) }
    }

    /// The response to `request`; never throws.
    func respond(to request: HTTPRequest) async -> StreamedResponse {
        let response = await answer(request)
        // Made in place: a head copied into its response costs a copy of the request it carries.
        var streamed = StreamedResponse(head: HTTPResponse(status: response.status, headers: response.headers, request: request),
                                        body: response.body)
        if request.method == .head {
            streamed.head.headers.remove("Content-Length")
            streamed.body = ResponseBody(Data())
        }
        return streamed
    }

    private func answer(_ request: HTTPRequest) async -> ServiceResponse {
        let encodedPath = request.receivedPath
        var path = Self.segments(of: encodedPath)[...]
        if !basePath.isEmpty, path.starts(with: basePath) { path = path.dropFirst(basePath.count) }
        let method = request.method == .head && !hasHead ? HTTPMethod.get : request.method
        let group = path.count < table.count ? table[path.count] : RouteGroup()
        // The route of the method with the most literal segments; of those, the one whose media
        // conditions the request meets, the one meeting more of them first (a stream's route, asked
        // for by `Accept`, before its JSON twin's); the first in spec order on a tie, or when the
        // request meets none. Kept as an index and two arrays rather than an optional tuple holding
        // the route: the routes are read in place and none is copied until one is chosen.
        let candidates = group.routes(method)
        var chosen: Int?
        var chosenFit = 0
        var values: ServiceRoute.Values = []
        var segments: ServiceRoute.Values = []
        for index in candidates.indices {
            let route = candidates[index]
            let fit = route.hasConditions ? route.fit(request) : 0
            if let current = chosen {
                let literals = candidates[current].literals
                guard route.literals > literals || (route.literals == literals && fit > chosenFit) else { continue }
            }
            if let match = route.match(path) {
                chosen = index
                chosenFit = fit
                values = match.values
                segments = match.segments
            }
        }
        guard let chosen else {
            var allowed: [HTTPMethod] = []
            for route in group.all where !allowed.contains(route.method) && route.match(path) != nil {
                allowed.append(route.method)
            }
            if allowed.isEmpty { return Self.plain(404, "No endpoint has the path \(encodedPath).") }
            if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
            if !allowed.contains(.options) { allowed.append(.options) }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            if request.method == .options { return ServiceResponse(status: 204, headers: ["Allow": allow]) }
            var response = Self.plain(405, "The path \(encodedPath) takes \(allow), not \(request.method).")
            response.headers.replace("Allow", with: allow)
            return response
        }
        let respond = candidates[chosen].respond
        let serviceRequest = ServiceRequest(raw: request, dateFormat: dateFormat, pathValues: values, pathSegments: segments)
        let added = Locked(HTTPHeaders())
        do {
            var response = try await ServiceResponseHeaders.$current.withValue(added) { try await respond(serviceRequest) }
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

    /// A path's non-empty segments, still percent-encoded: split on its UTF-8 bytes.
    static func segments(of path: String) -> [Substring] {
        let utf8 = path.utf8
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start < index { segments.append(Substring(utf8[start..<index])) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start < utf8.endIndex { segments.append(Substring(utf8[start...])) }
        return segments
    }

    static func plain(_ status: Int, _ text: String) -> ServiceResponse {
        ServiceResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: ResponseBody(Data(text.utf8)))
    }
}

extension HTTPRequest {
    // The path and query read from the stored components, without a copy of them, where none is
    // still pending (a request as received, always).

    /// The percent-encoded path.
    var receivedPath: String {
        pendingURL == nil ? storedComponents.percentEncodedPath : urlComponents.percentEncodedPath
    }

    /// The percent-encoded query.
    var receivedQuery: String? {
        pendingURL == nil ? storedComponents.percentEncodedQuery : urlComponents.percentEncodedQuery
    }
}

/// Media types as routes compare them.
enum MediaType {
    /// `Multipart/Form-Data; boundary=x` -> `multipart/form-data`: lowercased, without parameters or spaces.
    static func essence(_ text: some StringProtocol) -> String {
        let end = text.firstIndex(of: ";") ?? text.endIndex
        return text[..<end].trimmingCharacters(in: .whitespaces).lowercased()
    }
}
