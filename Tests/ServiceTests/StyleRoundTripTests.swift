import EndpointRuntime
import Foundation
import Testing

/// Every style the client writes, read back by `ServiceRequest` into the same value: a request is
/// built with the client's components and answered by a route that reads it and echoes the value.
@Suite struct StyleRoundTripTests {
    struct Color: Codable, Sendable, Equatable { var R: Int; var G: Int; var B: Int }
    struct Filter: Codable, Sendable, Equatable {
        struct Range: Codable, Sendable, Equatable { var gt: Int?; var lt: Int? }
        var created: Range
        var tags: [String]
        var items: [Item]?
    }
    struct Item: Codable, Sendable, Equatable { var price: String; var quantity: Int? }
    struct Signup: Codable, Sendable, Equatable {
        var email: String
        var age: Int?
        var newsletter: Bool
        var interests: [String]
        var address: Filter.Range?
        var metadata: [String: String]?
        var items: [Item]?
        var locales: [String]?
        var joined: Date?
    }

    static let color = Color(R: 100, G: 200, B: 150)

    /// The value `read` finds in the request `components` build.
    func roundTrip<T: Codable & Sendable & Equatable>(_ expected: T, template: String = "/p", path: String = "/p",
                                                       _ components: [any RequestComponent],
                                                       read: @escaping @Sendable (ServiceRequest) throws -> T) async throws -> T {
        let router = ServiceRouter(baseURL: "https://x.example", dateFormat: .iso8601, routes: [
            ServiceRoute(.post, template) { request in try request.response(try read(request), status: 200) },
        ])
        // A test of queries, headers or bodies sends them to `/p`.
        let request = try HTTPRequest(.post, baseURL: "https://x.example") { template == "/p" ? [Path("p")] + components : components }
        let response = try await answer(router.handler, request)
        let sent = request.urlComponents.string ?? ""
        try #require(response.status == 200, "\(response.status): \(response.text) for \(sent)")
        return try DateFormat.iso8601.makeJSONDecoder().decode(T.self, from: response.body)
    }

    // MARK: Query

