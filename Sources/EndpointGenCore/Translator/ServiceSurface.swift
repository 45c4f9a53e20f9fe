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
                Value(label: translator.label(parameter.swiftName), type: parameter.type,
                      typeText: Renderer.text(translator.swiftType(parameter.type)), parameter: parameter)
            }
            if let body = endpoint.body {
                values.append(Value(label: "body", type: body.type, typeText: Renderer.text(translator.swiftType(body.type)), parameter: nil))
            }
            let result = translator.serviceResultType(service)
            var responseEnum: String?
            if case .cases = endpoint.response.shape { responseEnum = level + "." + Naming.escaped(endpoint.responseTypeName) }
            return EndpointSurface(
                endpoint: endpoint, requirement: Naming.escaped(service.name), factory: level + "." + Naming.escaped(endpoint.swiftName),
                values: values, resultText: result == .named("Void") ? nil : Renderer.text(result), responseEnumText: responseEnum,
                headersText: endpoint.response.headers.isEmpty ? nil : level + "." + Naming.escaped(endpoint.headersTypeName))
        }
    }

    /// A type as written outside the API's namespace: `[GitHubAPI.Label]`.
    package func typeText(_ type: TypeRef) -> String { Renderer.text(translator.swiftType(type)) }

    /// The spec's model of this Swift name; nil for a type the module defines itself.
    package func model(named name: String) -> Model? { translator.model(named: name) }

    /// The case of a response enum for a status: `ok`, `created`, `success` for `2XX`.
    package static func caseName(for status: ErrorResponse.Status) -> String { Naming.escaped(Translator.caseName(for: status)) }
}
