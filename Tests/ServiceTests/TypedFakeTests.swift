import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// Typed fakes of example APIs reached with the generated client through `InProcessTransport`:
/// values, typed headers, several statuses, pages, declared and undeclared errors, streams.
@Suite struct TypedFakeTests {
    struct FakeGitHub: GitHubAPI.Service {
        func reposGet(owner: String, repo: String, ifNoneMatch: String?) async throws
            -> ResponseWithHeaders<GitHubAPI.Repository, GitHubAPI.Repos.GetHeaders> {
            guard owner == "octocat" else {
                throw ErrorResponse(status: 404, body: GitHubAPI.BasicError(message: "Not Found: \(owner)/\(repo)"))
            }
            let repository = GitHubAPI.Repository(id: 1, fullName: "\(owner)/\(repo)", private: false, stargazersCount: 80,
                                                  owner: GitHubAPI.SimpleUser(login: owner, id: 1))
            return ResponseWithHeaders(repository, headers: GitHubAPI.Repos.GetHeaders(
                eTag: ifNoneMatch.map { $0 + "-seen" } ?? "\"v1\"", lastModified: Date(timeIntervalSince1970: 784_111_777), xRateLimitRemaining: 59))
        }

        func reposCreateDeployment(owner: String, repo: String, body: GitHubAPI.NewDeployment) async throws -> GitHubAPI.Repos.CreateDeploymentResponse {
            if body.ref == "main" { return .accepted(GitHubAPI.DeploymentMessage(message: "merged \(body.environment ?? "-")")) }
            return .created(GitHubAPI.Deployment(id: 7, ref: body.ref, environment: body.environment ?? "production"))
        }

        /// `linked`: two pages, the first linking the second with `Link` (marked by `anon=true`), as GitHub links them.
        func reposContributors(owner: String, repo: String, anon: Bool?, perPage: Int?) async throws -> [GitHubAPI.Contributor]? {
            if repo == "linked" {
                if anon == true { return [GitHubAPI.Contributor(login: "second", contributions: 2)] }
                ServiceResponseHeaders.add("Link", "<https://api.github.com/repos/\(owner)/\(repo)/contributors?anon=true>; rel=\"next\"")
                return [GitHubAPI.Contributor(login: "first", contributions: 1)]
            }
            return repo == "empty" ? nil : [GitHubAPI.Contributor(login: owner, id: 1, contributions: perPage ?? 0)]
        }

        /// Three pages of two events: the cursor is the next page's number.
        func auditLog(org: String, after: String?, perPage: Int?) async throws -> GitHubAPI.AuditLogPage {
            let page = Int(after ?? "0") ?? 0
            let events = (0..<2).map { GitHubAPI.AuditLogEvent(action: "\(org).\(page * 2 + $0)") }
            return GitHubAPI.AuditLogPage(data: events, meta: GitHubAPI.AuditLogMeta(nextCursor: page < 2 ? String(page + 1) : nil))
        }

        struct Crash: Error { var secret = "token=abc" }
        func reposIssues(owner: String, repo: String, state: String?, perPage: Int?, page: Int?) async throws -> [GitHubAPI.Issue] {
            throw Crash()
        }

        /// Pages by number until an empty one.
        func reposStargazers(owner: String, repo: String, perPage: Int?, page: Int?) async throws -> [GitHubAPI.SimpleUser] {
            let number = page ?? 1
            return number <= 2 ? [GitHubAPI.SimpleUser(login: "user\(number)", id: Int64(number))] : []
        }
    }

    let github = client(GitHubAPI.handler(FakeGitHub()))

    @Test func valuesAndTypedHeaders() async throws {
        let response = try await github.response(for: GitHubAPI.Repos.get(owner: "octocat", repo: "hello", ifNoneMatch: "\"v0\""))
        #expect(response.status == 200)
        #expect(response.body.fullName == "octocat/hello")
        #expect(response.headers.eTag == "\"v0\"-seen")
        #expect(response.headers.lastModified == Date(timeIntervalSince1970: 784_111_777))
        #expect(response.headers.xRateLimitRemaining == 59)
    }

    @Test func severalStatusesAndOptionalBodies() async throws {
        let accepted = try await github.send(GitHubAPI.Repos.createDeployment(owner: "o", repo: "r", body: .init(ref: "main", environment: "qa")))
        #expect(accepted == .accepted(GitHubAPI.DeploymentMessage(message: "merged qa")))
        let created = try await github.send(GitHubAPI.Repos.createDeployment(owner: "o", repo: "r", body: .init(ref: "v2")))
        #expect(created == .created(GitHubAPI.Deployment(id: 7, ref: "v2", environment: "production")))
        #expect(try await github.send(GitHubAPI.Repos.contributors(owner: "o", repo: "empty")) == nil)
        #expect(try await github.send(GitHubAPI.Repos.contributors(owner: "o", repo: "r", perPage: 5))?.first?.contributions == 5)
    }

