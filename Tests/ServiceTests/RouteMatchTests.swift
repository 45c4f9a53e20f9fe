import Testing
@testable import EndpointRuntime

/// What a route's match hands the request: each placeholder's value, and the whole segment it is
/// in (where a matrix value is looked for). The two are one list until a segment of several parts.
@Suite struct RouteMatchTests {
    static let route = ServiceRoute(.get, "/a/{x}/{y}.{z}/{w}") { _ in ServiceResponse(status: 204) }

    @Test func wholeSegmentsBeforeAndAfterASegmentOfParts() throws {
        let match = try #require(Self.route.match(["a", "1", "2.3", "4"][...]))
        #expect(match.values.map(\.name) == ["x", "y", "z", "w"])
        #expect(match.values.map { String($0.value) } == ["1", "2", "3", "4"])
        #expect(match.segments.map(\.name) == ["x", "y", "z", "w"])
        #expect(match.segments.map { String($0.value) } == ["1", "2.3", "2.3", "4"])
    }

    @Test func wholeSegmentsAreTheValuesWithoutPartsAndNoMatchIsNil() throws {
        let plain = ServiceRoute(.get, "/users/{id}/{tab}") { _ in ServiceResponse(status: 204) }
        let match = try #require(plain.match(["users", "7", "posts"][...]))
        #expect(match.values.map { "\($0.name)=\($0.value)" } == ["id=7", "tab=posts"])
        #expect(match.segments.map { "\($0.name)=\($0.value)" } == ["id=7", "tab=posts"])
        #expect(plain.match(["users", "7"][...]) == nil)
        #expect(Self.route.match(["a", "1", "23", "4"][...]) == nil)
    }
}
