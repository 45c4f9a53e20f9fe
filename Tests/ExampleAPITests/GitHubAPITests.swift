import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// The generated GitHubAPI (specs/GitHubAPI.endpoints.json) against the real local server: typed
/// response headers, several success statuses, and the three pagination styles.
@Suite struct GitHubAPITests {
    let server: LocalHTTPServer
    let key = "obj-" + UUID().uuidString

    init() async throws { server = try await LocalHTTPServer.start() }

    static let repositoryJSON = #"{"id":1296269,"full_name":"octocat/Hello-World","private":false,"stargazers_count":80,"owner":{"login":"octocat","id":1}}"#

    func client(_ middleware: [any HTTPMiddleware] = [], base: String = "") -> HTTPClient {
        HTTPClient(baseURL: URL(string: server.baseURLString + base), middleware: [AuthMiddleware(credentials: .bearer("t"))] + middleware)
    }

    /// A client whose requests land on the server's pages of `style`.
    func pagedClient(_ style: String, middleware: [any HTTPMiddleware] = []) -> HTTPClient {
        client(middleware, base: "/paged/\(style)/\(key)")
    }

    func served() async throws -> Int {
        struct Count: Decodable, Sendable { var count: Int }
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("paged", "count", key) }
        return try await HTTPClient().send(request, as: Count.self).count
    }

    @Test(arguments: [["ETag": "\"644b5b0155e6404a9cc4bd9d8b1ae730\"", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT", "X-RateLimit-Remaining": "4999"],
                      ["etag": "\"644b5b0155e6404a9cc4bd9d8b1ae730\"", "last-modified": "Sun, 06 Nov 1994 08:49:37 GMT", "x-ratelimit-remaining": "4999"]])
    func typedResponseHeaders(sent: [String: String]) async throws {
        let client = client([OverTheWireTests.canned(Self.repositoryJSON, headers: sent)])
        let endpoint = GitHubAPI.Repos.get(owner: "octocat", repo: "Hello-World")
        let response = try await client.response(for: endpoint)
        #expect(response.status == 200)
        #expect(response.headers.eTag == "\"644b5b0155e6404a9cc4bd9d8b1ae730\"")
        #expect(response.headers.lastModified == Date(timeIntervalSince1970: 784_111_777))
        #expect(response.headers.xRateLimitRemaining == 4999)
        #expect(response.body.fullName == "octocat/Hello-World")
        #expect(response.raw.request.urlComponents.path == "/repos/octocat/Hello-World")
        // `send` returns the body alone.
        let repository: GitHubAPI.Repository = try await client.send(endpoint)
        #expect(repository == response.body)
    }

    @Test func optionalHeadersMayBeMissingRequiredOnesMayNot() async throws {
        let bare = try await client([OverTheWireTests.canned(Self.repositoryJSON)]).response(for: GitHubAPI.Repos.get(owner: "o", repo: "r"))
        #expect(bare.headers == GitHubAPI.Repos.GetHeaders(eTag: nil, lastModified: nil, xRateLimitRemaining: nil))

        let rate = #"{"rate":{"limit":5000,"remaining":4999,"reset":1372700873,"used":1}}"#
        let missing = client([OverTheWireTests.canned(rate, headers: ["X-RateLimit-Remaining": "4999", "X-RateLimit-Reset": "1372700873"])])
        let error = await #expect(throws: EndpointError.self) { try await missing.response(for: GitHubAPI.rateLimit) }
        guard case let .decoding(underlying, _)? = error else { Issue.record("not a decoding error: \(String(describing: error))"); return }
        #expect(underlying as? ResponseHeaderError == .missing(name: "X-RateLimit-Limit"))
        await #expect(throws: EndpointError.self) { try await missing.send(GitHubAPI.rateLimit) }

        let malformed = client([OverTheWireTests.canned(rate, headers: ["X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "many",
                                                                          "X-RateLimit-Reset": "1372700873"])])
        let badValue = await #expect(throws: EndpointError.self) { try await malformed.response(for: GitHubAPI.rateLimit) }
        #expect(badValue?.description.contains("X-RateLimit-Remaining") == true, "\(String(describing: badValue))")

        let complete = client([OverTheWireTests.canned(rate, headers: ["x-ratelimit-limit": "5000", "X-RateLimit-Remaining": "4999",
                                                                         "X-RateLimit-Reset": "1372700873", "X-GitHub-Request-Id": "CAFE:1"])])
        let headers = try await complete.response(for: GitHubAPI.rateLimit).headers
        #expect(headers == GitHubAPI.RateLimitHeaders(xRateLimitLimit: 5000, xRateLimitRemaining: 4999, xRateLimitReset: 1_372_700_873,
                                                     xGitHubRequestId: "CAFE:1"))
    }

    @Test func everyEndpointHasAResponse() async throws {
        let response = try await client([OverTheWireTests.canned(#"[{"contributions": 3}]"#, headers: ["ETag": "abc"])])
            .response(for: GitHubAPI.Repos.contributors(owner: "o", repo: "r"))
        #expect(response.headers["etag"] == "abc")
        #expect(response.body?.first?.contributions == 3)
    }

    @Test func aBodilessStatusIsNil() async throws {
        let list = try await client([OverTheWireTests.canned(#"[{"login":"octocat","id":1,"contributions":32}]"#)])
            .send(GitHubAPI.Repos.contributors(owner: "o", repo: "r"))
        #expect(list == [GitHubAPI.Contributor(login: "octocat", id: 1, contributions: 32)])
        let empty = try await client([OverTheWireTests.canned("", status: 204)]).send(GitHubAPI.Repos.contributors(owner: "o", repo: "r"))
        #expect(empty == nil)
        // A success status the endpoint does not declare is not accepted.
        let error = await #expect(throws: EndpointError.self) {
            try await client([OverTheWireTests.canned("[]", status: 206)]).send(GitHubAPI.Repos.contributors(owner: "o", repo: "r"))
        }
        #expect(error?.status == 206)
    }

    @Test func statusesWithDifferentTypesAreAnEnum() async throws {
        let new = GitHubAPI.NewDeployment(ref: "topic-branch")
        let created = try await client([OverTheWireTests.canned(#"{"id":42,"ref":"topic-branch","environment":"production"}"#, status: 201)])
            .send(GitHubAPI.Repos.createDeployment(owner: "o", repo: "r", body: new))
        #expect(created == .created(GitHubAPI.Deployment(id: 42, ref: "topic-branch", environment: "production")))
        let accepted = try await client([OverTheWireTests.canned(#"{"message":"Auto-merged master into topic-branch on deployment."}"#, status: 202)])
            .send(GitHubAPI.Repos.createDeployment(owner: "o", repo: "r", body: new))
        guard case let .accepted(message) = accepted else { Issue.record("expected .accepted, got \(accepted)"); return }
        #expect(message.message.hasPrefix("Auto-merged"))
        // An error status still reaches a catch as the declared error body.
        let error = await #expect(throws: ErrorResponse<GitHubAPI.BasicError>.self) {
            try await client([OverTheWireTests.canned(#"{"message":"Conflict"}"#, status: 409)])
                .send(GitHubAPI.Repos.createDeployment(owner: "o", repo: "r", body: new))
        }
        #expect(error?.body.message == "Conflict")
    }

    @Test func linkPagesOfIssuesAreFetchedWhenAsked() async throws {
        let client = pagedClient("link")
        var titles: [String] = []
        for try await issue in client.items(GitHubAPI.Repos.issues(owner: "apple", repo: "swift", state: "open")) {
            titles.append(issue.title)
            if issue.number == 3 { break }
        }
        #expect(titles == ["#1", "#2", "#3"])
        #expect(try await served() == 2, "the third page is never requested")

        var pages: [[Int]] = []
        for try await page in client.pages(GitHubAPI.Repos.issues(owner: "apple", repo: "swift")) { pages.append(page.map(\.number)) }
        #expect(pages == [[1, 2], [3, 4], [5]])
        #expect(try await served() == 5)
    }

    @Test func contributorsPageByLinkAndAnEmptyRepositoryHasNoPages() async throws {
        // 200 pages with `Link` until the last, as GitHub answers for a repository with contributors.
        let client = pagedClient("contributors")
        var logins: [String?] = []
        for try await contributor in client.items(GitHubAPI.Repos.contributors(owner: "octocat", repo: "Hello-World", perPage: 2)) {
            logins.append(contributor.login)
        }
        #expect(logins == ["user-1", "user-2", "user-3", "user-4", "user-5"])
        var sizes: [Int] = []
        for try await page in client.pages(GitHubAPI.Repos.contributors(owner: "octocat", repo: "Hello-World")) {
            sizes.append(page.count)          // a page is [Contributor], not optional
        }
        #expect(sizes == [2, 2, 1])
        #expect(try await served() == 6)

        // 204 without a body for an empty repository: no page and no items, and its `Link` is not followed.
        let emptyKey = "empty-" + UUID().uuidString
        let empty = self.client([], base: "/paged/contributors/\(emptyKey)")
        var pageCount = 0
        for try await _ in empty.pages(GitHubAPI.Repos.contributors(owner: "o", repo: "empty")) { pageCount += 1 }
        var itemCount = 0
        for try await _ in empty.items(GitHubAPI.Repos.contributors(owner: "o", repo: "empty")) { itemCount += 1 }
        #expect(pageCount == 0)
        #expect(itemCount == 0)
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("paged", "count", emptyKey) }
        struct Count: Decodable, Sendable { var count: Int }
        #expect(try await HTTPClient().send(request, as: Count.self).count == 2, "one request per loop, none for the 204's Link")
        // `send` still answers nil for the 204.
        #expect(try await empty.send(GitHubAPI.Repos.contributors(owner: "o", repo: "empty")) == nil)
    }

    @Test func cursorPagesOfTheAuditLog() async throws {
        let queries = Recorder<String>()
        let client = pagedClient("cursor", middleware: [ClosureMiddleware { request, next in
            queries.append(request.urlComponents.percentEncodedQuery ?? "")
            return try await next(request)
        }])
        var actions: [String] = []
        for try await event in client.items(GitHubAPI.auditLog(org: "github", perPage: 2)) { actions.append(event.action) }
        #expect(actions == ["event-1", "event-2", "event-3", "event-4", "event-5"])
        #expect(queries.values == ["per_page=2", "per_page=2&after=c2", "per_page=2&after=c3"])
    }

    @Test func numberedPagesOfStargazersUntilAnEmptyPage() async throws {
        var logins: [String] = []
        for try await user in pagedClient("numbers").items(GitHubAPI.Repos.stargazers(owner: "o", repo: "r", perPage: 2)) {
            logins.append(user.login)
        }
        #expect(logins == ["user-1", "user-2", "user-3", "user-4", "user-5"])
        #expect(try await served() == 4, "three pages and the empty one that ends them")
    }

    /// docs/runtime.md's pagination example (the loops verbatim), against the server's pages.
    func paginationExample(client: HTTPClient) async throws -> Int {
        // Every open issue of apple/swift, a page of 100 at a time, requested as the loop needs it.
        for try await issue in client.items(GitHubAPI.Repos.issues(owner: "apple", repo: "swift", state: "open", perPage: 100)) {
            print("#\(issue.number) \(issue.title)")
            if issue.number < 70_000 { break }             // no further page is requested
        }

        // Whole pages, e.g. to report progress.
        var fetched = 0
        for try await page in client.pages(GitHubAPI.Repos.issues(owner: "apple", repo: "swift")) {
            fetched += page.count
            print("\(fetched) issues so far")
        }
        return fetched
    }

    @Test func thePaginationExampleOfTheDocs() async throws {
        #expect(try await paginationExample(client: pagedClient("link")) == 5)
        #expect(try await served() == 4, "the first loop stops after one page")
    }

    /// The README's example (after the loop, which is the pagination example's), verbatim.
    func readmeExample(client: HTTPClient) async throws -> [GitHubAPI.Contributor]? {
        let response = try await client.response(for: GitHubAPI.Repos.get(owner: "apple", repo: "swift"))
        print(response.headers.eTag ?? "-", response.headers.xRateLimitRemaining ?? 0, response.body.stargazersCount)

        let contributors = try await client.send(GitHubAPI.Repos.contributors(owner: "apple", repo: "swift"))  // nil for a 204
        return contributors
    }

    @Test func theReadmeExample() async throws {
        let stub = StubTransport(samples: GitHubAPI.samples)
        await stub.stub(.get, path: "/contributors", responses: [StubResponse(status: 204)])
        #expect(try await readmeExample(client: HTTPClient(transport: stub)) == nil)
    }

    @Test func stubsServeTheSamplesHeadersAndPages() async throws {
        let stub = StubTransport(samples: GitHubAPI.samples)
        let client = HTTPClient(transport: stub)
        #expect(try await client.send(GitHubAPI.Repos.get(owner: "octocat", repo: "Hello-World")).stargazersCount == 80)

        await stub.stub(.get, path: "/repos/octocat/Hello-World", responses: [
            .json(Self.repositoryJSON, headers: ["ETag": "\"v2\"", "X-RateLimit-Remaining": "7"]),
        ])
        let response = try await client.response(for: GitHubAPI.Repos.get(owner: "octocat", repo: "Hello-World"))
        #expect(response.headers.eTag == "\"v2\"")
        #expect(response.headers.xRateLimitRemaining == 7)

        await stub.stub(.get, path: "/repos/apple/swift/issues", responses: [
            .json(#"[{"id":1,"number":1,"title":"a"}]"#, headers: ["Link": #"<https://api.github.com/repos/apple/swift/issues?page=2>; rel="next""#]),
            .json(#"[{"id":2,"number":2,"title":"b"}]"#, delay: .milliseconds(10)),
        ])
        var numbers: [Int] = []
        for try await issue in client.items(GitHubAPI.Repos.issues(owner: "apple", repo: "swift")) { numbers.append(issue.number) }
        #expect(numbers == [1, 2])

        await stub.stub(.get, path: "/rate_limit", responses: [.failure(URLError(.notConnectedToInternet))])
        let error = await #expect(throws: EndpointError.self) { try await client.send(GitHubAPI.rateLimit) }
        guard case .transport? = error else { Issue.record("expected a transport error, got \(String(describing: error))"); return }
    }
}
