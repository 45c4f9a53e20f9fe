import Foundation
import Testing

/// The rules of the version 2 shape that an import must respect so the generator accepts what it
/// writes: a level holds at most 300 endpoints and groups, a group is also a case of the API's
/// `Call` enum (named like a top-level endpoint, it is renamed), and `defaults`/`samples` are the
/// API type's own members.
@Suite struct ImportShapeRuleTests {
    typealias T = ImportTestSupport

    static func operations(_ count: Int, tag: String) -> String {
        (0..<count).map { index in
            #""/\#(tag)/item\#(index)": {"get": {"operationId": "get_item_\#(index)", "tags": ["\#(tag)"], "responses": {"204": {"description": "none"}}}}"#
        }.joined(separator: ",\n")
    }

    /// The parts are named as parts (`reposPart2`): a bare number reads like a version (`v12`).
    @Test func aTagOfMoreThan300OperationsIsSplitIntoGroupsOf250() throws {
        let imported = T.run(T.document(paths: "{" + Self.operations(620, tag: "repos") + "}"))
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let sizes = ["repos", "reposPart2", "reposPart3"].map { ((imported.groups[$0] as? [String: Any])?["endpoints"] as? [String: Any])?.count }
        #expect(sizes == [250, 250, 120])
        #expect(imported.warnings.contains { $0.contains("group 'repos' has 620 operations") && $0.contains("'repos', 'reposPart2', 'reposPart3'") })
        #expect(imported.groups.count == 3)
        // Exactly 300 stay together.
        let edge = T.run(T.document(paths: "{" + Self.operations(300, tag: "repos") + "}"))
        #expect(((edge.groups["repos"] as? [String: Any])?["endpoints"] as? [String: Any])?.count == 300)
        #expect(edge.groups.count == 1)
    }

    @Test func aGroupNamedLikeATopLevelEndpointIsRenamed() throws {
        let json = T.document(paths: """
            {"/{id}/status": {"get": {"operationId": "status", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "none"}}}},
             "/status/all": {"get": {"operationId": "list_all", "tags": ["status"], "responses": {"204": {"description": "none"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.endpoint("status") != nil)
        #expect(imported.endpoint("listAll", in: "statusEndpoints") != nil)
        #expect(imported.warnings.contains { $0.contains("same case of the API's Call enum") })
    }

    @Test func topLevelEndpointsNamedLikeTheAPITypesMembersAreRenamed() throws {
        let json = T.document(paths: """
            {"/{id}/defaults": {"get": {"operationId": "defaults", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "none"}}}},
             "/{id}/samples": {"get": {"operationId": "samples", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "none"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.endpoint("defaultsEndpoint") != nil)
        #expect(imported.endpoint("samplesEndpoint") != nil)
    }
}
