import Foundation
import Testing
@testable import EndpointGenCore

/// Version 2's response keys through the validator's steps one at a time: the decoder keeps what
/// was written, the checker keeps what passes on the raw endpoint, the resolver builds the Spec.
@Suite struct ResponseKeysStepsTests {
    static let json = """
        { "baseURL": "https://a.example",
          "endpoints": {
            "repo": { "method": "GET", "path": "/r", "response": { "type": "Repo", "headers": { "ETag": "String?", "X-Count": "Int" } } },
            "list": { "method": "GET", "path": "/l", "parameters": { "after": { "type": "String?", "name": "page[after]" } },
                      "response": "Page", "pagination": { "style": "cursor", "parameter": "after", "next": "meta.next", "items": "data" } },
            "pick": { "method": "GET", "path": "/p", "responses": { "200": "Repo", "204": "Void" } } },
          "models": { "Repo": { "properties": { "id": "Int" } }, "Page": { "properties": { "data": "[Repo]", "meta": "JSON" } } } }
        """

    @Test func decodeCheckResolve() throws {
        let (raw, problems) = try ValidatorStepsTests.decode(Self.json)
        #expect(problems.isEmpty)
        let endpoints = try #require(raw?.contents.endpoints)
        #expect(endpoints[0].response?.headers?.map(\.key.key) == ["ETag", "X-Count"])
        #expect(endpoints[0].response?.headers?.map(\.type?.value) == ["String?", "Int"])
        #expect(endpoints[1].pagination?.style?.value == "cursor")
        #expect(endpoints[1].pagination?.keys.map(\.key) == ["style", "parameter", "next", "items"])
        #expect(endpoints[2].responses?.entries.map(\.key.key) == ["200", "204"])

        let (_, checked, rules) = ValidatorStepsTests.check(try #require(raw))
        #expect(rules.isEmpty, "\(rules)")
        // What the checker worked out comes back by node; the raw tree is left as decoded.
        #expect(checked.endpoints[endpoints[0].id]?.responseHeaders == [ResponseHeader(name: "ETag", swiftName: "eTag", type: .optional(.builtin(.string))),
                                                 ResponseHeader(name: "X-Count", swiftName: "xCount", type: .builtin(.int))])
        #expect(checked.endpoints[endpoints[1].id]?.pagination == .cursor(parameter: "page[after]", next: "meta.next", items: "data"))
        #expect(checked.endpoints[endpoints[2].id]?.alternatives == [StatusResponse(status: .code(200), type: .model("Repo", defined: true)),
                                              StatusResponse(status: .code(204), type: .void)])

        var diagnostics = Diagnostics()
        let spec = try #require(Validator.validate(try ValidatorStepsTests.tree(Self.json), fileName: ValidatorStepsTests.file,
                                                   diagnostics: &diagnostics))
        let resolved = spec.api.endpoints
        #expect(resolved[0].response.headers.map(\.swiftName) == ["eTag", "xCount"])
        #expect(resolved[1].pagination == .cursor(parameter: "page[after]", next: "meta.next", items: "data"))
        #expect(resolved[2].response.type == .model("Repo", defined: true))
        #expect(resolved[2].response.alternatives.count == 2)
        #expect(resolved[2].response.shape == .optional(.model("Repo", defined: true)))
        #expect(resolved[0].response.shape == .single(resolved[0].response.type))
    }

    @Test func theResponseShapeFollowsTheStatusesBodies() {
        let repo = TypeRef.model("Repo", defined: true)
        func shape(_ types: [TypeRef]) -> Response.Shape {
            Response.Shape(alternatives: types.enumerated().map { StatusResponse(status: .code(200 + $0.offset), type: $0.element) })
        }
        #expect(shape([repo, repo]) == .single(repo))
        #expect(shape([.void, .void]) == .single(.void))
        #expect(shape([repo, .void]) == .optional(repo))
        #expect(shape([repo, .builtin(.string)]) == .cases)
        #expect(shape([repo, .builtin(.string)]).bodyType == nil)
        // The shape follows a change of the statuses.
        var response = Response(type: .void, status: nil, contentType: nil, alternatives: [StatusResponse(status: .code(200), type: repo)])
        #expect(response.shape == .single(repo))
        response.alternatives.append(StatusResponse(status: .code(201), type: .builtin(.int)))
        #expect(response.shape == .cases)
    }

    @Test func theDecoderReportsShapeTheCheckerRules() throws {
        let (raw, problems) = try ValidatorStepsTests.decode("""
            { "baseURL": "https://a.example",
              "endpoints": { "a": { "method": "GET", "response": { "headers": [] }, "pagination": { "styl": "link" }, "responses": { "200": 1 } } } }
            """)
        // In the decoder's order (the validator sorts them by place).
        #expect(problems == [
            "\(ValidatorStepsTests.file):2:67: error: the response 'headers' must be an object, found an array",
            "\(ValidatorStepsTests.file):2:129: error: the response type for '200' must be a string, found a number",
            "\(ValidatorStepsTests.file):2:89: error: unknown key 'styl' in 'pagination'; did you mean 'style'?",
            "\(ValidatorStepsTests.file):2:87: error: 'pagination' is missing the required key 'style' ('link', 'cursor', 'page')",
        ])
        let (_, _, rules) = ValidatorStepsTests.check(try #require(raw))
        #expect(rules == ["\(ValidatorStepsTests.file):2:107: error: an endpoint has 'response' or 'responses' (several success statuses), not both"])
    }
}

