import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import EndpointRuntime

/// OpenAPI's `style`/`explode`: every row of the specification's style-examples table (OpenAPI 3.1.1,
/// section 4.8.12.6, for `color` = "blue", ["blue", "black", "brown"], {"R": 100, "G": 200, "B": 150}),
/// nested deepObject queries, styled form bodies, and the bytes that reach a real server.
@Suite struct ParameterStyleTests {
    /// The table's object: a struct keeps its properties in declaration order, as the table does.
    struct RGB: Encodable, Sendable {
        var R = 100
        var G = 200
        var B = 150
    }

    static let string = "blue"
    static let array = ["blue", "black", "brown"]

    enum Column: String, CaseIterable, Sendable { case empty, string, array, object }

    /// One cell of the table: the bytes expected, and for cells the table prints with characters a
    /// URL cannot carry bare, the text they percent-decode to.
    struct Cell: Sendable, CustomTestStringConvertible {
        var style: ParameterStyle
        var column: Column
        var bytes: String?
        var decoded: String? = nil
        var testDescription: String { "\(style) \(column.rawValue)" }
    }

    @Test func emptyStringIsTheNameAndEquals() throws {
        for style in [ParameterStyle.form, .comma] {
            #expect(try Self.query { Query("color", encoding: "", style: style) } == "color=")
        }
        #expect(try Self.query { Query("color", "") } == "color=")
    }

    // MARK: - Query styles

    /// The table's query rows. `empty` here is an empty array, which RFC 6570 (section 2.3) counts
    /// undefined: nothing is sent, in every style. The table's own empty column is an empty string,
    /// `color=` in the form rows: `emptyStringIsTheNameAndEquals` checks it.
    /// The table leaves string and empty undefined for the delimited styles and deepObject; the
    /// runtime writes a scalar as `color=blue` whatever the style (Stripe's "object or integer").
    static let queryCells: [Cell] = [
        Cell(style: .comma, column: .empty, bytes: nil),
        Cell(style: .comma, column: .string, bytes: "color=blue"),
        Cell(style: .comma, column: .array, bytes: "color=blue,black,brown"),
        Cell(style: .comma, column: .object, bytes: "color=R,100,G,200,B,150"),
        Cell(style: .form, column: .empty, bytes: nil),
        Cell(style: .form, column: .string, bytes: "color=blue"),
        Cell(style: .form, column: .array, bytes: "color=blue&color=black&color=brown"),
        Cell(style: .form, column: .object, bytes: "R=100&G=200&B=150"),
        Cell(style: .spaceDelimited, column: .empty, bytes: nil),
        Cell(style: .spaceDelimited, column: .string, bytes: "color=blue"),
        Cell(style: .spaceDelimited, column: .array, bytes: "color=blue%20black%20brown", decoded: "color=blue black brown"),
        Cell(style: .spaceDelimited, column: .object, bytes: "color=R%20100%20G%20200%20B%20150", decoded: "color=R 100 G 200 B 150"),
        Cell(style: .pipeDelimited, column: .empty, bytes: nil),
        Cell(style: .pipeDelimited, column: .string, bytes: "color=blue"),
        Cell(style: .pipeDelimited, column: .array, bytes: "color=blue%7Cblack%7Cbrown", decoded: "color=blue|black|brown"),
        Cell(style: .pipeDelimited, column: .object, bytes: "color=R%7C100%7CG%7C200%7CB%7C150", decoded: "color=R|100|G|200|B|150"),
        Cell(style: .deepObject, column: .empty, bytes: nil),
        Cell(style: .deepObject, column: .string, bytes: "color=blue"),
        Cell(style: .deepObject, column: .array, bytes: "color%5B%5D=blue&color%5B%5D=black&color%5B%5D=brown",
             decoded: "color[]=blue&color[]=black&color[]=brown"),
        Cell(style: .deepObject, column: .object, bytes: "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150",
             decoded: "color[R]=100&color[G]=200&color[B]=150"),
    ]

    static func query(_ build: () -> Query) throws -> String? {
        try HTTPRequest(.get, baseURL: "https://api.test") { build() }.urlComponents.percentEncodedQuery
    }

