import APIs
import EndpointRuntime
import Foundation

/// GitHubAPI over a fixed, in-memory repository: typed values and headers, a declared error body
/// (404 `BasicError` for any other repository), and lists in pages (stargazers by page number, the
/// audit log by cursor). Issues and contributors are left to the generated default (501).
struct DemoGitHub: GitHubAPI.Service {
    static let owner = GitHubAPI.SimpleUser(login: "octocat", id: 1)
    static let repository = GitHubAPI.Repository(id: 1_296_269, fullName: "octocat/Hello-World", private: false,
                                                 stargazersCount: 5, owner: owner)
    static let stargazers = (1...5).map { GitHubAPI.SimpleUser(login: "fan\($0)", id: Int64(100 + $0)) }
    static let events = ["repo.create", "repo.access", "team.add_member", "repo.rename", "repo.archived"].enumerated().map {
        GitHubAPI.AuditLogEvent(action: $0.element, actor: "octocat", createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double($0.offset) * 60))
    }

    func rateLimit() async throws -> ResponseWithHeaders<GitHubAPI.RateLimitOverview, GitHubAPI.RateLimitHeaders> {
        ResponseWithHeaders(GitHubAPI.RateLimitOverview(rate: GitHubAPI.RateLimit(limit: 5000, remaining: 4999, reset: 1_700_003_600, used: 1)),
                            headers: GitHubAPI.RateLimitHeaders(xRateLimitLimit: 5000, xRateLimitRemaining: 4999, xRateLimitReset: 1_700_003_600,
                                                                xGitHubRequestId: "demo-1"))
    }

    func reposGet(owner: String, repo: String, ifNoneMatch: String?)
        async throws -> ResponseWithHeaders<GitHubAPI.Repository, GitHubAPI.Repos.GetHeaders> {
        try Self.check(owner, repo)
        return ResponseWithHeaders(Self.repository, headers: GitHubAPI.Repos.GetHeaders(
            eTag: "\"v1\"", lastModified: Date(timeIntervalSince1970: 1_700_000_000), xRateLimitRemaining: 4998))
    }

    func reposStargazers(owner: String, repo: String, perPage: Int?, page: Int?) async throws -> [GitHubAPI.SimpleUser] {
        try Self.check(owner, repo)
        let size = max(1, perPage ?? 30)
        let start = (max(1, page ?? 1) - 1) * size
        return Array(Self.stargazers.dropFirst(start).prefix(size))
    }

    func auditLog(org: String, after: String?, perPage: Int?) async throws -> GitHubAPI.AuditLogPage {
        guard org == "octo-org" else {
            throw ErrorResponse(status: 404, body: GitHubAPI.BasicError(message: "Not Found"))
        }
        let size = max(1, perPage ?? 30)
        let start = after.flatMap(Int.init) ?? 0
        let page = Array(Self.events.dropFirst(start).prefix(size))
        let next = start + page.count < Self.events.count ? String(start + page.count) : nil
        return GitHubAPI.AuditLogPage(data: page, meta: GitHubAPI.AuditLogMeta(nextCursor: next))
    }

    func reposCreateDeployment(owner: String, repo: String, body: GitHubAPI.NewDeployment)
        async throws -> GitHubAPI.Repos.CreateDeploymentResponse {
        try Self.check(owner, repo)
        if body.ref == "main" {
            return .created(GitHubAPI.Deployment(id: 42, ref: body.ref, environment: body.environment ?? "production"))
        }
        return .accepted(GitHubAPI.DeploymentMessage(message: "Auto-merged main into \(body.ref)"))
    }

    /// The one repository there is; any other is the spec's 404 `BasicError`.
    static func check(_ owner: String, _ repo: String) throws {
        guard owner == "octocat", repo == "Hello-World" else {
            throw ErrorResponse(status: 404, body: GitHubAPI.BasicError(message: "Not Found",
                                                                        documentationUrl: "https://docs.github.com/rest"))
        }
    }
}

/// ChatAPI: the answer to a prompt as Server-Sent Events, a word every `pause`, and a few notices.
struct DemoChat: ChatAPI.Service {
    var pause: Duration = .milliseconds(100)

    func chat(body: ChatAPI.ChatRequest) async throws -> AsyncThrowingStream<ChatAPI.ChatChunk, any Error> {
        let words = ["You", "said:"] + body.prompt.split(separator: " ").map(String.init)
        let count = min(words.count, body.maxTokens ?? .max)
        let pause = self.pause
        return AsyncThrowingStream { continuation in
            let task = Task {
                for (index, word) in words.prefix(count).enumerated() {
                    if index > 0 { try await Task.sleep(for: pause) }
                    continuation.yield(ChatAPI.ChatChunk(index: index, text: word))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func notices() async throws -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            for notice in ["maintenance at 02:00 UTC", "all systems normal"] { continuation.yield(notice) }
            continuation.finish()
        }
    }
}