    @Test func queryFormLists() async throws {
        let values = ["a b", "c&d", "e,f", "+"]
        #expect(try await roundTrip(values, [Query("ids", values)]) { try $0.query("ids", as: [String].self) } == values)
        #expect(try await roundTrip(values, [Query("ids", values, style: .comma)]) { try $0.query("ids", as: [String].self, style: .comma) } == values)
        let words = ["a", "b c"]
        #expect(try await roundTrip(words, [Query("ids", words, style: .pipeDelimited)]) { try $0.query("ids", as: [String].self, style: .pipeDelimited) } == words)
        #expect(try await roundTrip(["a", "b"], [Query("ids", ["a", "b"], style: .spaceDelimited)]) {
            try $0.query("ids", as: [String].self, style: .spaceDelimited)
        } == ["a", "b"])
        let one: [Int] = [7]
        #expect(try await roundTrip(one, [Query("n", one)]) { try $0.query("n", as: [Int].self) } == one)
        #expect(try await roundTrip(Optional<[Int]>.none, [Query("n", Optional<[Int]>.none)]) { try $0.query("n", as: [Int]?.self) } == nil)
    }

    @Test func queryObjects() async throws {
        let color = Self.color
        #expect(try await roundTrip(color, [Query("color", encoding: color)]) { try $0.query("color", as: Color.self) } == color)
        #expect(try await roundTrip(color, [Query("color", encoding: color, style: .comma)]) { try $0.query("color", as: Color.self, style: .comma) } == color)
        #expect(try await roundTrip(color, [Query("color", encoding: color, style: .deepObject)]) { try $0.query("color", as: Color.self, style: .deepObject) } == color)
        let filter = Filter(created: .init(gt: 1, lt: nil), tags: ["x", "y z"], items: [Item(price: "p_1", quantity: 2), Item(price: "p_2", quantity: nil)])
        #expect(try await roundTrip(filter, [Query("filter", encoding: filter, style: .deepObject)]) {
            try $0.query("filter", as: Filter.self, style: .deepObject)
        } == filter)
        let dictionary = ["a": 1, "b": 2]
        #expect(try await roundTrip(dictionary, [Query("d", encoding: dictionary, style: .deepObject)]) { try $0.query("d", as: [String: Int].self, style: .deepObject) } == dictionary)
        let date = Date(timeIntervalSince1970: 1_714_566_600)
        #expect(try await roundTrip(date, [Query("since", date)]) { try $0.query("since", as: Date.self) } == date)
    }

    // MARK: Path

    @Test func pathStyles() async throws {
        let list = ["blue", "bl.ack", "a,b"]
        #expect(try await roundTrip(list, template: "/p/{c}", [Path("p", PathParameter("c", encoding: list))]) { try $0.path("c", as: [String].self) } == list)
        #expect(try await roundTrip(list, template: "/p/{c}", [Path("p", PathParameter("c", encoding: list, style: .label))]) {
            try $0.path("c", as: [String].self, style: .label)
        } == list)
        #expect(try await roundTrip(list, template: "/p/{c}", [Path("p", PathParameter("c", encoding: list, style: .label.exploded()))]) {
            try $0.path("c", as: [String].self, style: .label.exploded())
        } == list)
        #expect(try await roundTrip(list, template: "/p/{c}", [Path("p", PathParameter("c", encoding: list, style: .matrix))]) {
            try $0.path("c", as: [String].self, style: .matrix)
        } == list)
        #expect(try await roundTrip(list, template: "/p/{c}", [Path("p", PathParameter("c", encoding: list, style: .matrix.exploded()))]) {
            try $0.path("c", as: [String].self, style: .matrix.exploded())
        } == list)
        let color = Self.color
        for style in [ParameterStyle.simple, .simple.exploded(), .label, .label.exploded(), .matrix] {
            #expect(try await roundTrip(color, template: "/p/{c}", [Path("p", PathParameter("c", encoding: color, style: style))]) {
                try $0.path("c", as: Color.self, style: style)
            } == color, "\(style)")
        }
        #expect(try await roundTrip(2, template: "/p/{v}", [Path("p", PathParameter("v", 2, style: .matrix))]) { try $0.path("v", as: Int.self, style: .matrix) } == 2)
        #expect(try await roundTrip("a b/c", template: "/p/{v}", [Path("p", PathParameter("v", "a b/c", style: .label))]) {
            try $0.path("v", as: String.self, style: .label)
        } == "a b/c")
        // Two matrix placeholders in one segment read apart.
        struct Both: Codable, Sendable, Equatable { var color: Color; var tags: [String] }
        let both = try await roundTrip(Both(color: color, tags: ["x", "y"]), template: "/m/{color}{tags}", [PathSegment("m"), PathSegment(
            PathParameter("color", encoding: color, style: .matrix), PathParameter("tags", encoding: ["x", "y"], style: .matrix.exploded()))]) { request in
            Both(color: try request.path("color", as: Color.self, style: .matrix),
                 tags: try request.path("tags", as: [String].self, style: .matrix.exploded()))
        }
        #expect(both == Both(color: color, tags: ["x", "y"]))
    }

    // MARK: Headers

    @Test func headers() async throws {
        #expect(try await roundTrip(["a", "b c"], [Header("X-Tags", ["a", "b c"])]) { try $0.header("X-Tags", as: [String].self) } == ["a", "b c"])
        #expect(try await roundTrip("a, b", [Header("X-Text", "a, b")]) { try $0.header("X-Text", as: String.self) } == "a, b")
        let color = Self.color
        #expect(try await roundTrip(color, [Header("X-Color", encoding: color)]) { try $0.header("X-Color", as: Color.self) } == color)
        #expect(try await roundTrip(color, [Header("X-Color", encoding: color, style: .simple.exploded())]) {
            try $0.header("X-Color", as: Color.self, style: .simple.exploded())
        } == color)
        #expect(try await roundTrip(Optional<Int>.none, []) { try $0.header("X-Missing", as: Int?.self) } == nil)
    }

    // MARK: Bodies

    @Test func formBodies() async throws {
        let signup = Signup(email: "a+b@example.com", age: 30, newsletter: true, interests: ["x y", "z&"], address: .init(gt: 1, lt: 2),
                            metadata: ["order": "6735"], items: [Item(price: "p_1", quantity: 3)], locales: ["en", "fr"],
                            joined: Date(timeIntervalSince1970: 1_714_566_600))
        let styles: [String: ParameterStyle] = ["address": .deepObject, "metadata": .deepObject, "items": .deepObject, "locales": .comma]
        #expect(try await roundTrip(signup, [FormBody(signup, styles: styles)]) { try $0.body(as: Signup.self, .form(styles: styles)) } == signup)
        // Without styles: FieldsEncoder's names (`address[gt]`, `interests` repeated, `items[0][price]`).
        #expect(try await roundTrip(signup, [FormBody(signup)]) { try $0.body(as: Signup.self, .form()) } == signup)
    }

    /// What the route read of a file: its bytes, name and type (a `File` itself is not JSON).
    struct FileEcho: Codable, Sendable, Equatable {
        var data: Data
        var fileName: String?
        var contentType: String?
        init(_ file: File) { (data, fileName, contentType) = (file.data, file.fileName, file.contentType) }
    }

    @Test func otherBodies() async throws {
        struct Upload: Codable, Sendable { var title: String; var file: File; var count: Int }
        struct UploadEcho: Codable, Sendable, Equatable { var title: String; var file: FileEcho; var count: Int }
        let upload = Upload(title: "Run ä", file: File(data: Data([0, 1, 2, 255]), fileName: "run.gpx", contentType: "application/gpx+xml"), count: 3)
        let expected = UploadEcho(title: upload.title, file: FileEcho(upload.file), count: 3)
        #expect(try await roundTrip(expected, [MultipartBody(upload)]) { request in
            let read = try request.body(as: Upload.self, .multipart)
            return UploadEcho(title: read.title, file: FileEcho(read.file), count: read.count)
        } == expected)
        let file = File(data: Data("%PDF".utf8), contentType: "application/pdf")
        #expect(try await roundTrip(FileEcho(file), [DataBody(file.data, contentType: "application/pdf")]) {
            FileEcho(try $0.body(as: File.self, .binary))
        } == FileEcho(file))
        #expect(try await roundTrip(Data([9, 8]), [DataBody(Data([9, 8]))]) { try $0.body(as: Data.self, .binary) } == Data([9, 8]))
        #expect(try await roundTrip("héllo\nworld", [DataBody("héllo\nworld")]) { try $0.body(as: String.self, .text) } == "héllo\nworld")
        #expect(try await roundTrip(Optional<Item>.none, []) { try $0.body(as: Item?.self, .json) } == nil)
    }
}
