import EndpointGenCore
import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// Every endpoint of every example spec reaches its route in the generated handler: a request of
/// the endpoint's method and path (placeholders filled in, every query parameter given) is never
/// 404, 405 or 500. Without an implementation it is 501; when a value the test made up does not
/// decode as the parameter's type, 400 naming it.
@Suite struct EveryEndpointTests {
    struct NoChat: ChatAPI.Service {}
    struct NoGists: GistsAPI.Service {}
    struct NoGitHub: GitHubAPI.Service {}
    struct NoHTTPBin: HTTPBin.Service {}
    struct NoLarge: Large.Service {}
    struct NoPayments: PaymentsAPI.Service {}
    struct NoResponseShapes: ResponseShapes.Service {}
    struct NoShapes: Shapes.Service {}
    struct NoSnippets: SnippetsAPI.Service {}
    struct NoStrava: StravaAPI.Service {}
    struct NoTorture: TortureAPI.Service {}

    static let handlers: [String: HTTPHandler] = [
        "ChatAPI": ChatAPI.handler(NoChat()), "GistsAPI": GistsAPI.handler(NoGists()), "GitHubAPI": GitHubAPI.handler(NoGitHub()),
        "HTTPBin": HTTPBin.handler(NoHTTPBin()), "Large": Large.handler(NoLarge()), "PaymentsAPI": PaymentsAPI.handler(NoPayments()),
        "ResponseShapes": ResponseShapes.handler(NoResponseShapes()), "Shapes": Shapes.handler(NoShapes()),
        "SnippetsAPI": SnippetsAPI.handler(NoSnippets()), "StravaAPI": StravaAPI.handler(NoStrava()), "Torture": TortureAPI.handler(NoTorture()),
    ]

    static let specsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../specs").standardized

    static var specNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: specsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".endpoints.json") }.map { String($0.dropLast(".endpoints.json".count)) }.sorted()
    }

    @Test func everyExampleSpecHasAHandlerHere() {
        #expect(Set(Self.specNames) == Set(Self.handlers.keys))
    }

    /// A made-up value of a parameter as its style writes it.
    static func placeholder(_ parameter: EndpointGenCore.Parameter) -> String {
        switch parameter.style.name {
        case .label: return ".1"
        case .matrix: return ";\(parameter.wireName)=1"
        default: return "1"
        }
    }

    @Test(arguments: specNames)
    func everyEndpointReachesItsRoute(_ name: String) async throws {
        let data = try Data(contentsOf: Self.specsFolder.appendingPathComponent("\(name).endpoints.json"))
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: "\(name).endpoints.json", moduleTypes: ["Coordinates"])
        let validated = try #require(spec, "\(diagnostics.sorted)")
        let handler = try #require(Self.handlers[name])
        var endpoints: [EndpointGenCore.Endpoint] = []
        func visit(_ group: EndpointGenCore.Group) {
            endpoints += group.endpoints
            group.groups.forEach(visit)
        }
        visit(validated.api)
        // Of one method and path only the first endpoint answers (the router's documented rule).
        var seen: Set<String> = []
        var unimplemented = 0
        var strictCount = 0
        for endpoint in endpoints {
            var byKey: [String: EndpointGenCore.Parameter] = [:]
            for parameter in endpoint.parameters where byKey[parameter.key] == nil { byKey[parameter.key] = parameter }
            let segments = endpoint.path.compactMap { segment -> String? in
                let text = segment.parts.map { part -> String in
                    switch part {
                    case let .literal(text): return text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? text
                    case let .parameter(key): return byKey[key].map(Self.placeholder) ?? "1"
                    }
                }.joined()
                return text.isEmpty ? nil : text
            }
            guard seen.insert(endpoint.method + " " + segments.joined(separator: "/")).inserted else { continue }
            // An endpoint that takes no body, only optional query and header values and plain path values
            // must reach its service: it is sent without made-up query or header values.
            let plain: Set<TypeRef> = [.builtin(.string), .builtin(.int), .builtin(.int32), .builtin(.int64)]
            let strict = endpoint.body == nil && endpoint.parameters.allSatisfy { parameter in
                parameter.location == EndpointGenCore.Parameter.Location.path
                    ? plain.contains(parameter.type) && parameter.style == .default(in: .path) : parameter.type.isOptional
            }
            var components = URLComponents(string: endpoint.baseURL ?? validated.baseURL)!
            components.percentEncodedPath += "/" + segments.joined(separator: "/")
            var headers = HTTPHeaders()
            if !strict {
                let query = endpoint.parameters.filter { $0.location == EndpointGenCore.Parameter.Location.query }.map { URLQueryItem(name: $0.wireName, value: "1") }
                if !query.isEmpty { components.queryItems = query }
                for parameter in endpoint.parameters where parameter.location == EndpointGenCore.Parameter.Location.header { headers.append(parameter.wireName, "1") }
            }
            let request = HTTPRequest(method: HTTPMethod(rawValue: endpoint.method), urlComponents: components, additionalHeaders: headers,
                                      body: endpoint.body == nil ? nil : Data("{}".utf8))
            let response = try await answer(handler, request)
            let what = "\(name) \(endpoint.key): \(endpoint.method) \(components.string ?? "")"
            if response.status == 400, !strict {
                #expect(response.text.contains("parameter") || response.text.contains("header") || response.text.contains("body"),
                        "\(what): \(response.text)")
            } else {
                #expect(response.status == 501, "\(what): \(response.status) \(response.text)")
                if endpoint.method != "HEAD" {
                    #expect(response.text.contains("is not implemented"), "\(what): \(response.text)")
                }
                unimplemented += 1
            }
            if strict { strictCount += 1 }
        }
        // The test proves little unless endpoints were held to 501 (every one of Large's takes a body or a required value).
        if name != "Large" { #expect(strictCount > 0, "\(name): no endpoint without a body and required values") }
    }
}
