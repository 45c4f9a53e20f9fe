import APIs
import EndpointRuntime
import Foundation

// demo-client <base URL>: calls demo-server with the generated clients and checks every answer.
// Prints a line per check; exits 1 at the first that fails.

guard let base = CommandLine.arguments.dropFirst().first, let baseURL = URL(string: base) else {
    FileHandle.standardError.write(Data("usage: demo-client http://127.0.0.1:<port>\n".utf8))
    exit(64)
}

struct Failure: Error, CustomStringConvertible { var description: String }

func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw Failure(description: message()) }
}

let token = AuthMiddleware { _, _ in .bearer("demo-token") }
let github = HTTPClient(baseURL: baseURL, middleware: [token])
let chat = HTTPClient(baseURL: baseURL.appendingPathComponent("v1"), middleware: [token])

let checks: [(String, () async throws -> Void)] = [
    ("typed value and typed headers (GET /rate_limit)", {
        let response = try await github.response(for: GitHubAPI.rateLimit)
        try check(response.body.rate.remaining == 4999, "rate: \(response.body.rate)")
        try check(response.headers.xRateLimitLimit == 5000, "X-RateLimit-Limit: \(response.headers.xRateLimitLimit)")
        try check(response.headers.xGitHubRequestId == "demo-1", "X-GitHub-Request-Id: \(String(describing: response.headers.xGitHubRequestId))")
    }),
    ("path values, a header parameter and response headers (GET /repos/octocat/Hello-World)", {
        let response = try await github.response(for: GitHubAPI.Repos.get(owner: "octocat", repo: "Hello-World", ifNoneMatch: "\"v0\""))
        try check(response.body.fullName == "octocat/Hello-World" && response.body.owner.login == "octocat", "repository: \(response.body)")
        try check(response.headers.eTag == "\"v1\"", "ETag: \(String(describing: response.headers.eTag))")
        try check(response.headers.lastModified == Date(timeIntervalSince1970: 1_700_000_000),
                  "Last-Modified: \(String(describing: response.headers.lastModified))")
    }),
    ("a 404 body arriving as the declared error (GET /repos/octocat/missing)", {
        do {
            let repository = try await github.send(GitHubAPI.Repos.get(owner: "octocat", repo: "missing"))
            throw Failure(description: "expected a 404, got \(repository)")
        } catch let error as ErrorResponse<GitHubAPI.BasicError> {
            try check(error.status == 404, "status \(error.status)")
            try check(error.body == GitHubAPI.BasicError(message: "Not Found", documentationUrl: "https://docs.github.com/rest"),
                      "body: \(error.body)")
        }
    }),
    ("a JSON body and one of several statuses (POST /repos/octocat/Hello-World/deployments)", {
        let created = try await github.send(GitHubAPI.Repos.createDeployment(
            owner: "octocat", repo: "Hello-World", body: GitHubAPI.NewDeployment(ref: "main", environment: "staging")))
        try check(created == .created(GitHubAPI.Deployment(id: 42, ref: "main", environment: "staging")), "\(created)")
        let merged = try await github.send(GitHubAPI.Repos.createDeployment(
            owner: "octocat", repo: "Hello-World", body: GitHubAPI.NewDeployment(ref: "topic")))
        try check(merged == .accepted(GitHubAPI.DeploymentMessage(message: "Auto-merged main into topic")), "\(merged)")
    }),
    ("pages by page number (GET .../stargazers?page=N until an empty page)", {
        var logins: [String] = []
        for try await user in github.items(GitHubAPI.Repos.stargazers(owner: "octocat", repo: "Hello-World", perPage: 2)) {
            logins.append(user.login)
        }
        try check(logins == ["fan1", "fan2", "fan3", "fan4", "fan5"], "stargazers: \(logins)")
    }),
    ("pages by cursor (GET /orgs/octo-org/audit-log?after=...)", {
        var pages: [[String]] = []
        for try await page in github.pages(GitHubAPI.auditLog(org: "octo-org", perPage: 2)) {
            pages.append(page.data.map(\.action))
        }
        try check(pages == [["repo.create", "repo.access"], ["team.add_member", "repo.rename"], ["repo.archived"]], "pages: \(pages)")
    }),
    ("an SSE stream, each event as it is sent (POST /v1/chat/completions)", {
        let clock = ContinuousClock()
        var arrivals: [(String, ContinuousClock.Instant)] = []
        for try await chunk in try await chat.send(ChatAPI.chat(body: ChatAPI.ChatRequest(prompt: "hello over SSE"))) {
            arrivals.append((chunk.text, clock.now))
        }
        try check(arrivals.map(\.0) == ["You", "said:", "hello", "over", "SSE"], "chunks: \(arrivals.map(\.0))")
        // The server waits 100 ms between words: a body delivered whole would arrive all at once.
        let spread = arrivals[arrivals.count - 1].1 - arrivals[0].1
        try check(spread >= .milliseconds(250), "the events arrived together (within \(spread)), not as they were sent")
    }),
    ("SSE text events (GET /v1/notices)", {
        var notices: [String] = []
        for try await notice in try await chat.send(ChatAPI.notices) { notices.append(notice) }
        try check(notices == ["maintenance at 02:00 UTC", "all systems normal"], "notices: \(notices)")
    }),
    ("an endpoint the service leaves out answers 501 (GET /repos/octocat/Hello-World/issues)", {
        let response = try await github.data(for: GitHubAPI.Repos.issues(owner: "octocat", repo: "Hello-World"))
        try check(response.status == 501, "status \(response.status)")
    }),
    ("an unknown path is 404 (GET /nowhere)", {
        let response = try await github.data(for: HTTPRequest(.get, baseURL: base) { Path("nowhere") })
        try check(response.status == 404, "status \(response.status)")
    }),
]

var failed = false
for (name, run) in checks {
    do {
        try await run()
        print("ok: \(name)")
    } catch {
        print("FAILED: \(name): \(error)")
        failed = true
    }
}
exit(failed ? 1 : 0)
