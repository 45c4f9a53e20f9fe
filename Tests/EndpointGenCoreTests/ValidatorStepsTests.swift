import Foundation
import Testing
@testable import EndpointGenCore

/// The validator's three steps, each on its own: decode (shape), check (rules), resolve (Spec).
@Suite struct ValidatorStepsTests {
    static let file = "Steps.endpoints.json"

    static func tree(_ json: String) throws -> JSONNode {
        var diagnostics = Diagnostics()
        let root = JSONParser.parse(Data(json.utf8), fileName: file, diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return try #require(root)
    }

    static func decode(_ json: String) throws -> (RawSpec?, [String]) {
        var diagnostics = Diagnostics()
        let raw = SpecDecoder.decode(try tree(json), diagnostics: &diagnostics)
        return (raw, diagnostics.all.map(\.description))
    }

    /// The checker after the check (its caches), what it returned, and its problems.
    static func check(_ raw: RawSpec, moduleTypes: Set<String> = []) -> (SpecChecker, CheckedSpec, [String]) {
        var checker = SpecChecker(fileName: file, moduleTypes: moduleTypes)
        let checked = checker.check(raw)
        return (checker, checked, (checker.early.all + checker.diagnostics.all).map(\.description))
    }

    static func at(_ line: Int, _ column: Int) -> EndpointGenCore.SourceLocation { EndpointGenCore.SourceLocation(file: file, line: line, column: column) }

    // MARK: Decode

    @Test func theDecoderReportsAnUnknownKeyAndStillYieldsTheRawTree() throws {
        let (raw, problems) = try Self.decode("""
            { "baseURL": "https://a.example",
              "endpoints": { "get": { "metod": "GET", "method": "FETCH", "path": "/a/{id", "timeout": 5 } } }
            """)
        #expect(problems == ["\(Self.file):2:27: error: unknown key 'metod' in endpoint 'get'; did you mean 'method'?"])
        let endpoint = try #require(raw?.contents.endpoints?.first)
        #expect(endpoint.key.key == "get")
        #expect(endpoint.key.location == Self.at(2, 18))
        #expect(endpoint.isObject)
        // Values are kept as written, with their places: the method and the broken path are the checker's.
        #expect(endpoint.method?.value == "FETCH")
        #expect(endpoint.method?.location == Self.at(2, 53))
        #expect(endpoint.path?.value == "/a/{id")
        #expect(endpoint.timeout?.value == "5")
        #expect(raw?.baseURL?.value == "https://a.example")
    }

    @Test func theDecoderReportsWrongKindsAndMissingKeysAndLeavesThoseFieldsOut() throws {
        let (raw, problems) = try Self.decode("""
            { "endpoints": {
                "a": { "path": 7, "parameters": { "id": { "in": "path" }, "q": true } },
                "b": [] } }
            """)
        #expect(problems == [
            "\(Self.file):1:1: error: missing required key 'baseURL' (the absolute http or https URL every path is appended to)",
            "\(Self.file):2:5: error: endpoint 'a' is missing the required key 'method'",
            "\(Self.file):2:20: error: 'path' must be a string, found a number",
            "\(Self.file):2:39: error: parameter 'id' is missing the required key 'type'",
            "\(Self.file):2:68: error: parameter 'q' must be a type string or an object, found true",
            "\(Self.file):3:10: error: endpoint 'b' must be an object, found an array",
        ])
        let endpoints = try #require(raw?.contents.endpoints)
        #expect(endpoints.map(\.key.key) == ["a", "b"])
        #expect(endpoints[0].path == nil)
        #expect(endpoints[0].parameters?.map(\.key.key) == ["id", "q"])
        #expect(endpoints[0].parameters?.map(\.isValid) == [true, false])
        #expect(endpoints[0].parameters?.first?.location?.value == .path)
        #expect(endpoints[1].isObject == false)
    }

    @Test func theDecoderRefusesARootThatIsNotAnObject() throws {
        let (raw, problems) = try Self.decode("[1]")
        #expect(raw == nil)
        #expect(problems == ["\(Self.file):1:1: error: a spec must be a JSON object, found an array"])
    }

    // MARK: Check

    @Test func theCheckerRunsTheRulesOnARawTreeBuiltByHand() {
        var endpoint = RawEndpoint(id: 0, key: RawKey(key: "get", location: Self.at(3, 1)))
        endpoint.isObject = true
        endpoint.method = Located(value: "get", location: Self.at(4, 1))
        endpoint.path = Located(value: "/items/{id}", location: Self.at(5, 1))
        var spec = RawSpec(location: Self.at(1, 1))
        spec.baseURL = Located(value: "https://a.example", location: Self.at(2, 1))
        spec.contents.endpoints = [endpoint]

        let (_, checked, problems) = Self.check(spec)
        #expect(problems == [
            "\(Self.file):4:1: error: method 'get' must be written in upper case: 'GET'",
            "\(Self.file):5:9: error: the placeholder '{id}' has no parameter; add \"id\" to 'parameters'",
        ])
        #expect(checked.apiName == "Steps")
    }

    @Test func theCheckerFindsCollisionsAndParsesTypesOncePerString() throws {
        let (raw, shape) = try Self.decode("""
            { "baseURL": "https://a.example",
              "models": { "Item": { "properties": { "id": "Int" } } },
              "endpoints": {
                "item-list": { "method": "GET", "response": "[Item]" },
                "itemList": { "method": "GET", "response": "[Item]" } } }
            """)
        #expect(shape.isEmpty)
        let (checker, _, problems) = Self.check(try #require(raw))
        #expect(problems == [
            "\(Self.file):5:5: error: endpoint 'itemList' and endpoint 'item-list' (line 4, column 5) both become the Swift name 'itemList'",
        ])
        #expect(checker.responseTypes["[Item]"] == .array(.model("Item", defined: true)))
        #expect(checker.modelIndex.modelNames == ["Item"])
    }

    // MARK: Resolve

    @Test func theResolverMergesHeadersByNameAndNullRemovesOne() throws {
        let (raw, shape) = try Self.decode("""
            { "baseURL": "https://a.example",
              "headers": { "Accept": "application/json", "X-Trace": "on", "X-Client": "steps" },
              "groups": { "admin": { "path": "/admin", "headers": { "x-trace": null, "ACCEPT": "text/plain" },
                "endpoints": { "list": { "method": "GET", "path": "/users", "headers": { "X-New": "1", "x-client": "admin" } } } } } }
            """)
        #expect(shape.isEmpty)
        let spec = try #require(raw)
        let (_, checked, problems) = Self.check(spec)
        #expect(problems.isEmpty)
        let resolved = SpecResolver(fileName: Self.file, checked: checked).resolve(spec)
        #expect(resolved.headers == [Header(name: "Accept", value: "application/json"), Header(name: "X-Trace", value: "on"),
                                     Header(name: "X-Client", value: "steps")])
        let endpoint = try #require(resolved.api.groups.first?.endpoints.first)
        // The nearer spelling replaces the inherited one in place; null removed X-Trace; new names come last.
        #expect(endpoint.overrides.headers == [Header(name: "ACCEPT", value: "text/plain"), Header(name: "x-client", value: "admin"),
                                               Header(name: "X-New", value: "1")])
        #expect(endpoint.overrides.removedHeaders == ["X-Trace"])
        #expect(endpoint.path == [PathSegment(parts: [.literal("admin")]), PathSegment(parts: [.literal("users")])])
        #expect(endpoint.swiftName == "list")
        #expect(resolved.api.groups.first?.swiftName == "Admin")
    }

    @Test func headerMergingOnItsOwn() {
        let inherited = [Header(name: "A", value: "1"), Header(name: "B", value: "2")]
        func header(_ name: String, _ value: String?) -> RawHeader {
            RawHeader(key: RawKey(key: name, location: Self.at(1, 1)),
                      value: value.map { .text(Located(value: $0, location: Self.at(1, 2))) } ?? .remove)
        }
        #expect(SpecResolver.merging(inherited, [header("a", nil), header("C", "3"), header("b", "two")])
            == [Header(name: "b", value: "two"), Header(name: "C", value: "3")])
        #expect(SpecResolver.merging(inherited, []) == inherited)
    }

    /// An endpoint's overrides are what it does differently from the API, whatever its groups did
    /// on the way: a value set back to the API's, or removed and set again, is no override.
    @Test func overridesAreWhatDiffersFromTheAPI() throws {
        let (raw, _) = try Self.decode("""
            { "baseURL": "https://a.example", "auth": "bearer", "headers": { "X-A": "1", "X-B": "2" },
              "errors": { "500": "String" },
              "groups": { "g": { "auth": "basic", "headers": { "X-A": "9", "X-B": null }, "errors": { "500": "Int" },
                "endpoints": {
                  "same": { "auth": "bearer", "headers": { "x-a": "1", "X-B": "2" }, "errors": { "500": "String" } },
                  "text": { "headers": { "X-A": null }, "response": { "type": "String", "contentType": "text/plain" } } } } } }
            """)
        let spec = try #require(raw)
        let (_, checked, problems) = Self.check(spec)
        #expect(problems.isEmpty)
        let endpoints = try #require(SpecResolver(fileName: Self.file, checked: checked).resolve(spec).api.groups.first?.endpoints)
        #expect(endpoints[0].overrides == Endpoint.Overrides())
        #expect(endpoints[1].overrides == Endpoint.Overrides(headers: [Header(name: "Accept", value: "text/plain")],
                                                             removedHeaders: ["X-A", "X-B"], auth: .basic,
                                                             errors: [ErrorResponse(status: .code(500), type: .builtin(.int))]))
    }

    @Test func theResolverInheritsAuthAndErrorsAndFillsPlaceholdersByKey() throws {
        let (raw, _) = try Self.decode("""
            { "baseURL": "https://a.example", "auth": "bearer", "errors": { "4XX": "Problem", "500": "Problem" },
              "models": { "Problem": { "properties": { "detail": "String" } }, "Gone": { "properties": { "at": "Date" } } },
              "groups": { "items": { "path": "/items/{item_id}", "auth": "none", "errors": { "404": "Gone", "500": "Gone" },
                "endpoints": { "get": { "method": "GET", "parameters": { "itemID": { "type": "Int", "name": "item_id" } },
                                        "auth": { "type": "apiKey", "in": "header", "name": "X-Key" } } } } } }
            """)
        let spec = try #require(raw)
        let (_, checked, problems) = Self.check(spec)
        #expect(problems.isEmpty)
        let endpoint = try #require(SpecResolver(fileName: Self.file, checked: checked).resolve(spec).api.groups.first?.endpoints.first)
        #expect(endpoint.overrides.auth == .apiKey(in: .header, name: "X-Key"))
        // The API's 4XX stays the API's (written once, in defaults); the group's 500 replaces the API's.
        #expect(endpoint.overrides.errors == [ErrorResponse(status: .code(500), type: .model("Gone", defined: true)),
                                              ErrorResponse(status: .code(404), type: .model("Gone", defined: true))])
        #expect(endpoint.path == [PathSegment(parts: [.literal("items")]), PathSegment(parts: [.parameter("itemID")])])
        #expect(endpoint.parameters.first?.location == .path)
    }

    /// Found by running the old and the new validator side by side on mutated specs: a `style`
    /// that is not a string is one problem (its kind), not also a misplaced style.
    @Test func aStyleOfTheWrongKindIsReportedOnce() throws {
        var diagnostics = Diagnostics()
        _ = Validator.validate(try Self.tree("""
            { "baseURL": "https://a.example", "endpoints": { "a": { "method": "GET", "parameters": { "q": { "type": "Int", "style": {} } } } } }
            """), fileName: Self.file, diagnostics: &diagnostics)
        #expect(diagnostics.all.map(\.description) == [
            "\(Self.file):1:121: error: the 'style' of parameter 'q' must be a string, found an object",
        ])
    }

    // MARK: Composition

    @Test func atOnePlaceAReservedNameComesBeforeShapeAndShapeBeforeRules() throws {
        var diagnostics = Diagnostics()
        let spec = Validator.validate(try Self.tree("""
            { "baseURL": "https://a.example", "endpoints": { "defaults": { "path": "/x" }, "defaults_": { "method": "GET" } } }
            """), fileName: Self.file, diagnostics: &diagnostics)
        #expect(spec == nil)
        #expect(diagnostics.all.map(\.description) == [
            "\(Self.file):1:50: error: endpoint 'defaults' would be 'Steps.defaults', which the generated API type uses for what its endpoints share (base URL, headers, auth, error bodies); rename the endpoint",
            "\(Self.file):1:50: error: endpoint 'defaults' is missing the required key 'method'",
            "\(Self.file):1:80: error: endpoint 'defaults_' would be 'Steps.defaults', which the generated API type uses for what its endpoints share (base URL, headers, auth, error bodies); rename the endpoint",
            "\(Self.file):1:80: error: endpoint 'defaults_' and endpoint 'defaults' (line 1, column 50) both become the Swift name 'defaults'",
        ])
    }
}
