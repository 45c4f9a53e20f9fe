import Foundation

// The server side of an API (`"service": true`, `--service`): the `<API>.Service` protocol, one
// requirement per endpoint answering 501 until implemented, and `<API>.handler(_:)`, which routes
// a request to its endpoint, reads its parameters and body as the client writes them, calls the
// service and writes its result as the client reads it (docs/generated-code.md, "Services").
//
// Everything here reads the validated `Spec` and the translator's own choices of names and types
// (`signature(of:)`, `responseShape`, `decoder(for:)`); nothing depends on how the `Call` enum is
// rendered.
extension Translator {
    /// One endpoint as the service sees it: its requirement's name and the level it sits in.
    struct ServiceEndpoint {
        var endpoint: Endpoint
        var level: Level
        /// `reposGet`: the group path and the endpoint in lower camel case, not escaped.
        var name: String
    }

    /// Every endpoint with its requirement name, depth first in spec order. Names are unique: a
    /// name already taken (`a_b.c` and `a.b_c` are both `aBC`) gets the first free number
    /// (`aBC2`, `aBC3`, ...) in that order.
    func serviceEndpoints() -> [ServiceEndpoint] {
        var result: [ServiceEndpoint] = []
        var taken: Set<String> = []
        for level in allLevels() {
            let groupWords = level.keys.map { Naming.lowerCamel($0) }
            for endpoint in level.group.endpoints {
                var base = groupWords.first ?? endpoint.swiftName
                for word in groupWords.dropFirst() + (groupWords.isEmpty ? [] : [endpoint.swiftName]) {
                    base += Self.upperFirst(word)
                }
                var name = base
                var number = 2
                while !taken.insert(name).inserted {
                    name = base + String(number)
                    number += 1
                }
                result.append(ServiceEndpoint(endpoint: endpoint, level: level, name: name))
            }
        }
        return result
    }

    private static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// The declarations `"service": true` adds after the client's.
    func serviceDeclarations() -> [Declaration] {
        // Written outside the API's namespace (`extension GitHubAPI.Service`), so model names are qualified.
        var qualified = self
        qualified.modelQualifier = apiTypeName
        let endpoints = serviceEndpoints()
        return [
            Declaration(kind: .lineComment("The server side: a protocol to implement, and the handler that serves it.")),
            Declaration(kind: .extension(ExtensionDecl(extendedType: apiType, members: [
                qualified.serviceProtocol(endpoints), qualified.handlerFunction(endpoints),
            ]))),
            qualified.defaultImplementations(endpoints),
        ]
    }

    private var serviceTypeName: String { RuntimeNames.Service.protocolName }

    /// The requirement's parameters: the endpoint's, without defaults.
    private func serviceParameters(_ endpoint: Endpoint) -> [FunctionParameter] {
        signature(of: endpoint).map { parameter in
            var copy = parameter
            copy.defaultValue = nil
            return copy
        }
    }

    /// What a requirement returns: the endpoint's `Response` (`AsyncThrowingStream<Element, any
    /// Error>` for a stream), wrapped in `ResponseWithHeaders` when it declares headers.
    func serviceResultType(_ service: ServiceEndpoint) -> TypeName {
        let endpoint = service.endpoint
        var body: TypeName
        switch endpoint.response.shape {
        case let .single(type):
            body = swiftType(type)
            if endpoint.response.stream != nil {
                body = .generic(.named("AsyncThrowingStream"), [body, .existential(.named("Error"))])
            }
        case let .optional(type): body = .optional(swiftType(type))
        case .cases: body = .member(service.level.qualifiedName, endpoint.responseTypeName)
        }
        guard !endpoint.response.headers.isEmpty else { return body }
        return .generic(runtime(RuntimeNames.Service.withHeaders),
                        [body, .member(service.level.qualifiedName, endpoint.headersTypeName)])
    }

