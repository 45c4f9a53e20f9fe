@testable import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// Models are nested in their API, so two APIs of one module may declare models of the same name:
/// specs/SnippetsAPI.endpoints.json declares `SimpleUser` and `BasicError` (as GistsAPI does) and
/// `Comment` (as StravaAPI does), each with another shape. ExampleAPIs compiling at all is the
/// first test; these check that each API's endpoints use and decode their own types.
@Suite struct NestedModelsTests {
    @Test func modelsOfOneNameAreDistinctTypesOfTheirAPIs() throws {
        #expect(String(reflecting: GistsAPI.SimpleUser.self) == "ExampleAPIs.GistsAPI.SimpleUser")
        #expect(String(reflecting: SnippetsAPI.SimpleUser.self) == "ExampleAPIs.SnippetsAPI.SimpleUser")
        #expect(ObjectIdentifier(GistsAPI.SimpleUser.self) != ObjectIdentifier(SnippetsAPI.SimpleUser.self))
        #expect(ObjectIdentifier(GistsAPI.BasicError.self) != ObjectIdentifier(SnippetsAPI.BasicError.self))
        #expect(ObjectIdentifier(StravaAPI.Comment.self) != ObjectIdentifier(SnippetsAPI.Comment.self))

        // Each API's endpoints name its own models, for the response and the error bodies.
        let snippet: Endpoint<SnippetsAPI.Snippet> = SnippetsAPI.getSnippet(id: 7)
        #expect(snippet.errors.typeName(for: 404) == String(reflecting: SnippetsAPI.BasicError.self))
        let gistComment: Endpoint<GistsAPI.GistComment> = GistsAPI.Gists.Comments.get(gistId: "aa5a", commentId: 1)
        #expect(gistComment.errors.typeName(for: 404) == String(reflecting: GistsAPI.BasicError.self))
        let snippetComments: Endpoint<[SnippetsAPI.Comment]> = SnippetsAPI.comments(id: 7)
        let stravaComments: Endpoint<[StravaAPI.Comment]> = StravaAPI.Activities.comments(id: 7)
        #expect(snippetComments.call as? SnippetsAPI.Call == .comments(id: 7))
        #expect(stravaComments.call as? StravaAPI.Call == .activities(.comments(id: 7)))
        #expect(snippetComments.call as? StravaAPI.Call == nil)

        // The same JSON decodes into one and not the other.
        let gistUser = #"{"login":"octocat","id":1,"node_id":"MDQ6VXNlcjE=","avatar_url":"https://github.com/images/error/octocat_happy.gif","html_url":"https://github.com/octocat","type":"User","site_admin":false}"#
        #expect(try JSONDecoder().decode(GistsAPI.SimpleUser.self, from: Data(gistUser.utf8)).login == "octocat")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SnippetsAPI.SimpleUser.self, from: Data(gistUser.utf8)) }
    }

    @Test func bothAPIsOverTheWire() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        func client(_ body: String, status: Int = 200) -> HTTPClient {
            HTTPClient(baseURL: server.baseURL, middleware: [OverTheWireTests.canned(body, status: status)])
        }

        let snippetJSON = #"{"id":7,"title":"Hello","author":{"id":1,"username":"octo","state":"active"}}"#
        let snippet = try await client(snippetJSON).send(SnippetsAPI.getSnippet(id: 7))
        #expect(snippet == SnippetsAPI.Snippet(id: 7, title: "Hello", author: SnippetsAPI.SimpleUser(id: 1, username: "octo", state: "active")))

        let commentJSON = #"""
            {"id":1,"node_id":"MDExOkdpc3RDb21tZW50MQ==","url":"https://api.github.com/gists/a6db0bec360bb87e9418/comments/1",
             "body":"Just commenting for the sake of commenting","created_at":"2011-04-18T23:23:56Z","updated_at":"2011-04-18T23:23:56Z",
             "author_association":"COLLABORATOR","user":{"login":"octocat","id":1,"node_id":"MDQ6VXNlcjE=",
             "avatar_url":"https://github.com/images/error/octocat_happy.gif","html_url":"https://github.com/octocat","type":"User","site_admin":false}}
            """#
        let gistComment = try await client(commentJSON).send(GistsAPI.Gists.Comments.get(gistId: "a6db0bec360bb87e9418", commentId: 1))
        #expect(gistComment.user?.login == "octocat")
        #expect(gistComment.user?.type == .user)
        #expect(gistComment.authorAssociation == .collaborator)

        let notesJSON = #"[{"id":3,"body":"nice","author":{"id":2,"username":"ada"}},{"id":4,"body":"anonymous"}]"#
        let notes = try await client(notesJSON).send(SnippetsAPI.comments(id: 7))
        #expect(notes == [SnippetsAPI.Comment(id: 3, body: "nice", author: SnippetsAPI.SimpleUser(id: 2, username: "ada")),
                          SnippetsAPI.Comment(id: 4, body: "anonymous")])

        // A 404 of each API arrives as that API's BasicError, and is not the other's.
        do {
            _ = try await client(#"{"message":"404 Snippet Not Found","status":404}"#, status: 404).send(SnippetsAPI.getSnippet(id: 8))
            Issue.record("a 404 was returned as a success")
        } catch let error as ErrorResponse<GistsAPI.BasicError> {
            Issue.record("SnippetsAPI's error body arrived as GistsAPI's: \(error)")
        } catch let error as ErrorResponse<SnippetsAPI.BasicError> {
            #expect(error.body == SnippetsAPI.BasicError(message: "404 Snippet Not Found", status: 404))
        }
        do {
            _ = try await client(#"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#, status: 404)
                .send(GistsAPI.Gists.Comments.get(gistId: "nope", commentId: 2))
            Issue.record("a 404 was returned as a success")
        } catch let error as ErrorResponse<SnippetsAPI.BasicError> {
            Issue.record("GistsAPI's error body arrived as SnippetsAPI's: \(error)")
        } catch let error as ErrorResponse<GistsAPI.BasicError> {
            #expect(error.body.message == "Not Found")
            #expect(error.body.status == "404")
            #expect(error.body.documentationUrl == "https://docs.github.com/rest")
        }

        // The stub transport serves each API its own sample.
        let stubbed = try await HTTPClient(transport: StubTransport(samples: SnippetsAPI.samples)).send(SnippetsAPI.getSnippet(id: 99))
        #expect(stubbed.author.username == "octo")
    }
}
