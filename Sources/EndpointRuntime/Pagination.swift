import Foundation

/// How a paginated endpoint finds its next page. ``HTTPClient/pages(_:)->Pages<E.Response>`` follows it.
///
/// ```swift
/// Pagination.link                                                         // Link: <…>; rel="next"
/// Pagination.cursor(parameter: "after", next: "meta.next_cursor", items: "data")
/// Pagination.page(parameter: "page")
/// ```
public enum Pagination: Sendable, Hashable {
    /// The next page is the URL of the RFC 8288 `Link` header's `rel="next"` link; the sequence
    /// ends with a page that has none. A link to another scheme, host or port throws rather than
    /// send the request's credentials there.
    case link
    /// The next page is the same request with query parameter `parameter` set to the cursor found
    /// in the JSON body at `next` (a key, or a dotted path such as `meta.next_cursor`). The
    /// sequence ends with a page whose cursor is missing, `null`, empty, or the one just sent.
    /// `items` is the body key holding the page's array, if the body is not the array itself.
    case cursor(parameter: String, next: String, items: String? = nil)
    /// The next page is the same request with query parameter `parameter` (1 when not sent) plus
    /// one; the sequence ends with a page whose items (the body array, or the array at `items`)
    /// are empty or missing.
    case page(parameter: String, items: String? = nil)
}

/// A page body whose elements ``HTTPClient/items(_:)->Pages<E.Response.PageItem>`` yields: an array, or a generated model that
/// holds the page's array in a property (the spec's `pagination.items`).
public protocol PageBody {
    /// An element of a page.
    associatedtype PageItem
    /// The elements of this page, in order.
    var pageItems: [PageItem] { get }
}

extension Array: PageBody {
    /// The array itself.
    public var pageItems: [Element] { self }
}

extension HTTPClient {
    /// The endpoint's pages, in order: the first is the endpoint's own request; each following one
    /// is requested only when the consumer asks for it, through the same middleware and base URL.
    /// A `Link` to another scheme, host or port is not followed: it throws
    /// ``EndpointError/invalidRequest(reason:underlying:request:)``, since the request carries credentials.
    /// An endpoint without ``Endpoint/pagination`` has one page. Errors are thrown as
    /// ``send(_:progress:)`` throws them, and end the sequence.
    ///
    /// ```swift
    /// for try await page in client.pages(GitHubAPI.listIssues(owner: "apple", repo: "swift")) {
    ///     print(page.count, "issues")
    /// }
    /// ```
    public func pages<E: EndpointProtocol>(_ endpoint: E) -> Pages<E.Response> {
        let endpoint = endpoint.endpoint
        return Pages(client: self, endpoint: endpoint) { [try endpoint.decode($0)] }
    }

    /// The pages of an endpoint whose response is optional, such as `[Contributor]?` for a spec's
    /// `"responses": { "200": "[Contributor]", "204": "Void" }`: a `nil` body (the bodiless
    /// status) is an empty page, which is not yielded and ends the sequence, so an empty list
    /// has no pages at all.
    ///
    /// ```swift
    /// for try await page in client.pages(GitHubAPI.Repos.contributors(owner: "octocat", repo: "Hello-World")) {
    ///     print(page.count, "contributors")           // page is [Contributor]
    /// }
    /// ```
    public func pages<E: EndpointProtocol, Page: Sendable>(_ endpoint: E) -> Pages<Page> where E.Response == Page? {
        let endpoint = endpoint.endpoint
        return Pages(client: self, endpoint: endpoint) { try endpoint.decode($0).map { [$0] } }
    }

    /// The elements of every page, in order; a page is requested only when the elements before it
    /// have been consumed.
    ///
    /// ```swift
    /// for try await issue in client.items(GitHubAPI.listIssues(owner: "apple", repo: "swift")) {
    ///     print(issue.number, issue.title)
    ///     if issue.number < 1000 { break }          // no further page is requested
    /// }
    /// ```
    public func items<E: EndpointProtocol>(_ endpoint: E) -> Pages<E.Response.PageItem> where E.Response: PageBody {
        let endpoint = endpoint.endpoint
        return Pages(client: self, endpoint: endpoint) { try endpoint.decode($0).pageItems }
    }

    /// The elements of every page of an endpoint whose response is optional; a `nil` page (the
    /// bodiless status, such as GitHub's 204 for an empty repository) has none and ends the sequence.
    public func items<E: EndpointProtocol, Page: PageBody & Sendable>(_ endpoint: E) -> Pages<Page.PageItem> where E.Response == Page? {
        let endpoint = endpoint.endpoint
        return Pages(client: self, endpoint: endpoint) { try endpoint.decode($0)?.pageItems }
    }
}