    private func requirement(_ service: ServiceEndpoint, body: [Statement]?) -> FunctionDecl {
        let returnType = serviceResultType(service)
        return FunctionDecl(access: body == nil ? nil : access, kind: .function(name: Identifier(service.name), isStatic: false, isMutating: false),
                            parameters: serviceParameters(service.endpoint), throwsErrors: true,
                            returnType: returnType == .named("Void") ? nil : returnType, body: body ?? [], isAsync: true,
                            isRequirement: body == nil)
    }

    /// `public protocol Service: Sendable { func reposGet(owner: String, ...) async throws -> ... }`
    private func serviceProtocol(_ endpoints: [ServiceEndpoint]) -> Declaration {
        let members = endpoints.map { service in
            Declaration(documentation: serviceDocumentation(service), kind: .function(requirement(service, body: nil)))
        }
        return Declaration(documentation: [
            "The server side of \(spec.api.swiftName): one requirement per endpoint, named by its group path and its name.",
            "Every requirement answers 501 until implemented, so a fake implements only what a test calls;",
            "`\(RuntimeNames.Service.handlerName)(_:)` serves an implementation. Throw `\(RuntimeNames.errorResponse)(status:body:headers:)` to answer",
            "with an error body the spec declares; any other error is answered with 500.",
        ], kind: .protocol(ProtocolDecl(access: access, name: serviceTypeName, inheritance: [.named("Sendable")], members: members)))
    }

    private func serviceDocumentation(_ service: ServiceEndpoint) -> [String] {
        let summary = "`\(service.endpoint.method) \(pathTemplate(service.endpoint))`"
        let description = documentation(service.endpoint.description)
        return description.isEmpty ? [summary] : [summary + ": " + description[0]] + description.dropFirst()
    }

    /// `extension GitHubAPI.Service { public func reposGet(...) async throws -> ... { throw ServiceNotImplemented("reposGet") } }`
    private func defaultImplementations(_ endpoints: [ServiceEndpoint]) -> Declaration {
        let members = endpoints.map { service in
            let label = service.name + "(" + serviceParameters(service.endpoint).map { ($0.label?.name ?? "_") + ":" }.joined() + ")"
            return Declaration(kind: .function(requirement(service, body: [
                .throw(.call(.type(runtime(RuntimeNames.Service.notImplemented)), [Argument(.stringLiteral(label))])),
            ])))
        }
        return Declaration(documentation: [], kind: .extension(ExtensionDecl(
            extendedType: .member(apiType, serviceTypeName), members: [
                Declaration(kind: .lineComment("Every requirement answers 501 Not Implemented until a service implements it.")),
            ] + members)))
    }

    /// `public static func handler(_ service: some Service) -> HTTPHandler { ServiceRouter(...).handler }`
    private func handlerFunction(_ endpoints: [ServiceEndpoint]) -> Declaration {
        let conditions = Self.routeConditions(of: endpoints.map(\.endpoint), in: spec)
        let routes = zip(endpoints, conditions).map { route($0, conditions: $1) }
        let router = Expression.call(.type(runtime(RuntimeNames.Service.router)), [
            Argument(RuntimeNames.Label.baseURL, .member(.identifier(ReservedNames.Members.defaults), RuntimeNames.Service.defaultsBaseURL)),
            Argument(RuntimeNames.Label.dateFormat, .member(.identifier(ReservedNames.Members.defaults), RuntimeNames.Service.defaultsDateFormat)),
            Argument(RuntimeNames.Label.routes, .arrayLiteral(routes, multiline: true)),
        ])
        return Declaration(documentation: [
            "Serves `service`: routes each request by method and path to its endpoint, reads the parameters and",
            "the body as the client writes them, calls the service and writes its result as the client reads it.",
            "Unknown paths are 404, other methods 405 (with `Allow`), values that do not decode 400.",
        ], kind: .function(FunctionDecl(
            access: access, kind: .function(name: Identifier(word: RuntimeNames.Service.handlerName), isStatic: true, isMutating: false),
            parameters: [FunctionParameter(label: nil, name: "service", type: .opaque(.named(serviceTypeName)))],
            returnType: runtime(RuntimeNames.Service.handler), body: [.return(.member(router, RuntimeNames.Service.routerHandler))])))
    }

