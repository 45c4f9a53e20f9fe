import EndpointRuntime
import Foundation
import ImportedAPIs
import Testing

/// Requests built by the compiled code generated from the imported specs, checked against the
/// OpenAPI documents they came from: the operation exists with that method and path template, the
/// path is the template filled with the arguments, and every query item and header parameter sent is
/// one the document declares in that place.
@Suite struct ImportedRequestTests {
    struct Sample: CustomStringConvertible {
        var document: String
        var method: String
        /// The path template as written in the document.
        var template: String
        /// Placeholder -> the value passed.
        var pathValues: [String: String]
        /// Query parameters passed explicitly -> their expected wire text (repeated for form arrays).
        var query: [(String, String)]
        var headers: [String: String]
        var request: @Sendable () throws -> HTTPRequest

        var description: String { "\(document) \(method) \(template)" }
    }

    static let samples: [Sample] = [
        // Pet Store
        Sample(document: "pet-store-3.0.json", method: "GET", template: "/pet/{petId}", pathValues: ["petId": "42"], query: [], headers: [:],
               request: { try PetStore.PetEndpoints.getPetById(petId: 42).httpRequest() }),
        Sample(document: "pet-store-3.0.json", method: "GET", template: "/pet/findByStatus", pathValues: [:], query: [("status", "sold")], headers: [:],
               request: { try PetStore.PetEndpoints.findPetsByStatus(status: .sold).httpRequest() }),
        Sample(document: "pet-store-3.0.json", method: "GET", template: "/pet/findByTags", pathValues: [:],
               query: [("tags", "a"), ("tags", "b")], headers: [:],
               request: { try PetStore.PetEndpoints.findPetsByTags(tags: ["a", "b"]).httpRequest() }),
        Sample(document: "pet-store-3.0.json", method: "DELETE", template: "/pet/{petId}", pathValues: ["petId": "7"], query: [],
               headers: ["api_key": "secret"],
               request: { try PetStore.PetEndpoints.deletePet(petId: 7, apiKey: "secret").httpRequest() }),
        Sample(document: "pet-store-3.0.json", method: "GET", template: "/user/login", pathValues: [:],
               query: [("username", "ann"), ("password", "pw")], headers: [:],
               request: { try PetStore.UserEndpoints.loginUser(username: "ann", password: "pw").httpRequest() }),
        Sample(document: "pet-store-3.0.json", method: "DELETE", template: "/store/order/{orderId}", pathValues: ["orderId": "5"], query: [], headers: [:],
               request: { try PetStore.Store.deleteOrder(orderId: 5).httpRequest() }),

        // Google Books
        Sample(document: "google-books-3.0.json", method: "GET", template: "/books/v1/volumes", pathValues: [:],
               query: [("q", "swift"), ("maxResults", "5"), ("$.xgafv", "2")], headers: [:],
               request: { try GoogleBooks.VolumesEndpoints.list(q: "swift", maxResults: 5, xgafv: ._2).httpRequest() }),
        Sample(document: "google-books-3.0.json", method: "GET", template: "/books/v1/volumes/{volumeId}", pathValues: ["volumeId": "abc"],
               query: [("projection", "LITE")], headers: [:],
               request: { try GoogleBooks.VolumesEndpoints.get(volumeId: "abc", projection: .lite).httpRequest() }),
        Sample(document: "google-books-3.0.json", method: "GET", template: "/books/v1/users/{userId}/bookshelves/{shelf}/volumes",
               pathValues: ["userId": "u1", "shelf": "3"], query: [("startIndex", "2")], headers: [:],
               request: { try GoogleBooks.BookshelvesEndpoints.volumesList(userId: "u1", shelf: "3", startIndex: 2).httpRequest() }),
        Sample(document: "google-books-3.0.json", method: "GET", template: "/books/v1/volumes/{volumeId}/layers/{layerId}/data/{annotationDataId}",
               pathValues: ["volumeId": "v", "layerId": "l", "annotationDataId": "d"], query: [("contentVersion", "1")], headers: [:],
               request: { try GoogleBooks.Layers.annotationDataGet(volumeId: "v", layerId: "l", annotationDataId: "d", contentVersion: "1").httpRequest() }),
        Sample(document: "google-books-3.0.json", method: "POST", template: "/books/v1/myconfig/releaseDownloadAccess", pathValues: [:],
               query: [("cpksver", "9"), ("volumeIds", "a"), ("volumeIds", "b")], headers: [:],
               request: { try GoogleBooks.Myconfig.releaseDownloadAccess(cpksver: "9", volumeIds: ["a", "b"]).httpRequest() }),

        // TomTom
        Sample(document: "tomtom-3.0.json", method: "GET", template: "/search/{versionNumber}/search/{query}.{ext}",
               pathValues: ["versionNumber": "2", "query": "pizza", "ext": "json"], query: [("limit", "5")], headers: [:],
               request: { try TomTom.Search.getSearchSearch(versionNumber: ._2, query: "pizza", ext: .json, limit: 5).httpRequest() }),
        Sample(document: "tomtom-3.0.json", method: "GET", template: "/search/{versionNumber}/nearbySearch/.{ext}",
               pathValues: ["versionNumber": "2", "ext": "xml"], query: [("lat", "1.5"), ("lon", "2.5")], headers: [:],
               request: { try TomTom.Search.getSearchNearbySearch(versionNumber: ._2, ext: .xml, lat: 1.5, lon: 2.5).httpRequest() }),
        Sample(document: "tomtom-3.0.json", method: "GET", template: "/search/{versionNumber}/structuredGeocode.{ext}",
               pathValues: ["versionNumber": "2", "ext": "json"], query: [("countryCode", "NL")], headers: [:],
               request: { try TomTom.Geocoding.getSearchStructuredGeocode(versionNumber: ._2, ext: .json, countryCode: "NL").httpRequest() }),
        Sample(document: "tomtom-3.0.json", method: "GET", template: "/search/{versionNumber}/reverseGeocode/{position}.{ext}",
               pathValues: ["versionNumber": "2", "position": "52.1,4.3", "ext": "json"], query: [("radius", "50")], headers: [:],
               request: { try TomTom.ReverseGeocoding.getSearchReverseGeocode(versionNumber: ._2, position: "52.1,4.3", ext: .json, radius: 50).httpRequest() }),
        Sample(document: "tomtom-3.0.json", method: "GET", template: "/search/{versionNumber}/additionalData.{ext}",
               pathValues: ["versionNumber": "2", "ext": "json"], query: [("geometries", "g")], headers: [:],
               request: { try TomTom.AdditionalData.getSearchAdditionalData(versionNumber: ._2, ext: .json, geometries: "g").httpRequest() }),

        // Bookshop: names shortened from FastAPI's and GitHub's operationIds, a tag named like the API
        // (its endpoints at the top level), a group `Auth` beside the runtime's `Auth`.
        Sample(document: "bookshop-3.0.json", method: "GET", template: "/books/{book_id}", pathValues: ["book_id": "3"], query: [], headers: [:],
               request: { try Bookshop.Books.readBook(bookId: 3).httpRequest() }),
        Sample(document: "bookshop-3.0.json", method: "GET", template: "/books/search", pathValues: [:], query: [("q", "owl")], headers: [:],
               request: { try Bookshop.Books.listBooksBooksSearchGet(q: "owl").httpRequest() }),
        Sample(document: "bookshop-3.0.json", method: "DELETE", template: "/enterprise/hooks/{hook_id}", pathValues: ["hook_id": "9"],
               query: [], headers: [:],
               request: { try Bookshop.EnterpriseAdmin.deleteGlobalWebhook(hookId: 9).httpRequest() }),
        Sample(document: "bookshop-3.0.json", method: "POST", template: "/auth/logout", pathValues: [:], query: [], headers: [:],
               request: { try Bookshop.Auth.logout.httpRequest() }),
        Sample(document: "bookshop-3.0.json", method: "GET", template: "/status", pathValues: [:], query: [], headers: [:],
               request: { try Bookshop.getStatus.httpRequest() }),
    ]

