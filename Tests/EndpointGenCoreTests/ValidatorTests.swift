import Foundation
import Testing
@testable import EndpointGenCore

/// Validates `json` and returns the spec and the printed diagnostics.
func validateText(_ json: String, file: String = "Test.endpoints.json") -> (Spec?, [String]) {
    let (spec, diagnostics) = Generator.validate(specData: Data(json.utf8), fileName: file)
    return (spec, diagnostics.all.map(\.description))
}

let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

@Suite struct ValidatorTests {
    @Test func fullExampleSpec() throws {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("ValidSpecs/StravaAPI.endpoints.json"))
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: "StravaAPI.endpoints.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let api = try #require(spec).api
        #expect(api.swiftName == "StravaAPI")
        #expect(api.endpoints.map(\.swiftName) == ["athlete", "activity", "login"])
        let login = api.endpoints[2]
        #expect(login.headers == [Header(name: "accept", value: "application/x-www-form-urlencoded")])
        #expect(login.auth == Auth.none)
        #expect(login.sample == #"{"access_token":"abc","expires_in":3600,"scopes":["read","write"],"nested":{"é":"\"q\""}}"#)
        let streams = try #require(api.groups.first?.groups.first)
        #expect(streams.swiftName == "Streams")
        let get = try #require(streams.endpoints.first)
        #expect(get.path == [PathSegment(parts: [.literal("activities")]), PathSegment(parts: [.parameter("activity_id")]),
                             PathSegment(parts: [.literal("streams")])])
        #expect(get.headers == [Header(name: "Accept", value: "application/vnd.streams+json"), Header(name: "X-Client", value: "endpoint-gen")])
        #expect(get.auth == .apiKey(in: .header, name: "X-Api-Key"))
        #expect(get.response.type == .dictionary(.array(.builtin(.double))))
    }
}
