import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

// README.md's test with a typed fake ("Typed fakes and a real server"), verbatim but for the last check
// (501), which the README only states. Change both together.

struct FakeGitHub: GitHubAPI.Service {
    func reposGet(owner: String, repo: String, ifNoneMatch: String?)
        async throws -> ResponseWithHeaders<GitHubAPI.Repository, GitHubAPI.Repos.GetHeaders> {
        guard repo == "swift" else { throw ErrorResponse(status: 404, body: GitHubAPI.BasicError(message: "Not Found")) }
        let repository = GitHubAPI.Repository(id: 1, fullName: "\(owner)/\(repo)", private: false, stargazersCount: 67_000,
                                              owner: GitHubAPI.SimpleUser(login: owner, id: 10))
        return ResponseWithHeaders(repository, headers: .init(eTag: "\"v1\""))
    }
}

@Test func readsARepositoryFromAFake() async throws {
    let client = HTTPClient(transport: InProcessTransport(GitHubAPI.handler(FakeGitHub())))

    let response = try await client.response(for: GitHubAPI.Repos.get(owner: "apple", repo: "swift"))
    #expect(response.body.stargazersCount == 67_000)
    #expect(response.headers.eTag == "\"v1\"")

    let error = await #expect(throws: ErrorResponse<GitHubAPI.BasicError>.self) {
        try await client.send(GitHubAPI.Repos.get(owner: "apple", repo: "nothing"))
    }
    #expect(error?.status == 404)
    #expect(error?.body.message == "Not Found")

    // What the fake leaves out answers 501.
    let issues = await #expect(throws: EndpointError.self) {
        try await client.send(GitHubAPI.Repos.issues(owner: "apple", repo: "swift"))
    }
    #expect(issues?.status == 501)
}