    @Test func declaredErrorArrivesTyped() async throws {
        do {
            _ = try await github.send(GitHubAPI.Repos.get(owner: "nobody", repo: "x"))
            Issue.record("expected an error")
        } catch let error as ErrorResponse<GitHubAPI.BasicError> {
            #expect(error.status == 404)
            #expect(error.body.message == "Not Found: nobody/x")
        }
    }

    @Test func undeclaredErrorIs500AndUnimplementedIs501() async throws {
        do {
            _ = try await github.send(GitHubAPI.Repos.issues(owner: "o", repo: "r"))
            Issue.record("expected an error")
        } catch let error as EndpointError {
            #expect(error.status == 500)
            let text = error.response.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
            #expect(text == "Internal Server Error")
        }
        do {
            _ = try await github.send(GitHubAPI.rateLimit)
            Issue.record("expected an error")
        } catch let error as EndpointError {
            #expect(error.status == 501)
        }
    }

    @Test func cursorPages() async throws {
        var actions: [String] = []
        for try await page in github.pages(GitHubAPI.auditLog(org: "acme")) {
            actions += page.data.map(\.action)
        }
        #expect(actions == ["acme.0", "acme.1", "acme.2", "acme.3", "acme.4", "acme.5"])
    }

    @Test func numberedAndLinkedPages() async throws {
        var logins: [String] = []
        for try await page in github.pages(GitHubAPI.Repos.stargazers(owner: "o", repo: "r")) { logins += page.map(\.login) }
        #expect(logins == ["user1", "user2"])
        var contributors: [String] = []
        for try await page in github.pages(GitHubAPI.Repos.contributors(owner: "o", repo: "linked")) {
            contributors += page.compactMap(\.login)
        }
        #expect(contributors == ["first", "second"])
    }

    // MARK: Streams

    struct FakeChat: ChatAPI.Service {
        func chat(body: ChatAPI.ChatRequest) async throws -> AsyncThrowingStream<ChatAPI.ChatChunk, any Error> {
            let words = body.prompt.split(separator: " ").map(String.init)
            return AsyncThrowingStream { continuation in
                for (index, word) in words.enumerated() { continuation.yield(ChatAPI.ChatChunk(index: index, text: word)) }
                continuation.finish()
            }
        }

