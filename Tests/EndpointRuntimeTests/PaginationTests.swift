import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// A cursor page: the items under `data`, the next cursor under `meta.next_cursor`.
struct CursorPage: Decodable, Sendable, PageBody {
    struct Meta: Decodable, Sendable { var nextCursor: String? }
    var data: [Int]
    var meta: Meta
    var pageItems: [Int] { data }

    enum CodingKeys: String, CodingKey { case data, meta }
}

extension CursorPage.Meta {
    enum CodingKeys: String, CodingKey { case nextCursor = "next_cursor" }
}

struct NumberPage: Decodable, Sendable, PageBody {
    var data: [Int]
    var pageItems: [Int] { data }
}

/// Pagination against the real local server, which counts the requests it gets per key.
@Suite struct PaginationTests {
    let server: LocalHTTPServer
    let client: HTTPClient
    let key = UUID().uuidString

    init() async throws {
        server = try await LocalHTTPServer.start()
        client = HTTPClient(transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
    }

    func endpoint<Response: Decodable & Sendable>(_ style: String, _ pagination: Pagination?, as: Response.Type = Response.self,
                                                  query: [(String, String)] = []) throws -> Endpoint<Response> {
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) {
            Path("paged", style, key)
            for (name, value) in query { Query(name, value) }
        }
        return Endpoint(request, decoder: .json, pagination: pagination)
    }

    /// How many page requests the server has seen for this test.
    func served() async throws -> Int {
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("paged", "count", key) }
        return try await client.send(request, as: CodableCount.self).count
    }

    struct CodableCount: Decodable, Sendable { var count: Int }

    @Test func linkPagesAreFetchedOnlyWhenAsked() async throws {
        let pages = client.pages(try endpoint("link", .link, as: [Int].self))
        #expect(try await served() == 0, "making the sequence sends nothing")
        var iterator = pages.makeAsyncIterator()
        #expect(try await iterator.next() == [1, 2])
        #expect(try await served() == 1)
        #expect(try await iterator.next() == [3, 4])   // absolute next link
        #expect(try await served() == 2)
        #expect(try await iterator.next() == [5])      // relative next link, commas inside <...>
        #expect(try await iterator.next() == nil)      // no rel="next": the end
        #expect(try await iterator.next() == nil)
        #expect(try await served() == 3)
    }

    @Test func itemsStopFetchingWhenTheConsumerStops() async throws {
        var seen: [Int] = []
        for try await item in client.items(try endpoint("link", .link, as: [Int].self)) {
            seen.append(item)
            if item == 3 { break }
        }
        #expect(seen == [1, 2, 3])
        #expect(try await served() == 2, "the third page is never requested")
        var all: [Int] = []
        for try await item in client.items(try endpoint("link", .link, as: [Int].self)) { all.append(item) }
        #expect(all == [1, 2, 3, 4, 5])
    }

    @Test func aLinkHeaderWithoutNextIsTheLastPage() async throws {
        var pages: [[Int]] = []
        for try await page in client.pages(try endpoint("badlink", .link, as: [Int].self)) { pages.append(page) }
        #expect(pages == [[1, 2]])
        #expect(try await served() == 1)
    }

    @Test func aNextLinkBackToAFetchedPageEndsTheSequence() async throws {
        var pages: [[Int]] = []
        for try await page in client.pages(try endpoint("loop", .link, as: [Int].self)) { pages.append(page) }
        #expect(pages == [[1, 2]])
        #expect(try await served() == 1)
    }

    @Test func cursorPagesFollowADottedPath() async throws {
        let cursor = Pagination.cursor(parameter: "after", next: "meta.next_cursor", items: "data")
        var items: [Int] = []
        for try await item in client.items(try endpoint("cursor", cursor, as: CursorPage.self, query: [("limit", "2")])) {
            items.append(item)
        }
        #expect(items == [1, 2, 3, 4, 5])
        #expect(try await served() == 3, "a null cursor ends the sequence without another request")
    }

    @Test func pageNumbersUntilAnEmptyPage() async throws {
        var pages: [[Int]] = []
        for try await page in client.pages(try endpoint("page", .page(parameter: "page", items: "data"), as: NumberPage.self)) {
            pages.append(page.data)
        }
        #expect(pages == [[1, 2], [3, 4], [5], []])
        #expect(try await served() == 4)
        // Starting from a given page.
        var later: [Int] = []
        for try await item in client.items(try endpoint("page", .page(parameter: "page", items: "data"), as: NumberPage.self,
                                                        query: [("page", "3")])) { later.append(item) }
        #expect(later == [5])
    }

    @Test func anEndpointWithoutPaginationHasOnePage() async throws {
        var count = 0
        for try await _ in client.pages(try endpoint("link", nil, as: [Int].self)) { count += 1 }
        #expect(count == 1)
        #expect(try await served() == 1)
    }

    @Test func pagesKeepTheClientsMiddleware() async throws {
        let seen = Recorder<String>()
        let client = HTTPClient(transport: self.client.transport, middleware: [ClosureMiddleware { request, next in
            seen.append(request.urlComponents.percentEncodedQuery ?? "")
            return try await next(request)
        }])
        var all: [Int] = []
        for try await item in client.items(try endpoint("link", .link, as: [Int].self)) { all.append(item) }
        #expect(all == [1, 2, 3, 4, 5])
        #expect(seen.values == ["", "page=2&tags=a,b", "page=3&tags=a,b"])
    }

    @Test func anErrorStatusIsThrown() async throws {
        let request = try HTTPRequest(.get, baseURL: server.baseURLString) { Path("nope"); Header("X-Echo-Status", 500) }
        let pages = client.pages(Endpoint<[Int]>(request, decoder: .json, pagination: .link))
        var iterator = pages.makeAsyncIterator()
        await #expect(throws: EndpointError.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil, "an error ends the sequence")
    }
}

@Suite struct LinkHeaderTests {
    @Test func parsesSeveralLinksWithQuotedAndUnquotedRels() {
        let links = LinkHeader.parse(#"<https://a.test/x?page=2&tags=a,b>; rel="next nofollow"; title="a, b", <https://a.test/x?page=9>; rel=last"#)
        #expect(links.map(\.target) == ["https://a.test/x?page=2&tags=a,b", "https://a.test/x?page=9"])
        #expect(links.map(\.relations) == [["next", "nofollow"], ["last"]])
        #expect(links.first?.parameters["title"] == "a, b")
    }

    @Test func skipsWhatIsNotALink() {
        #expect(LinkHeader.parse("").isEmpty)
        #expect(LinkHeader.parse("garbage, more").isEmpty)
        #expect(LinkHeader.parse(#"<unterminated; rel="next""#).isEmpty)
        let links = LinkHeader.parse(#"nonsense; rel="next", <https://a.test/2>; REL="Next""#)
        #expect(links.map(\.target) == ["https://a.test/2"])
        #expect(links.first?.relations == ["next"])
    }

    @Test func anEscapedQuoteStaysInTheValue() {
        let links = LinkHeader.parse(#"</2>; title="say \"hi\", ok"; rel=next"#)
        #expect(links.first?.parameters["title"] == #"say "hi", ok"#)
        #expect(links.first?.relations == ["next"])
    }
}