/// Issue 23's keys through the resolver: auth lists, servers of their own, headers of several
/// statuses and of error responses, as the `Spec` the translator reads holds them.
@Suite struct AuthServersHeadersResolveTests {
    static let json = """
        { "baseURL": "https://api.example", "auth": ["basic", { "type": "apiKey", "in": "header", "name": "X-Key" }],
          "groups": {
            "uploads": { "baseURL": "https://upload.example/2.0", "auth": ["bearer", "none"],
              "endpoints": {
                "put": { "method": "PUT", "path": "/f" },
                "back": { "method": "GET", "path": "/b", "baseURL": "https://api.example", "auth": ["bearer"] } } } },
          "endpoints": {
            "deploy": { "method": "POST", "path": "/d",
              "responses": { "201": { "type": "String", "headers": { "Location": "URL", "X-Id": "String" } },
                             "202": { "headers": { "x-id": "String?", "Retry-After": "Int" } } },
              "errors": { "409": { "type": "String", "headers": { "X-Id": "String" } }, "422": { "type": "String", "headers": { "X-Id": "String" } } } } } }
        """

    @Test func resolved() throws {
        var diagnostics = Diagnostics()
        let spec = try #require(Validator.validate(try ValidatorStepsTests.tree(Self.json), fileName: ValidatorStepsTests.file,
                                                   diagnostics: &diagnostics), "\(diagnostics.all)")
        #expect(spec.auth == .alternatives([.basic, .apiKey(in: .header, name: "X-Key")], optional: false))
        let uploads = try #require(spec.api.groups.first)
        // The group's list and server pass to its endpoints; the nearest level wins; one scheme is itself.
        #expect(uploads.endpoints[0].overrides.auth == .alternatives([.bearer], optional: true))
        #expect(uploads.endpoints[0].baseURL == "https://upload.example/2.0")
        #expect(uploads.endpoints[1].overrides.auth == .bearer)
        #expect(uploads.endpoints[1].baseURL == "https://api.example")
        #expect(spec.api.endpoints[0].baseURL == nil)

        let deploy = spec.api.endpoints[0]
        // Required only where every status requires it: `X-Id` is optional for 202, `Location` absent from it.
        #expect(deploy.response.headers == [
            ResponseHeader(name: "Location", swiftName: "location", type: .optional(.builtin(.url))),
            ResponseHeader(name: "X-Id", swiftName: "xId", type: .optional(.builtin(.string))),
            ResponseHeader(name: "Retry-After", swiftName: "retryAfter", type: .optional(.builtin(.int))),
        ])
        #expect(deploy.response.alternatives.count == 2)
        // Both error statuses require `X-Id`: required.
        #expect(deploy.errorHeaders == [ResponseHeader(name: "X-Id", swiftName: "xId", type: .builtin(.string))])
        #expect(Auth.anyOf([.bearer, .none, .bearer], optional: false) == .bearer)
        #expect(Auth.anyOf([.none], optional: true) == Auth.none)
    }
}