    /// The template the router matches: `/repos/{owner}/{repo}`, empty segments left out as the client leaves them.
    /// An endpoint with a base URL of its own is matched below that URL's path, as a server there
    /// receives it (HTTPBin's `mirror` at `https://eu.httpbin.org/v2`: `/v2/get`), less the part the
    /// router takes off every request (the API's base path).
    static func routeTemplate(_ endpoint: Endpoint, apiBaseURL: String) -> String {
        let segments = endpoint.path.compactMap { segment -> String? in
            let text = segment.parts.map { part -> String in
                switch part {
                case let .literal(text): return text
                case let .parameter(key): return "{\(key)}"
                }
            }.joined()
            return text.isEmpty ? nil : text
        }
        var base: [Substring] = []
        if let own = endpoint.baseURL {
            // Decoded segment by segment, as the spec's own path literals are written and as the
            // router compares them: `https://x/my%20api` is the literal `my api`.
            func path(_ url: String) -> [Substring] {
                (URLComponents(string: url)?.percentEncodedPath ?? "").split(separator: "/").map { segment in
                    segment.removingPercentEncoding.map { Substring($0) } ?? segment
                }
            }
            base = path(own)
            let apiBase = path(apiBaseURL)
            if !apiBase.isEmpty, base.starts(with: apiBase) { base.removeFirst(apiBase.count) }
        }
        return "/" + (base.map(String.init) + segments).joined(separator: "/")
    }

    private func routeTemplate(_ endpoint: Endpoint) -> String { Self.routeTemplate(endpoint, apiBaseURL: spec.baseURL) }

    /// What the router matches an endpoint by: its method and template, placeholders alike whatever
    /// their names (`/users/{id}` and `/users/{name}` are one route).
    static func routeKey(_ endpoint: Endpoint, apiBaseURL: String) -> String {
        endpoint.method + " " + routeTemplate(endpoint, apiBaseURL: apiBaseURL)
            .replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
    }

    /// Each endpoint's conditions, nil for an endpoint whose route no other endpoint has: the media
    /// types it is sent with (`routeConditions`), and the query items it always sends that some other
    /// endpoint of its route does not (OpenAI's `/responses?beta=true` beside `/responses`).
    static func routeConditions(of endpoints: [Endpoint], in spec: Spec) -> [RouteConditions?] {
        let keys = endpoints.map { routeKey($0, apiBaseURL: spec.baseURL) }
        var members: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() { members[key, default: []].append(index) }
        let enums = Set(spec.models.compactMap { model -> String? in
            switch model.kind {
            case .enumeration, .integerEnumeration: return model.swiftName
            default: return nil
            }
        })
        var conditions = [RouteConditions?](repeating: nil, count: endpoints.count)
        for route in members.values where route.count > 1 {
            let sent = route.map { alwaysSentQueryItems(endpoints[$0], enums: enums) }
            let everyone = sent.dropFirst().reduce(sent[0]) { $0.intersection($1) }
            for (index, items) in zip(route, sent) {
                var condition = routeConditions(endpoints[index], apiHeaders: spec.headers)
                condition.queries = items.subtracting(everyone).sorted()
                conditions[index] = condition
            }
        }
        return conditions
    }

    /// The names of the query items an endpoint always sends: its query parameters of a single
    /// value (a scalar or an enum: its name is the item's) that are required or have a default.
    static func alwaysSentQueryItems(_ endpoint: Endpoint, enums: Set<String>) -> Set<String> {
        Set(endpoint.parameters.compactMap { parameter in
            guard parameter.location == .query, !parameter.type.isOptional || parameter.defaultValue != nil else { return nil }
            switch parameter.type.unwrapped {
            case .builtin(let builtin) where builtin != .data: return parameter.wireName
            case .model(let name, true) where enums.contains(name): return parameter.wireName
            default: return nil
            }
        })
    }