/// What a paginated endpoint yields page by page: its pages (``HTTPClient/pages(_:)->Pages<E.Response>``),
/// or the elements of its pages (``HTTPClient/items(_:)->Pages<E.Response.PageItem>``). Each page is
/// fetched when the consumer asks for the first element it holds.
public struct Pages<Element>: AsyncSequence, Sendable {
    let client: HTTPClient
    /// The first page's request, built when iteration starts.
    let firstRequest: @Sendable () throws -> HTTPRequest
    /// A page's elements; `nil` for an empty page (an optional response's bodiless status), which
    /// ends the sequence.
    let elements: @Sendable (HTTPResponse) throws -> [Element]?
    let pagination: Pagination?

    init<Response>(client: HTTPClient, endpoint: Endpoint<Response>, elements: @escaping @Sendable (HTTPResponse) throws -> [Element]?) {
        self.client = client
        firstRequest = { try client.prepare(endpoint) }
        self.elements = elements
        pagination = endpoint.pagination
    }

    /// An iterator; a call to `next()` sends at most one request, and only once the elements of
    /// the page before are used up.
    public func makeAsyncIterator() -> Iterator { Iterator(pages: self) }

    /// Yields the elements of the page it holds, then requests the next page.
    public struct Iterator: AsyncIteratorProtocol {
        enum State {
            case start
            case next(HTTPRequest)
            /// The page was delivered, but its next page cannot be followed: thrown on the next call.
            case failing(any Error)
            case finished
        }

        let pages: Pages
        var state = State.start
        /// The URLs already requested: a next page pointing back to one of them ends the sequence.
        var requested: Set<String> = []
        /// The elements of the last page, and how many of them were yielded.
        var buffer: [Element] = []
        var index = 0

        init(pages: Pages) {
            self.pages = pages
        }

        /// The next element, or `nil` after the last page's last (or at an empty page).
        public mutating func next() async throws -> Element? {
            while index == buffer.count {
                guard let page = try await nextPage() else { return nil }
                buffer = page
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }

        /// Requests the next page: its elements, or `nil` when there is none.
        mutating func nextPage() async throws -> [Element]? {
            let request: HTTPRequest
            switch state {
            case .finished:
                return nil
            case .start:
                do {
                    request = try pages.firstRequest()
                } catch {
                    state = .finished
                    throw error
                }
            case let .next(following):
                request = following
            case let .failing(error):
                state = .finished
                throw error
            }
            state = .finished
            requested.insert(request.urlComponents.string ?? "")
            let response = try await pages.client.run(request)
            // An empty page (`nil`) ends the sequence, whatever its `Link` says.
            guard let elements = try pages.elements(response) else { return nil }
            guard let pagination = pages.pagination else { return elements }
            do {
                if let following = try PageFollower.request(after: response, for: request, pagination),
                   requested.insert(following.urlComponents.string ?? "").inserted {
                    state = .next(following)
                }
            } catch {
                state = .failing(error)
            }
            return elements
        }
    }
}

/// Works out the request for the page after a response.
enum PageFollower {
    /// The next page's request, or `nil` when `response` is the last page.
    static func request(after response: HTTPResponse, for request: HTTPRequest, _ pagination: Pagination) throws(EndpointError) -> HTTPRequest? {
        switch pagination {
        case .link:
            let links = response.headers.values(for: "Link").flatMap(LinkHeader.parse)
            guard let next = links.first(where: { $0.relations.contains("next") }),
                  let base = request.url,
                  let url = URL(string: next.target, relativeTo: base)?.absoluteURL,
                  let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
            // The request carries the client's credentials: they go to the origin they were meant for only.
            guard components.scheme?.lowercased() == request.urlComponents.scheme?.lowercased(),
                  components.host?.lowercased() == request.urlComponents.host?.lowercased(),
                  components.port == request.urlComponents.port else {
                throw EndpointError.invalidRequest(
                    reason: "The next page's link, \(Redaction.redactedURL(components)), leaves \(request.urlComponents.host ?? "the API's host"); pages are followed on the same scheme, host and port only, so that credentials are not sent elsewhere.",
                    underlying: nil, request: request)
            }
            var following = request
            following.urlComponents = components
            return following
        case let .cursor(parameter, nextPath, _):
            guard let cursor = cursorText(in: response.body, at: nextPath), !cursor.isEmpty,
                  cursor != queryValue(parameter, in: request) else { return nil }
            return setting(parameter, to: cursor, in: request)
        case let .page(parameter, itemsPath):
            guard let count = itemCount(in: response.body, at: itemsPath), count > 0 else { return nil }
            let current = queryValue(parameter, in: request).flatMap { Int($0) } ?? 1
            return setting(parameter, to: String(current + 1), in: request)
        }
    }