        func notices() async throws -> AsyncThrowingStream<String, any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield("first line\nsecond line")
                continuation.yield("{\"not\": \"json\"}")
                continuation.finish()
            }
        }

        func logs(since: Date?) async throws -> AsyncThrowingStream<ChatAPI.LogLine, any Error> {
            let time = since ?? Date(timeIntervalSince1970: 0)
            return AsyncThrowingStream { continuation in
                continuation.yield(ChatAPI.LogLine(level: "info", message: "a\nb", time: time))
                continuation.yield(ChatAPI.LogLine(level: "warn", message: "c", time: time.addingTimeInterval(1)))
                continuation.finish()
            }
        }

        func records() async throws -> AsyncThrowingStream<ChatAPI.LogLine, any Error> { try await logs(since: nil) }

        func export() async throws -> AsyncThrowingStream<Data, any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield(Data([1, 2]))
                continuation.yield(Data([3]))
                continuation.finish()
            }
        }
    }

    let chat = client(ChatAPI.handler(FakeChat()))

    @Test func serverSentEventsEndAtTheirEndMarker() async throws {
        var words: [String] = []
        for try await chunk in try await chat.send(ChatAPI.chat(body: .init(prompt: "hello in process"))) {
            words.append("\(chunk.index):\(chunk.text)")
        }
        #expect(words == ["0:hello", "1:in", "2:process"])
        var notices: [String] = []
        for try await notice in try await chat.send(ChatAPI.notices) { notices.append(notice) }
        #expect(notices == ["first line\nsecond line", "{\"not\": \"json\"}"])
    }

    @Test func jsonLinesSequencesAndBytes() async throws {
        let since = Date(timeIntervalSince1970: 1_714_566_600)
        var lines: [ChatAPI.LogLine] = []
        for try await line in try await chat.send(ChatAPI.logs(since: since)) { lines.append(line) }
        #expect(lines.map(\.message) == ["a\nb", "c"])
        #expect(lines.first?.time == since)
        var records: [String] = []
        for try await record in try await chat.send(ChatAPI.records) { records.append(record.level) }
        #expect(records == ["info", "warn"])
        var bytes = Data()
        for try await chunk in try await chat.send(ChatAPI.export) { bytes += chunk }
        #expect(bytes == Data([1, 2, 3]))
    }

    // MARK: Bodies and styles

    struct FakeHTTPBin: HTTPBin.Service {
        func anythingForm(body: HTTPBin.SignupForm) async throws -> HTTPBin.EchoResponse {
            HTTPBin.EchoResponse(args: [:], headers: [:], form: ["email": .string(body.email), "age": body.age.map { .int(Int64($0)) } ?? .null,
                                                           "newsletter": .bool(body.newsletter), "interests": .array(body.interests.map { .string($0) })])
        }

        func anythingMultipart(body: HTTPBin.FileUpload) async throws -> HTTPBin.EchoResponse {
            HTTPBin.EchoResponse(args: [:], headers: [:], data: body.title + ":" + body.file.base64EncodedString() + ":" + (body.tags ?? []).joined(separator: ","))
        }

        func anythingText(body: String) async throws -> String { body.uppercased() }

        func anythingDelete(id: UUID) async throws {
            guard id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") else { throw ErrorResponse(status: 404, body: "gone") }
        }

        func anythingDownload(name: String) async throws -> File {
            File(data: Data(name.utf8), fileName: name, contentType: "application/pdf")
        }
    }

    let httpbin = client(HTTPBin.handler(FakeHTTPBin()))

    @Test func formMultipartTextAndVoid() async throws {
        let form = try await httpbin.send(HTTPBin.Anything.form(body: .init(email: "a+b@x.org", age: nil, newsletter: true, interests: ["x y", "z"])))
        #expect(form.form?["email"] == .string("a+b@x.org"))
        #expect(form.form?["age"] == .null)
        #expect(form.form?["interests"] == .array([.string("x y"), .string("z")]))
        let multipart = try await httpbin.send(HTTPBin.Anything.multipart(body: .init(file: Data([0xFF, 0]), title: "t", tags: ["a", "b"])))
        #expect(multipart.data == "t:" + Data([0xFF, 0]).base64EncodedString() + ":a,b")
        #expect(try await httpbin.send(HTTPBin.Anything.text(body: "shout")) == "SHOUT")
        try await httpbin.send(HTTPBin.Anything.delete(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
        let file = try await httpbin.send(HTTPBin.Anything.download(name: "report.pdf"))
        #expect(file.data == Data("report.pdf".utf8))
        #expect(file.contentType == "application/pdf")
    }

    struct FakePayments: PaymentsAPI.Service {
        let received = Received<String>()

        func stylesLabel(color: PaymentsAPI.Color, tags: [String]) async throws { received.set("label \(color) \(tags)") }
        func stylesMatrix(color: PaymentsAPI.Color, tags: [String]) async throws { received.set("matrix \(color) \(tags)") }
        func stylesSimple(color: PaymentsAPI.Color, workflow: PaymentsAPI.WorkflowID, xColor: PaymentsAPI.Color?) async throws {
            received.set("simple \(color) \(workflow) \(String(describing: xColor))")
        }
        func stylesSingle(name: String, version: Int, xLabels: [String: String]?, xTags: [String]?) async throws {
            received.set("single \(name) \(version) \(xLabels ?? [:]) \(xTags ?? [])")
        }
        func customersCreate(body: PaymentsAPI.NewCustomer) async throws -> PaymentsAPI.Customer {
            received.set("create \(body.address?.city ?? "-") \(body.metadata ?? [:]) \(body.expand ?? []) \(body.items?.map(\.price) ?? []) \(body.preferredLocales ?? [])")
            return PaymentsAPI.Customer(id: "cus_1", email: body.email, name: body.name)
        }
        func customersGet(customer: String, expand: [String]?) async throws -> PaymentsAPI.Customer {
            PaymentsAPI.Customer(id: customer, email: nil, name: expand?.joined(separator: "+"))
        }
    }

    @Test func pathHeaderAndFormStylesArriveAsSent() async throws {
        let fake = FakePayments()
        let payments = client(PaymentsAPI.handler(fake))
        let color = PaymentsAPI.Color(r: 1, g: 2, b: 3)
        try await payments.send(PaymentsAPI.Styles.label(color: color, tags: ["a.b", "c"]))
        #expect(fake.received.value == "label \(color) [\"a.b\", \"c\"]")
        try await payments.send(PaymentsAPI.Styles.matrix(color: color, tags: ["x", "y"]))
        #expect(fake.received.value == "matrix \(color) [\"x\", \"y\"]")
        try await payments.send(PaymentsAPI.Styles.simple(color: color, workflow: .int(5), xColor: color))
        #expect(fake.received.value == "simple \(color) \(PaymentsAPI.WorkflowID.int(5)) \(String(describing: Optional(color)))")
        try await payments.send(PaymentsAPI.Styles.single(name: "v.1", version: 2, xLabels: ["k": "v"], xTags: ["t1", "t2"]))
        #expect(fake.received.value == "single v.1 2 [\"k\": \"v\"] [\"t1\", \"t2\"]")
        let customer = try await payments.send(PaymentsAPI.Customers.create(body: .init(
            email: "e@x", address: .init(city: "Paris"), metadata: ["order": "1"], expand: ["a"],
            items: [.init(price: "p_1", quantity: 1), .init(price: "p_2")], preferredLocales: ["en", "fr"])))
        #expect(customer.email == "e@x")
        #expect(fake.received.value == "create Paris [\"order\": \"1\"] [\"a\"] [\"p_1\", \"p_2\"] [\"en\", \"fr\"]")
        #expect(try await payments.send(PaymentsAPI.Customers.get(customer: "cus 9/x", expand: ["a", "b"])).name == "a+b")
        #expect(try await payments.send(PaymentsAPI.Customers.get(customer: "cus 9/x", expand: ["a", "b"])).id == "cus 9/x")
    }
}