    /// What the client sends that tells an endpoint from another of its route: the media type of
    /// its body (`contentType` or the encoding's, `multipart/form-data` for multipart; none for a
    /// `File`, which sends its own), and the `Accept` it sends as a constant naming one media type
    /// (its own header, else the API's, else its response's `contentType`).
    static func routeConditions(_ endpoint: Endpoint, apiHeaders: [Header]) -> RouteConditions {
        var conditions = RouteConditions()
        if let body = endpoint.body, body.type.unwrapped != .file {
            switch body.encoding {
            case .json: conditions.contentType = body.contentType ?? "application/json"
            case .form: conditions.contentType = body.contentType ?? "application/x-www-form-urlencoded"
            // The client always sends a multipart body as `multipart/form-data` with its boundary.
            case .multipart: conditions.contentType = "multipart/form-data"
            case .binary: conditions.contentType = body.contentType ?? "application/octet-stream"
            case .text: conditions.contentType = body.contentType ?? "text/plain"
            }
        }
        let isAccept = { (name: String) in name.caseInsensitiveCompare("Accept") == .orderedSame }
        if !endpoint.parameters.contains(where: { $0.location == .header && isAccept($0.wireName) }) {
            if let own = endpoint.overrides.headers.last(where: { isAccept($0.name) }) {
                conditions.accept = own.value
            } else if !endpoint.overrides.removedHeaders.contains(where: isAccept) {
                conditions.accept = apiHeaders.last(where: { isAccept($0.name) })?.value
            }
            if conditions.accept?.contains(",") == true { conditions.accept = nil }
        }
        return conditions
    }

    /// See `routeConditions`.
    struct RouteConditions: Hashable {
        var contentType: String?
        var accept: String?
        /// Query items the request must have (by name), sorted.
        var queries: [String] = []

        /// As the router compares them: the media types alone, lowercased.
        var normalized: RouteConditions {
            RouteConditions(contentType: contentType.map(Validation.bareMediaType), accept: accept.map(Validation.bareMediaType), queries: queries)
        }
    }

    /// `ServiceRoute(.get, "/repos/{owner}/{repo}") { request in ... }`; with `conditions`, what tells
    /// it from the other endpoints of its route (`contentType:`, `accept:`, `query:`).
    private func route(_ service: ServiceEndpoint, conditions: RouteConditions?) -> Expression {
        let endpoint = service.endpoint
        var arguments: [Argument] = endpoint.parameters.map { parameter in
            let type = swiftType(parameter.type)
            var readArguments = [Argument(.stringLiteral(parameter.location == .path ? parameter.key : parameter.wireName)),
                                 Argument(RuntimeNames.Label.as, .metatype(type))]
            if let style = styleExpression(parameter.style, in: parameter.location, isList: isList(parameter)) { readArguments.append(Argument(RuntimeNames.Label.style, style)) }
            let reader: String
            switch parameter.location {
            case .path: reader = RuntimeNames.Service.readPath
            case .query: reader = RuntimeNames.Service.readQuery
            case .header: reader = RuntimeNames.Service.readHeader
            case .cookie: reader = RuntimeNames.Service.readCookie
            }
            return Argument(label(parameter.swiftName), .call(.member(.identifier("request"), reader), readArguments))
        }
        if let body = endpoint.body {
            arguments.append(Argument("body", .call(.member(.identifier("request"), RuntimeNames.Service.readBody), [
                Argument(RuntimeNames.Label.as, .metatype(swiftType(body.type))), Argument(bodyEncoding(body)),
            ])))
        }
        let call = Expression.try(.await(.call(.member(.identifier("service"), Identifier(service.name)), arguments)))
        let returnsVoid = serviceResultType(service) == .named("Void")
        var statements: [Statement] = [returnsVoid ? .expression(call) : .declaration(isMutable: false, name: "result", value: call)]
        statements += responseStatements(service)
        var routeArguments = [Argument(.dotMember(RuntimeNames.method(endpoint.method))), Argument(.stringLiteral(routeTemplate(endpoint)))]
        if let conditions {
            if let contentType = conditions.contentType { routeArguments.append(Argument(RuntimeNames.Label.contentType, .stringLiteral(contentType))) }
            if let accept = conditions.accept { routeArguments.append(Argument(RuntimeNames.Label.accept, .stringLiteral(accept))) }
            if !conditions.queries.isEmpty {
                routeArguments.append(Argument(RuntimeNames.Label.queryItems, .arrayLiteral(conditions.queries.map { .stringLiteral($0) })))
            }
        }
        return .call(.type(runtime(RuntimeNames.Service.route)),
                     routeArguments + [Argument(.closure(parameters: ["request"], body: statements))])
    }

