import Foundation
import Testing
@testable import EndpointGenCore

/// Version 2's response keys, spec in, Swift out: the spellings of spec-format.md ("Responses").
@Suite struct ResponseContractSnippetTests {
    static func generate(_ endpoint: String, models: String = "", access: AccessLevel = .public) throws -> String {
        try SnippetTests.generate(SnippetTests.spec(endpoint: endpoint, top: models.isEmpty ? "" : #""models": { \#(models) },"#),
                                  access: access)
    }

    @Test func headerPropertiesAreTheDesignsLowerCamelNames() throws {
        let swift = try Self.generate(#""response": { "type": "String", "headers": { "ETag": "String?", "X-RateLimit-Remaining": "Int?" } }"#)
        #expect(swift.contains("public static var thing: EndpointWithHeaders<String, ThingHeaders> {"))
        #expect(swift.contains("EndpointWithHeaders(defaults.endpoint(Call.thing))"))
        #expect(swift.contains("public var eTag: String?"))
        #expect(swift.contains("public var xRateLimitRemaining: Int?"))
        #expect(swift.contains(#"self.xRateLimitRemaining = try headers.optionalValue("X-RateLimit-Remaining", as: Int.self)"#))
    }

    @Test func accessLevelReachesTheGeneratedTypes() throws {
        let swift = try Self.generate(#""responses": { "200": "Thing", "202": "Note" }"#,
                                      models: #""Thing": { "properties": { "id": "Int" } }, "Note": { "properties": { "text": "String" } }"#,
                                      access: .package)
        #expect(swift.contains("package nonisolated enum ThingResponse: Hashable, Sendable {"))
        #expect(swift.contains("package static var thing: Endpoint<ThingResponse> {"))
        #expect(swift.contains("decoder: .byStatus([.code(200): .wrapping(.json) { .ok($0) }, .code(202): .wrapping(.json) { .accepted($0) }]),"))
        #expect(!swift.contains("public "))
    }

    @Test func paginationParameterByWireNameAndItems() throws {
        let swift = try Self.generate(#"""
            "parameters": { "page_number": { "type": "Int?", "name": "page[number]" } }, "response": "Listing",
            "pagination": { "style": "page", "parameter": "page[number]", "items": "results" }
            """#, models: #""Listing": { "properties": { "results": "[String]?", "count": "Int" } }"#)
        #expect(swift.contains(#"pagination: .page(parameter: "page[number]", items: "results")"#))
        #expect(swift.contains("public nonisolated struct Listing: Codable, Hashable, Sendable, PageBody {"))
        #expect(swift.contains("""
                    public var pageItems: [String] { results ?? [] }
            """))
    }

    @Test func pagesOfAListOrNoContent() throws {
        // GitHub's contributors: 200 with a page and `Link`, 204 without a body for an empty repository.
        let swift = try Self.generate(#"""
            "responses": { "200": "[Thing]", "204": "Void" }, "pagination": { "style": "link" }
            """#, models: #""Thing": { "properties": { "id": "Int" } }"#)
        #expect(swift.contains("public static var thing: Endpoint<[Thing]?> {"))
        #expect(swift.contains("decoder: .byStatus([.code(200): .wrapping(.json) { .some($0) }, .code(204): .value(nil)]),"))
        #expect(swift.contains("statuses: [200, 204],"))
        #expect(swift.contains("pagination: .link"))
    }

    @Test func aPageModelOrNoContentHoldsItsItems() throws {
        let swift = try Self.generate(#"""
            "parameters": { "after": "String?" }, "responses": { "200": "Listing", "204": "Void" },
            "pagination": { "style": "cursor", "parameter": "after", "next": "next", "items": "results" }
            """#, models: #""Listing": { "properties": { "results": "[String]", "next": "String?" } }"#)
        #expect(swift.contains("Endpoint<Listing?>"))
        #expect(swift.contains(#"pagination: .cursor(parameter: "after", next: "next", items: "results")"#))
        #expect(swift.contains("public nonisolated struct Listing: Codable, Hashable, Sendable, PageBody {"))
        #expect(swift.contains("public var pageItems: [String] { results }"))
    }

    @Test func aVersionOneSpecIsUnchanged() throws {
        let swift = try Self.generate(#""response": { "type": "String", "status": 201 }"#)
        #expect(swift.contains("public static var thing: Endpoint<String> {"))
        #expect(swift.contains("defaults.endpoint(Call.thing, statuses: [201])"))
        #expect(!swift.contains("pagination"))
        #expect(!swift.contains("Headers"))
    }
}