    @Test(arguments: samples)
    func requestMatchesTheDocument(_ sample: Sample) throws {
        let document = try Self.document(sample.document)
        let paths = try #require(document["paths"] as? [String: Any])
        let item = try #require(paths[sample.template] as? [String: Any], "no path \(sample.template)")
        let operation = try #require(item[sample.method.lowercased()] as? [String: Any], "no \(sample.method) at \(sample.template)")
        let declared = Self.parameters(item: item, operation: operation, document: document)

        let request = try sample.request()
        #expect(request.method.rawValue == sample.method)

        // The path: the server's path, then the template filled with the arguments.
        let server = try #require(((document["servers"] as? [[String: Any]])?.first?["url"] as? String).flatMap { URLComponents(string: $0) })
        var expectedPath = server.path.hasSuffix("/") ? String(server.path.dropLast()) : server.path
        var template = sample.template
        for (name, value) in sample.pathValues {
            #expect(declared.contains("path \(name)"), "\(name) is not a path parameter")
            template = template.replacingOccurrences(of: "{\(name)}", with: value)
        }
        expectedPath += template
        #expect(request.urlComponents.path == expectedPath)
        #expect(request.urlComponents.host == server.host)

        // Every query item sent is a declared query parameter; the ones passed carry their values.
        let items = request.urlComponents.queryItems ?? []
        for item in items {
            #expect(declared.contains("query \(item.name)"), "query item \(item.name) is not a query parameter of \(sample)")
        }
        for (name, value) in sample.query {
            #expect(declared.contains("query \(name)"))
            let sent = items.filter { $0.name == name }.compactMap(\.value)
            #expect(sent.contains(value), "\(name): sent \(sent)")
        }
        let expectedRepeats = Dictionary(grouping: sample.query, by: \.0).mapValues(\.count)
        for (name, count) in expectedRepeats where count > 1 {
            #expect(items.filter { $0.name == name }.count == count, "\(name) is sent once per element (form style)")
        }
        for (name, value) in sample.headers {
            #expect(declared.contains("header \(name)"))
            #expect(request.headers[name] == value)
        }
        // Path parameters never leak into the query.
        for name in sample.pathValues.keys {
            #expect(!items.contains { $0.name == name })
        }
    }

    // MARK: The documents

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndpointGenCoreTests/Fixtures/OpenAPI")

    static func document(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// "in name" of every parameter of the operation (path-level ones included, `$ref`s resolved).
    static func parameters(item: [String: Any], operation: [String: Any], document: [String: Any]) -> Set<String> {
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        let list = (item["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? [])
        var result: Set<String> = []
        for entry in list {
            guard var parameter = entry as? [String: Any] else { continue }
            if let ref = parameter["$ref"] as? String, let target = shared[String(ref.split(separator: "/").last ?? "")] as? [String: Any] {
                parameter = target
            }
            if let name = parameter["name"] as? String, let location = parameter["in"] as? String {
                result.insert("\(location) \(name)")
            }
        }
        return result
    }
}
