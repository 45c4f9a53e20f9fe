// How code outside a generated file spells an API's client calls and service requirements, endpoint
// by endpoint, exactly as the translator writes them. Nothing in the generated file depends on it;
// Tests/ServiceRoundTripGen reads it to write a fake service and a call for every endpoint of the
// example specs, so that those sources stay in step with the generator's own names and types.

/// The client and service spellings of every endpoint of a spec (generated with `"service": true`).
package struct ServiceSurface: Sendable {
    /// One value of an endpoint's call and requirement: a parameter, or `body`.
    package struct Value: Sendable {
        /// The argument label (`owner`, `body`).
        package var label: String
        package var type: TypeRef
        /// The type as written outside the API's namespace: `GitHubAPI.Repository?`.
        package var typeText: String
        /// The parameter; nil for the body.
        package var parameter: Parameter?
    }

    package struct EndpointSurface: Sendable {
        package var endpoint: Endpoint
        /// The requirement's name as written: `reposGet`.
        package var requirement: String
        /// The typed factory as written: `GitHubAPI.Repos.get` (a static property when there are no values).
        package var factory: String
        package var values: [Value]
        /// What the requirement returns; nil for `Void`.
        package var resultText: String?
        /// `GitHubAPI.Repos.CreateDeploymentResponse`: the response enum of several statuses.
        package var responseEnumText: String?
        /// `GitHubAPI.Repos.GetHeaders`: the struct of the declared response headers.
        package var headersText: String?
    }

    /// The API's type name as written: `GitHubAPI`.
    package var apiName: String
    package var endpoints: [EndpointSurface]
    private let translator: Translator

    package init(spec: Spec, options: GeneratorOptions) {
        var translator = Translator(spec: spec, options: options)
        translator.modelQualifier = translator.apiTypeName
        self.translator = translator
        apiName = translator.apiTypeName
        endpoints = translator.serviceEndpoints().map { service in
            let endpoint = service.endpoint
            let level = Renderer.text(service.level.qualifiedName)
            var values = endpoint.parameters.map { parameter in
                Value(label: Renderer.spelling(translator.label(parameter.swiftName), .label), type: parameter.type,
                      typeText: Renderer.text(translator.swiftType(parameter.type)), parameter: parameter)
            }
            if let body = endpoint.body {
                values.append(Value(label: "body", type: body.type, typeText: Renderer.text(translator.swiftType(body.type)), parameter: nil))
            }
            let result = translator.serviceResultType(service)
            var responseEnum: String?
            if case .cases = endpoint.response.shape { responseEnum = level + "." + endpoint.responseTypeName }
            return EndpointSurface(
                endpoint: endpoint, requirement: Renderer.spelling(Identifier(service.name), .declaration),
                factory: level + "." + Renderer.spelling(Identifier(endpoint.swiftName), .member),
                values: values, resultText: result == .named("Void") ? nil : Renderer.text(result), responseEnumText: responseEnum,
                headersText: endpoint.response.headers.isEmpty ? nil : level + "." + endpoint.headersTypeName)
        }
    }

    /// A type as written outside the API's namespace: `[GitHubAPI.Label]`.
    package func typeText(_ type: TypeRef) -> String { Renderer.text(translator.swiftType(type)) }

    /// The spec's model of this Swift name; nil for a type the module defines itself.
    package func model(named name: String) -> Model? { translator.model(named: name) }

    /// A name from the spec as generated code writes it where it is declared or used: `` `default` ``.
    package static func name(_ name: String) -> String { Renderer.spelling(Identifier(name), .reference) }

    /// A name from the spec as generated code writes it as an argument label: `default`, `` `var` ``.
    package static func label(_ name: String) -> String { Renderer.spelling(Identifier(name), .label) }

    /// The case of a response enum for a status: `ok`, `created`, `success` for `2XX`.
    package static func caseName(for status: ErrorResponse.Status) -> String {
        Renderer.spelling(Identifier(Translator.caseName(for: status)), .member)
    }
}