    @Test(arguments: queryCells)
    func queryStyleTable(cell: Cell) throws {
        let sent: String?
        switch cell.column {
        case .empty: sent = try Self.query { Query("color", encoding: [String](), style: cell.style) }
        case .string: sent = try Self.query { Query("color", encoding: Self.string, style: cell.style) }
        case .array: sent = try Self.query { Query("color", encoding: Self.array, style: cell.style) }
        case .object: sent = try Self.query { Query("color", encoding: RGB(), style: cell.style) }
        }
        #expect(sent == cell.bytes)
        if let decoded = cell.decoded { #expect(sent?.removingPercentEncoding == decoded) }
    }

    /// The array and dictionary initializers write what the `encoding:` one writes.
    @Test(arguments: queryCells)
    func queryInitializersAgree(cell: Cell) throws {
        switch cell.column {
        case .empty:
            #expect(try Self.query { Query("color", [String](), style: cell.style) } == cell.bytes)
        case .string:
            #expect(try Self.query { Query("color", Self.string) } == "color=blue")
        case .array:
            #expect(try Self.query { Query("color", Self.array, style: cell.style) } == cell.bytes)
        case .object:
            // A dictionary is written in key order: B, G, R.
            let sorted = try Self.query { Query("color", encoding: ["B": 150, "G": 200, "R": 100], style: cell.style) }
            #expect(try Self.query { Query("color", encoding: ["R": 100, "G": 200, "B": 150], style: cell.style) } == sorted)
            #expect(sorted?.contains("B") == true)
        }
    }

    /// A `[String: JSON]` query (a spec's free-form object) goes through `encoding:` like any
    /// other value: a `null` entry is left out, as an absent optional member is, and a nested
    /// object nests in brackets (deepObject, and exploded form as for any nested value).
    @Test func jsonDictionaryQueryIsEncodedAsAValue() throws {
        let filter: [String: JSONValue] = ["name": .string("a b"), "none": .null, "range": .object(["gte": .int(1)])]
        let sent = try Self.query { Query("filter", encoding: filter, style: .deepObject) }
        #expect(sent?.removingPercentEncoding == "filter[name]=a b&filter[range][gte]=1")
        #expect(try Self.query { Query("filter", encoding: filter, style: .form) }?.removingPercentEncoding == "name=a b&range[gte]=1")
        let flat: [String: JSONValue] = ["count": .int(2), "on": .bool(true), "none": .null]
        #expect(try Self.query { Query("filter", encoding: flat, style: .form) } == "count=2&on=true")
        // In a path, a `null` element is left out and a nested one cannot be written.
        #expect(try Self.path(PathParameter("ids", encoding: [JSONValue.int(1), .null, .string("b")], style: .simple)) == "/v1/shapes/1,b/edit")
        #expect(throws: EndpointError.self) { try Self.path(PathParameter("ids", encoding: [JSONValue.array([.int(1)])], style: .simple)) }
    }

    /// The exploded delimited styles are undefined by OpenAPI; they are written as form's.
    @Test func explodedDelimitedStylesAreWrittenAsForm() throws {
        for name in [ParameterStyle.Name.spaceDelimited, .pipeDelimited] {
            let style = ParameterStyle(name, explode: true)
            #expect(try Self.query { Query("color", Self.array, style: style) } == "color=blue&color=black&color=brown")
            #expect(try Self.query { Query("color", encoding: RGB(), style: style) } == "R=100&G=200&B=150")
        }
    }

    @Test func defaultExplodeFollowsOpenAPI() {
        for name in ParameterStyle.Name.allCases {
            #expect(ParameterStyle(name).explode == (name == .form || name == .deepObject), "\(name)")
            #expect(ParameterStyle(name, explode: true).explode)
            #expect(!ParameterStyle(name, explode: false).explode)
        }
        #expect(ParameterStyle.comma == ParameterStyle(.form, explode: false))
        // `exploded(_:)`, how generated code writes a style's other explode: the name kept.
        for style in [ParameterStyle.form, .comma, .spaceDelimited, .pipeDelimited, .deepObject, .simple, .label, .matrix] {
            #expect(style.exploded() == ParameterStyle(style.name, explode: true))
            #expect(style.exploded(false) == ParameterStyle(style.name, explode: false))
        }
        #expect(ParameterStyle.form.exploded(false) == .comma)
        #expect(ParameterStyle.form == ParameterStyle(.form, explode: true))
        #expect(ParameterStyle.deepObject.explode)
        #expect(!ParameterStyle.simple.explode && !ParameterStyle.label.explode && !ParameterStyle.matrix.explode)
    }

    // MARK: - Path styles

    /// The table's path rows. `empty` is the table's undefined column, given as an empty array; a
    /// label segment that would be a bare `.` is escaped (`%2E`) so it is never a dot segment.
    static let pathCells: [Cell] = [
        Cell(style: .matrix, column: .empty, bytes: ";color"),
        Cell(style: .matrix, column: .string, bytes: ";color=blue"),
        Cell(style: .matrix, column: .array, bytes: ";color=blue,black,brown"),
        Cell(style: .matrix, column: .object, bytes: ";color=R,100,G,200,B,150"),
        Cell(style: ParameterStyle(.matrix, explode: true), column: .empty, bytes: ";color"),
        Cell(style: ParameterStyle(.matrix, explode: true), column: .string, bytes: ";color=blue"),
        Cell(style: ParameterStyle(.matrix, explode: true), column: .array, bytes: ";color=blue;color=black;color=brown"),
        Cell(style: ParameterStyle(.matrix, explode: true), column: .object, bytes: ";R=100;G=200;B=150"),
        Cell(style: .label, column: .empty, bytes: "%2E", decoded: "."),
        Cell(style: .label, column: .string, bytes: ".blue"),
        Cell(style: .label, column: .array, bytes: ".blue,black,brown"),
        Cell(style: .label, column: .object, bytes: ".R,100,G,200,B,150"),
        Cell(style: ParameterStyle(.label, explode: true), column: .empty, bytes: "%2E", decoded: "."),
        Cell(style: ParameterStyle(.label, explode: true), column: .string, bytes: ".blue"),
        Cell(style: ParameterStyle(.label, explode: true), column: .array, bytes: ".blue.black.brown"),
        Cell(style: ParameterStyle(.label, explode: true), column: .object, bytes: ".R=100.G=200.B=150"),
        Cell(style: .simple, column: .empty, bytes: ""),
        Cell(style: .simple, column: .string, bytes: "blue"),
        Cell(style: .simple, column: .array, bytes: "blue,black,brown"),
        Cell(style: .simple, column: .object, bytes: "R,100,G,200,B,150"),
        Cell(style: ParameterStyle(.simple, explode: true), column: .empty, bytes: ""),
        Cell(style: ParameterStyle(.simple, explode: true), column: .string, bytes: "blue"),
        Cell(style: ParameterStyle(.simple, explode: true), column: .array, bytes: "blue,black,brown"),
        Cell(style: ParameterStyle(.simple, explode: true), column: .object, bytes: "R=100,G=200,B=150"),
    ]

    static func path(_ parameter: PathParameter) throws -> String {
        try HTTPRequest(.get, baseURL: "https://api.test/v1") { Path("shapes", parameter, "edit") }.urlComponents.percentEncodedPath
    }

    static func pathParameter(_ cell: Cell) -> PathParameter {
        switch cell.column {
        case .empty: PathParameter("color", encoding: [String](), style: cell.style)
        case .string: PathParameter("color", encoding: string, style: cell.style)
        case .array: PathParameter("color", encoding: array, style: cell.style)
        case .object: PathParameter("color", encoding: RGB(), style: cell.style)
        }
    }

    @Test(arguments: pathCells)
    func pathStyleTable(cell: Cell) throws {
        let bytes = try #require(cell.bytes)
        let sent = try Self.path(Self.pathParameter(cell))
        #expect(sent == "/v1/shapes/\(bytes)/edit")
        // One segment, and its text (decoded) is the table's.
        let segments = sent.split(separator: "/", omittingEmptySubsequences: false)
        #expect(segments.count == 5)
        #expect(segments[3].removingPercentEncoding == (cell.decoded ?? bytes))
        // parameterString is the unencoded text.
        #expect(Self.pathParameter(cell).parameterString(dateFormat: .iso8601) == (cell.decoded ?? bytes))
    }

    @Test(arguments: pathCells.filter { $0.column == .string || $0.column == .empty })
    func pathInitializersAgree(cell: Cell) throws {
        let expected = try Self.path(Self.pathParameter(cell))
        switch cell.column {
        case .string: #expect(try Self.path(PathParameter("color", Self.string, style: cell.style)) == expected)
        default: #expect(try Self.path(PathParameter("color", encoding: [Int](), style: cell.style)) == expected)
        }
    }

    @Test func pathParameterDefaultsToSimpleAndEncodesValuesNotSeparators() throws {
        #expect(try Self.path(PathParameter("ids", encoding: [1, 2])) == "/v1/shapes/1,2/edit")
        #expect(try Self.path(PathParameter("ids", encoding: ["a,b", "c/d"])) == "/v1/shapes/a%2Cb,c%2Fd/edit")
        #expect(try Self.path(PathParameter("q", encoding: ["x y", "#?"], style: .matrix)) == "/v1/shapes/;q=x%20y,%23%3F/edit")
        #expect(PathParameter("q", encoding: ["x y", "#?"], style: .matrix).parameterString(dateFormat: .iso8601) == ";q=x y,#?")
        // matrix writes an empty string as the bare name, as RFC 6570 does.
        #expect(try Self.path(PathParameter("color", "", style: .matrix)) == "/v1/shapes/;color/edit")
        #expect(try Self.path(PathParameter("color", "", style: .label)) == "/v1/shapes/%2E/edit")
    }

    @Test func pathParameterNeverMakesADotSegment() throws {
        #expect(try Self.path(PathParameter("v", "..")) == "/v1/shapes/%2E%2E/edit")
        // A label value's own dot is escaped (a dot separates label elements): `.%2E`, never `..`.
        #expect(try Self.path(PathParameter("v", ".", style: .label)) == "/v1/shapes/.%2E/edit")
        #expect(try Self.path(PathParameter("v", encoding: ["", ""], style: ParameterStyle(.label, explode: true))) == "/v1/shapes/%2E%2E/edit")
        let request = try HTTPRequest(.get, baseURL: "https://api.test") { Path("a", PathParameter("v", ".."), "b") }
        #expect(request.url?.absoluteString == "https://api.test/a/%2E%2E/b")
    }

    @Test func pathSegmentTakesAStyledPart() throws {
        let request = try HTTPRequest(.get, baseURL: "https://api.test") {
            PathSegment("report", PathParameter("format", "json", style: .label))
            PathSegment("r", PathParameter("v", encoding: ["1", "2"], style: .matrix), ";x=y z")
        }
        #expect(request.urlComponents.percentEncodedPath == "/report.json/r;v=1,2%3Bx%3Dy%20z")
    }

    // MARK: - Headers

    @Test func headerSimpleStyle() throws {
        func header(_ component: Header) throws -> String? {
            try HTTPRequest(.get, baseURL: "https://api.test") { component }.headers["X-Color"]
        }
        #expect(try header(Header("X-Color", encoding: Self.string)) == "blue")
        #expect(try header(Header("X-Color", encoding: Self.array)) == "blue,black,brown")
        #expect(try header(Header("X-Color", encoding: RGB())) == "R,100,G,200,B,150")
        #expect(try header(Header("X-Color", encoding: RGB(), style: ParameterStyle(.simple, explode: true))) == "R=100,G=200,B=150")
        #expect(try header(Header("X-Color", encoding: 42)) == "42")
        #expect(try header(Header("X-Color", encoding: String?.none)) == nil)
        // The values initializer keeps joining with ", ".
        #expect(try header(Header("X-Color", Self.array)) == "blue, black, brown")
        // Header text is not percent-encoded; a line break is still refused.
        #expect(try header(Header("X-Color", encoding: ["a b", "c%d"])) == "a b,c%d")
        #expect(throws: EndpointError.self) { try header(Header("X-Color", encoding: ["a\r\nX-Evil: 1"])) }
    }

    // MARK: - Refusals

    struct Nested: Encodable, Sendable {
        var a = ["b": 1]
    }

    static func invalidRequestReason(_ build: () throws -> HTTPRequest) -> String? {
        do {
            _ = try build()
            return nil
        } catch let EndpointError.invalidRequest(reason, _, _) {
            return reason
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func nestedValuesInANonExplodedStyleThrowNamingTheParameter() {
        for style in [ParameterStyle.comma, .spaceDelimited, .pipeDelimited] {
            let reason = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Query("filter", encoding: Nested(), style: style) } }
            #expect(reason?.contains("\"filter\"") == true, "\(style): \(reason ?? "no error")")
            let listReason = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Query("rows", encoding: [[1, 2]], style: style) } }
            #expect(listReason?.contains("\"rows\"") == true, "\(style): \(listReason ?? "no error")")
        }
        for style in [ParameterStyle.simple, .label, .matrix, ParameterStyle(.simple, explode: true)] {
            let reason = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Path("x", PathParameter("shape", encoding: Nested(), style: style)) } }
            #expect(reason?.contains("\"shape\"") == true, "\(style): \(reason ?? "no error")")
        }
        let header = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Header("X-Shape", encoding: Nested()) } }
        #expect(header?.contains("\"X-Shape\"") == true)
        let body = Self.invalidRequestReason { try HTTPRequest(.post, baseURL: "https://api.test") { FormBody(["filter": Nested()], styles: ["filter": .comma]) } }
        #expect(body?.contains("\"filter\"") == true)
    }

    @Test func aStyleOutsideItsPlaceThrows() {
        let query = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Query("ids", [1, 2], style: .matrix) } }
        #expect(query?.contains("\"ids\"") == true)
        let path = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Path("x", PathParameter("ids", encoding: [1, 2], style: .deepObject)) } }
        #expect(path?.contains("\"ids\"") == true)
        let header = Self.invalidRequestReason { try HTTPRequest(.get, baseURL: "https://api.test") { Header("X-Ids", encoding: [1, 2], style: .form) } }
        #expect(header?.contains("\"X-Ids\"") == true)
    }

    /// A refused query writes nothing: the query items before it stay as they were.
    @Test func aRefusedQueryWritesNothing() throws {
        var request = try HTTPRequest(.get, baseURL: "https://api.test") { Query("a", 1) }
        #expect(throws: EndpointError.self) { try Query("filter", encoding: Nested(), style: .comma).apply(to: &request) }
        #expect(request.urlComponents.percentEncodedQuery == "a=1")
    }

    // MARK: - Nested values

    struct Filter: Encodable, Sendable {
        struct Range: Encodable, Sendable { var gte: Int; var lt: Int? }
        struct Item: Encodable, Sendable { var price: Int; var currency: String }
        var created = Range(gte: 1, lt: nil)
        var tags = ["x", "y"]
        var items = [Item(price: 5, currency: "eur"), Item(price: 7, currency: "usd")]
        var status: String? = nil
        var deep = ["k": ["z": [1, 2]]]
    }

    @Test func nestedDeepObjectQuery() throws {
        let sent = try #require(try Self.query { Query("filter", encoding: Filter(), style: .deepObject) })
        #expect(sent.removingPercentEncoding
            == "filter[created][gte]=1&filter[tags][]=x&filter[tags][]=y&filter[items][0][price]=5&filter[items][0][currency]=eur"
            + "&filter[items][1][price]=7&filter[items][1][currency]=usd&filter[deep][k][z][]=1&filter[deep][k][z][]=2")
        #expect(!sent.contains("[") && !sent.contains("]"), "brackets are sent percent-encoded: \(sent)")
        #expect(sent.hasPrefix("filter%5Bcreated%5D%5Bgte%5D=1&filter%5Btags%5D%5B%5D=x&"))
    }

    @Test func nestedFormExplodedQueryNamesTheTopLevelKeys() throws {
        let sent = try #require(try Self.query { Query("filter", encoding: Filter(), style: .form) })
        #expect(sent.removingPercentEncoding
            == "created[gte]=1&tags=x&tags=y&items[0][price]=5&items[0][currency]=eur&items[1][price]=7&items[1][currency]=usd"
            + "&deep[k][z]=1&deep[k][z]=2")
    }

    @Test func dictionaryEntriesAreInKeyOrder() throws {
        var entries: [String: Int] = [:]
        for (index, key) in ["m", "b", "z", "a", "k", "c", "y"].enumerated() { entries[key] = index }
        let sent = try Self.query { Query("m", encoding: entries, style: .deepObject) }
        #expect(sent?.removingPercentEncoding == "m[a]=3&m[b]=1&m[c]=5&m[k]=4&m[m]=0&m[y]=6&m[z]=2")
        #expect(try Self.query { Query("m", encoding: entries, style: .comma) } == "m=a,3,b,1,c,5,k,4,m,0,y,6,z,2")
        // Inside a form body too (FieldsEncoder sorts every dictionary).
        struct Body: Encodable, Sendable { var metadata: [String: Int] }
        let body = try HTTPRequest(.post, baseURL: "https://api.test") { FormBody(Body(metadata: entries)) }.body
        #expect(String(decoding: body ?? Data(), as: UTF8.self).removingPercentEncoding
            == "metadata[a]=3&metadata[b]=1&metadata[c]=5&metadata[k]=4&metadata[m]=0&metadata[y]=6&metadata[z]=2")
    }

    @Test(arguments: DateFormat.allCases)
    func datesFollowTheRequestFormat(format: DateFormat) throws {
        struct Window: Encodable, Sendable { var gte: Date; var lt: Date }
        let start = Date(timeIntervalSince1970: 1_700_000_000), end = Date(timeIntervalSince1970: 1_700_086_400.5)
        let request = try HTTPRequest(.get, baseURL: "https://api.test", dateFormat: format) {
            Query("created", encoding: Window(gte: start, lt: end), style: .deepObject)
            Query("at", encoding: [start], style: .comma)
            Path(PathParameter("day", encoding: start))
            Header("X-Since", encoding: [start, end])
        }
        let components = try #require(URLComponents(string: "https://api.test/?" + (request.urlComponents.percentEncodedQuery ?? "")))
        let items = try #require(components.queryItems)
        #expect(items.map(\.name) == ["created[gte]", "created[lt]", "at"])
        #expect(items.map(\.value) == [format.string(from: start), format.string(from: end), format.string(from: start)])
        #expect(request.urlComponents.path == "/" + format.string(from: start))
        #expect(request.headers["X-Since"] == format.string(from: start) + "," + format.string(from: end))
    }

    @Test func optionalsAreLeftOut() throws {
        struct Search: Encodable, Sendable { var q: String?; var limit: Int?; var tags: [String?] }
        let search = Search(q: nil, limit: 10, tags: ["a", nil, "b"])
        #expect(try Self.query { Query("s", encoding: search, style: .deepObject) }?.removingPercentEncoding == "s[limit]=10&s[tags][]=a&s[tags][]=b")
        #expect(try Self.query { Query("s", encoding: search) } == "limit=10&tags=a&tags=b")
        #expect(try Self.query { Query("s", encoding: Search?.none, style: .deepObject) } == nil)
        #expect(try Self.query { Query("s", encoding: Int?.none) } == nil)
        let body = try HTTPRequest(.post, baseURL: "https://api.test") { FormBody(search, styles: ["tags": .comma]) }.body
        #expect(body.map { String(decoding: $0, as: UTF8.self) } == "limit=10&tags=a,b")
    }

    /// A union whose `encode(to:)` writes one alternative: Stripe's `created`, "an object or an integer".
    enum Created: Encodable, Sendable {
        case exactly(Int)
        case range(gte: Int, lte: Int)

        enum Keys: String, CodingKey { case gte, lte }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case let .exactly(value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case let .range(gte, lte):
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(gte, forKey: .gte)
                try container.encode(lte, forKey: .lte)
            }
        }
    }

    @Test func aUnionHoldingAnIntIsAScalar() throws {
        for style in [ParameterStyle.deepObject, .form, .comma, .spaceDelimited, .pipeDelimited] {
            #expect(try Self.query { Query("created", encoding: Created.exactly(1_700_000_000), style: style) } == "created=1700000000")
        }
        #expect(try Self.query { Query("created", encoding: Created.range(gte: 1, lte: 2), style: .deepObject) }
            == "created%5Bgte%5D=1&created%5Blte%5D=2")
        #expect(try Self.path(PathParameter("created", encoding: Created.exactly(7), style: .matrix)) == "/v1/shapes/;created=7/edit")
    }

    // MARK: - Values never change the structure

    static let awkward = ["a&b=c", "[x]", "#frag", "100%", "1+1", "two words", "a,b|c", "k[0]=v&z"]

    /// Splits a query into items and decodes each name and value.
    static func items(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]).removingPercentEncoding ?? "?", parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? "?") : "")
        }
    }

    @Test func awkwardValuesNeverChangeTheQueryStructure() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: Self.awkward.enumerated().map { ("key \($0.offset)", $0.element) })
        // deepObject: one item per value, with the value as given.
        let deep = try #require(try Self.query { Query("f", encoding: dictionary, style: .deepObject) })
        #expect(!deep.contains("#") && !deep.contains("+") && !deep.contains(" "))
        let deepItems = Self.items(deep)
        #expect(deepItems.map(\.name) == dictionary.keys.sorted().map { "f[\($0)]" })
        #expect(deepItems.map(\.value) == dictionary.keys.sorted().map { dictionary[$0]! })
        // Form exploded: one item per element.
        let form = try #require(try Self.query { Query("v", encoding: Self.awkward) })
        #expect(Self.items(form).map(\.value) == Self.awkward)
        // Non-exploded: one item whose bare separators split it back into the values. (The
        // delimited styles' separators are the encoded space and pipe, so values holding a space
        // or a pipe cannot be told apart from them: OpenAPI's design, left out here.)
        for (style, separator, excluded) in [(ParameterStyle.comma, ",", "%"), (.spaceDelimited, "%20", " "), (.pipeDelimited, "%7C", "|")] {
            let values = Self.awkward.filter { !$0.contains(excluded) || excluded == "%" }
            let sent = try #require(try Self.query { Query("v", values, style: style) })
            #expect(!sent.contains("&"), "one item: \(sent)")
            let value = String(sent.dropFirst("v=".count))
            #expect(value.components(separatedBy: separator).map { $0.removingPercentEncoding ?? "?" } == values)
        }
    }

    @Test func awkwardValuesNeverChangeThePathOrFormStructure() throws {
        for style in [ParameterStyle.simple, .label, .matrix, ParameterStyle(.matrix, explode: true)] {
            let path = try Self.path(PathParameter("v", encoding: Self.awkward + ["a/b?c"], style: style))
            #expect(path.split(separator: "/", omittingEmptySubsequences: false).count == 5, "\(style): \(path)")
            #expect(!path.contains("?") && !path.contains("#"))
        }
        struct Body: Encodable, Sendable { var list: [String]; var map: [String: String] }
        let body = Body(list: Self.awkward, map: ["a b": "c&d", "[e]": "f=g"])
        for style in [ParameterStyle.deepObject, .form] {
            let data = try HTTPRequest(.post, baseURL: "https://api.test") { FormBody(body, styles: ["list": style, "map": style]) }.body
            let text = String(decoding: data ?? Data(), as: UTF8.self)
            let fields = text.split(separator: "&").map { field in
                field.split(separator: "=", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "?" }
            }
            #expect(fields.count == Self.awkward.count + 2, "\(style): \(text)")
            #expect(fields.prefix(Self.awkward.count).map { $0[1] } == Self.awkward)
            #expect(fields.suffix(2).map { $0[1] } == ["f=g", "c&d"])
        }
    }

    // MARK: - Form bodies

    /// A Stripe-like checkout: every property given deepObject, as Stripe's document does.
    struct Checkout: Encodable, Sendable {
        struct Address: Encodable, Sendable { var city = "Paris"; var line1: String? = nil }
        struct Item: Encodable, Sendable { var price = "p_1"; var quantity = 2 }
        var metadata = ["order_id": "6735"]
        var expand = ["customer"]
        var address = Address()
        var items = [Item()]
        var mode = "payment"
    }

    static let checkoutStyles: [String: ParameterStyle] = ["metadata": .deepObject, "expand": .deepObject, "address": .deepObject, "items": .deepObject]
    static let checkoutBody = "metadata%5Border_id%5D=6735&expand%5B%5D=customer&address%5Bcity%5D=Paris"
        + "&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&mode=payment"

    static func formBody(_ body: FormBody) throws -> String {
        let request = try HTTPRequest(.post, baseURL: "https://api.test") { body }
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        return String(decoding: request.body ?? Data(), as: UTF8.self)
    }

    @Test func stripeLikeNestedFormBody() throws {
        let text = try Self.formBody(FormBody(Checkout(), styles: Self.checkoutStyles))
        #expect(text == Self.checkoutBody)
        #expect(text.removingPercentEncoding
            == "metadata[order_id]=6735&expand[]=customer&address[city]=Paris&items[0][price]=p_1&items[0][quantity]=2&mode=payment")
    }

    @Test func formBodyStylesPerProperty() throws {
        struct Body: Encodable, Sendable {
            var expand = ["a", "b c"]
            var address = ["city": "Paris", "zip": "75001"]
        }
        func body(_ style: ParameterStyle) throws -> String {
            try Self.formBody(FormBody(Body(), styles: ["expand": style, "address": style]))
        }
        #expect(try body(.form) == "expand=a&expand=b+c&address%5Bcity%5D=Paris&address%5Bzip%5D=75001")
        #expect(try body(.comma) == "expand=a,b+c&address=city,Paris,zip,75001")
        #expect(try body(.spaceDelimited) == "expand=a%20b+c&address=city%20Paris%20zip%2075001")
        #expect(try body(.pipeDelimited) == "expand=a%7Cb+c&address=city%7CParis%7Czip%7C75001")
        #expect(try body(.deepObject) == "expand%5B%5D=a&expand%5B%5D=b+c&address%5Bcity%5D=Paris&address%5Bzip%5D=75001")
        // Without styles: today's encoding, which .form's equals.
        #expect(try Self.formBody(FormBody(Body())) == body(.form))
    }

    @Test func formBodyWithoutStylesKeepsItsEncoding() throws {
        struct Signup: Encodable, Sendable {
            var name = "Ada Lovelace"
            var note = "a+b&c=d;e%f"
            var tags = ["x", "y"]
            var rows = [["n": 1]]
            var data = Data([1, 2, 3])
        }
        let text = try Self.formBody(FormBody(Signup()))
        #expect(text == "name=Ada+Lovelace&note=a%2Bb%26c%3Dd%3Be%25f&tags=x&tags=y&rows%5B0%5D%5Bn%5D=1&data=AQID")
        let fields = try FieldsEncoder().fields(Signup()).map { field -> (name: String, value: String) in
            guard case let .text(text) = field.value else { return (field.name, "") }
            return (field.name, text)
        }
        #expect(FormBody.encode(fields) == text)
        #expect(try Self.formBody(FormBody(fields: fields)) == text)
    }

    // MARK: - On the wire

    @Test func stylesArriveExactlyAtARealServer() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(transport: URLSessionTransport(session: URLSession(configuration: .ephemeral)))
        let request = try HTTPRequest(.post, baseURL: server.baseURLString + "/v1") {
            Path("checkout", PathParameter("session", encoding: ["cs 1", "x"], style: .matrix))
            Query("filter", encoding: Filter(), style: .deepObject)
            Query("ids", [1, 2], style: .pipeDelimited)
            Header("X-Color", encoding: RGB(), style: ParameterStyle(.simple, explode: true))
            FormBody(Checkout(), styles: Self.checkoutStyles)
        }
        let response = try await client.data(for: request)
        #expect(response.status == 200)
        let echoed = try EchoedRequest(from: response.body)
        #expect(echoed.method == "POST")
        #expect(echoed.rawPath == "/v1/checkout/;session=cs%201,x")
        let query = try #require(echoed.rawQuery)
        #expect(query == request.urlComponents.percentEncodedQuery)
        #expect(query.hasPrefix("filter%5Bcreated%5D%5Bgte%5D=1&filter%5Btags%5D%5B%5D=x&filter%5Btags%5D%5B%5D=y&filter%5Bitems%5D%5B0%5D%5Bprice%5D=5&"))
        #expect(query.hasSuffix("&ids=1%7C2"))
        #expect(echoed.header("X-Color") == "R=100,G=200,B=150")
        #expect(echoed.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(echoed.bodyText == Self.checkoutBody)
    }
}