    /// `.json`, `.form(styles: ["expand": .deepObject])`, `.multipart`, `.binary`, `.text`.
    private func bodyEncoding(_ body: Body) -> Expression {
        switch body.encoding {
        case .json: return .dotMember(RuntimeNames.Service.BodyEncoding.json)
        case .multipart: return .dotMember(RuntimeNames.Service.BodyEncoding.multipart)
        case .binary: return .dotMember(RuntimeNames.Service.BodyEncoding.binary)
        case .text: return .dotMember(RuntimeNames.Service.BodyEncoding.text)
        case .form:
            guard case let .model(name, true) = body.type.unwrapped, let model = model(named: name),
                  case let .object(properties) = model.kind else { return .call(.dotMember(RuntimeNames.Service.BodyEncoding.form), []) }
            let entries = properties.compactMap { property -> DictionaryEntry? in
                guard let style = property.formStyle else { return nil }
                return DictionaryEntry(key: .stringLiteral(property.key),
                                       value: styleExpression(style, in: .query) ?? .dotMember(style.name.rawValue))
            }
            let form = Expression.dotMember(RuntimeNames.Service.BodyEncoding.form)
            return entries.isEmpty ? .call(form, []) : .call(form, [Argument(RuntimeNames.Label.styles, .dictionaryLiteral(entries))])
        }
    }