    /// The value at a dotted path of a JSON body (the body itself without a path); `nil` when the
    /// body is not JSON or the path leads nowhere.
    static func value(in body: Data, at path: String?) -> JSONValue? {
        guard var current = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
        guard let path, !path.isEmpty else { return current }
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            guard case let .object(members) = current, let member = members[String(key)] else { return nil }
            current = member
        }
        return current
    }

    /// A cursor: a string, or an integer written as text; `nil` for anything else (`null` included).
    static func cursorText(in body: Data, at path: String) -> String? {
        switch value(in: body, at: path) {
        case let .string(text)?: return text
        case let .int(number)?: return String(number)
        default: return nil
        }
    }

    static func itemCount(in body: Data, at path: String?) -> Int? {
        guard case let .array(items)? = value(in: body, at: path) else { return nil }
        return items.count
    }

    static func queryValue(_ name: String, in request: HTTPRequest) -> String? {
        let encoded = PercentEncoding.encode(name)
        return request.urlComponents.percentEncodedQueryItems?.first { $0.name == encoded }?.value?.removingPercentEncoding
    }

    /// `request` with the query item `name` set to `value`, in place of any it had.
    static func setting(_ name: String, to value: String, in request: HTTPRequest) -> HTTPRequest {
        var following = request
        let encodedName = PercentEncoding.encode(name)
        let item = URLQueryItem(name: encodedName, value: PercentEncoding.encode(value))
        var items = following.urlComponents.percentEncodedQueryItems ?? []
        if let index = items.firstIndex(where: { $0.name == encodedName }) {
            items[index] = item
            items.removeAll { $0.name == encodedName && $0 != item }
        } else {
            items.append(item)
        }
        following.urlComponents.percentEncodedQueryItems = items
        return following
    }
}

/// One link of an RFC 8288 `Link` header.
struct LinkHeader: Sendable, Hashable {
    /// The target URI reference, as written between `<` and `>`.
    var target: String
    /// The link relation types of `rel`, lower-cased (`rel="next last"` gives both).
    var relations: [String]
    /// Every parameter, names lower-cased, values unquoted.
    var parameters: [String: String]

    /// The links of a `Link` header value, in order. Commas inside `<…>` and inside quoted
    /// parameter values do not split links; a link that is not `<target>` is skipped.
    ///
    /// ```swift
    /// LinkHeader.parse(#"<https://api.github.com/repositories/1/issues?page=2>; rel="next", <…?page=5>; rel="last""#)
    /// ```
    static func parse(_ value: String) -> [LinkHeader] {
        var links: [LinkHeader] = []
        var characters = Substring(value)
        while true {
            characters = characters.drop { $0 == " " || $0 == "\t" || $0 == "," }
            guard let first = characters.first else { break }
            guard first == "<", let close = characters.firstIndex(of: ">") else {
                // Not a link: skip to the next comma outside quotes.
                characters = skipPastComma(characters)
                continue
            }
            let target = String(characters[characters.index(after: characters.startIndex)..<close])
            characters = characters[characters.index(after: close)...]
            var parameters: [String: String] = [:]
            while true {
                characters = characters.drop { $0 == " " || $0 == "\t" }
                guard characters.first == ";" else { break }
                characters = characters.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = characters.prefix { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " }
                characters = characters.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
                var parameterValue = ""
                if characters.first == "=" {
                    characters = characters.dropFirst().drop { $0 == " " || $0 == "\t" }
                    if characters.first == "\"" {
                        characters = characters.dropFirst()
                        var escaped = false
                        while let character = characters.first {
                            characters = characters.dropFirst()
                            if escaped {
                                parameterValue.append(character)
                                escaped = false
                            } else if character == "\\" {
                                escaped = true
                            } else if character == "\"" {
                                break
                            } else {
                                parameterValue.append(character)
                            }
                        }
                    } else {
                        let token = characters.prefix { $0 != ";" && $0 != "," && $0 != " " }
                        parameterValue = String(token)
                        characters = characters.dropFirst(token.count)
                    }
                }
                let key = name.lowercased()
                if !key.isEmpty, parameters[key] == nil { parameters[key] = parameterValue }
            }
            let relations = (parameters["rel"] ?? "").lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            links.append(LinkHeader(target: target, relations: relations, parameters: parameters))
            characters = skipPastComma(characters)
        }
        return links
    }

    private static func skipPastComma(_ text: Substring) -> Substring {
        var inQuotes = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inQuotes.toggle() }
            if character == ",", !inQuotes { return text[text.index(after: index)...] }
            index = text.index(after: index)
        }
        return text[text.endIndex...]
    }
}