    /// The statements after the call: the result (`result`) written as the response.
    private func responseStatements(_ service: ServiceEndpoint) -> [Statement] {
        let endpoint = service.endpoint
        let response = endpoint.response
        let hasHeaders = !response.headers.isEmpty
        let body: Expression = hasHeaders ? .member(.identifier("result"), RuntimeNames.Service.resultBody) : .identifier("result")
        var statements: [Statement] = []
        var headersArgument: [Argument] = []
        if hasHeaders {
            let entries = response.headers.map { header in
                DictionaryEntry(key: .stringLiteral(header.name),
                                value: .member(.member(.identifier("result"), RuntimeNames.Service.resultHeaders), Identifier(header.swiftName)))
            }
            statements.append(.declaration(isMutable: false, name: "headers", value: .try(.call(
                .member(.identifier("request"), RuntimeNames.Service.responseHeaders),
                [Argument(.dictionaryLiteral(entries))]))))
            headersArgument = [Argument(RuntimeNames.Label.headers, .identifier("headers"))]
        }
        func write(_ value: Expression?, type: TypeRef, status: Int, contentType: String?) -> Expression {
            guard let value, type != .void else {
                return .call(.member(.identifier("request"), RuntimeNames.Service.respond),
                             [Argument(RuntimeNames.Label.status, .numberLiteral(String(status)))] + headersArgument)
            }
            var arguments = [Argument(value), Argument(RuntimeNames.Label.status, .numberLiteral(String(status)))]
            switch decoder(for: Response(type: type, status: nil, contentType: contentType)) {
            case RuntimeNames.Decoder.text:
                arguments.append(Argument(RuntimeNames.Label.as, .dotMember(RuntimeNames.Service.BodyEncoding.text)))
            case RuntimeNames.Decoder.data, RuntimeNames.Decoder.file:
                arguments.append(Argument(RuntimeNames.Label.as, .dotMember(RuntimeNames.Service.BodyEncoding.binary)))
            default: break
            }
            if let contentType { arguments.append(Argument(RuntimeNames.Label.contentType, .stringLiteral(contentType))) }
            return .try(.call(.member(.identifier("request"), RuntimeNames.Service.respond), arguments + headersArgument))
        }
        switch response.shape {
        case let .single(type):
            if let stream = response.stream {
                var arguments = [Argument(RuntimeNames.Label.streaming, body), Argument(RuntimeNames.Label.status, .numberLiteral(String(response.status ?? 200))),
                                 Argument(RuntimeNames.Label.as, streamFormat(stream, end: response.end))]
                if let contentType = response.contentType { arguments.append(Argument(RuntimeNames.Label.contentType, .stringLiteral(contentType))) }
                statements.append(.return(.call(.member(.identifier("request"), RuntimeNames.Service.respond), arguments + headersArgument)))
            } else {
                let status = response.status ?? response.alternatives.first.map { Self.statusCode($0.status, among: response.alternatives) } ?? (type == .void ? 204 : 200)
                statements.append(.return(write(type == .void ? nil : body, type: type, status: status, contentType: response.contentType)))
            }
        case let .optional(type):
            let withBody = response.alternatives.first { $0.type != .void }.map { Self.statusCode($0.status, among: response.alternatives) } ?? 200
            let without = response.alternatives.first { $0.type == .void }.map { Self.statusCode($0.status, among: response.alternatives) } ?? 204
            if hasHeaders {
                statements.append(.ifLet(name: "value", value: body, body: [.return(write(.identifier("value"), type: type, status: withBody, contentType: nil))]))
            } else {
                statements.append(.ifLet(name: "result", value: .identifier("result"), body: [.return(write(.identifier("result"), type: type, status: withBody, contentType: nil))]))
            }
            statements.append(.return(write(nil, type: .void, status: without, contentType: nil)))
        case .cases:
            let arms = response.alternatives.map { alternative -> SwitchCase in
                let caseName = Identifier(Translator.caseName(for: alternative.status))
                let status = Self.statusCode(alternative.status, among: response.alternatives)
                if alternative.type == .void {
                    return SwitchCase(patterns: [.enumCase(name: caseName, bindings: [])],
                                      body: [.return(write(nil, type: .void, status: status, contentType: nil))])
                }
                return SwitchCase(patterns: [.enumCase(name: caseName, bindings: ["value"])],
                                  body: [.return(write(.identifier("value"), type: alternative.type, status: status, contentType: nil))])
            }
            statements.append(.switch(subject: body, cases: arms))
        }
        return statements
    }

    /// The status a service's answer is sent with: the code; for `2XX` the first
    /// code of the range that no other status of the endpoint names, so that the client reads the
    /// answer as this case (`"200": "Thing", "2XX": "Data"`: the `Data` is sent as 201), never 204
    /// or 205, which have no body.
    private static func statusCode(_ status: ErrorResponse.Status, among alternatives: [StatusResponse]) -> Int {
        let taken = Set(alternatives.compactMap { alternative -> Int? in
            if case let .code(code) = alternative.status { return code } else { return nil }
        })
        func free(_ range: ClosedRange<Int>) -> Int? { range.first { !taken.contains($0) && $0 != 204 && $0 != 205 } }
        switch status {
        case let .code(code): return code
        case let .range(digit): return free(digit * 100...digit * 100 + 99) ?? digit * 100
        case .default: return free(200...299) ?? 200 // not a response case (the checker refuses it); as 2XX
        }
    }
}
