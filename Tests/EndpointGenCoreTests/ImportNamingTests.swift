import Foundation
import Testing
@testable import EndpointGenCore

/// Names as real documents have them: `--name` verbatim, operationIds that repeat their tag or
/// carry FastAPI's path-and-method suffix, groups named like runtime types or like the API.
@Suite struct ImportNamingTests {
    typealias T = ImportTestSupport

    static func operation(_ path: String, _ method: String = "get", id: String, tag: String? = nil) -> String {
        let tags = tag.map { #", "tags": ["\#($0)"]"# } ?? ""
        return #""\#(path)": {"\#(method)": {"operationId": "\#(id)"\#(tags), "responses": {"200": {"description": "ok"}}}}"#
    }

    static func paths(_ operations: String...) -> String { "{" + operations.joined(separator: ", ") + "}" }

    @Test func aValidNameIsUsedAsGiven() {
        #expect(T.run(T.document(), name: "GHES").spec["name"] as? String == "GHES")
        #expect(T.run(T.document(), name: "myAPI").spec["name"] as? String == "myAPI")
        // Not a valid Swift type name: converted as before.
        #expect(T.run(T.document(), name: "github enterprise").spec["name"] as? String == "GithubEnterprise")
        #expect(T.run(T.document(), name: nil).spec["name"] as? String == "TestAPI")
    }

    @Test func anOperationIdThatRepeatsItsTagDropsIt() {
        let imported = T.run(T.document(paths: Self.paths(
            Self.operation("/hooks", id: "enterprise-admin/list-global-webhooks", tag: "enterprise-admin"),
            Self.operation("/hooks/{id}", "delete", id: "enterpriseAdminDeleteGlobalWebhook", tag: "enterprise-admin"),
            Self.operation("/stats", id: "enterprise-admin", tag: "enterprise-admin"),
            Self.operation("/repos", id: "repos/list-for-org", tag: "repos"),
            Self.operation("/reposition", id: "repositionAll", tag: "repos"))))
        #expect(imported.endpoint("listGlobalWebhooks", in: "enterpriseAdmin") != nil)
        #expect(imported.endpoint("deleteGlobalWebhook", in: "enterpriseAdmin") != nil)
        // Nothing would be left: the name stays.
        #expect(imported.endpoint("enterpriseAdmin", in: "enterpriseAdmin") != nil)
        #expect(imported.endpoint("listForOrg", in: "repos") != nil)
        // `repos` is not a word of `repositionAll`.
        #expect(imported.endpoint("repositionAll", in: "repos") != nil)
        #expect(imported.warnings.filter { !$0.contains("placeholder") }.isEmpty, "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func fastAPIOperationIdsLoseTheirPathAndMethodSuffix() {
        let imported = T.run(T.document(paths: Self.paths(
            Self.operation("/books", id: "list_books_books_get", tag: "books"),
            Self.operation("/books/{book_id}", id: "read_book_books__book_id__get", tag: "books"),
            Self.operation("/", id: "root__get"),
            // The suffix of another path is kept.
            Self.operation("/shelves", id: "list_books_books_get_shelves_get", tag: "shelves"))))
        #expect(imported.endpoint("listBooks", in: "books") != nil)
        #expect(imported.endpoint("readBook", in: "books") != nil)
        #expect(imported.endpoint("root") != nil)
        #expect(imported.endpoint("listBooksBooksGet", in: "shelves") != nil)
        #expect(OpenAPIImportContext.fastAPISuffix(path: "/items/{item-id}", method: "PUT") == "_items__item_id__put")
    }

    @Test func aCollisionCreatedByShorteningKeepsTheLongNames() {
        let imported = T.run(T.document(paths: Self.paths(
            Self.operation("/books", id: "list_books_books_get", tag: "books"),
            Self.operation("/books/search", id: "list_books_books_search_get", tag: "books"),
            Self.operation("/users", id: "users/get-all", tag: "users"),
            Self.operation("/users/all", id: "getAll", tag: "users"))))
        #expect(Set(imported.allEndpoints.map(\.name)) == ["listBooksBooksGet", "listBooksBooksSearchGet", "usersGetAll", "getAll"])
        #expect(imported.count("renamed") == 0)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func aTagNamedLikeARuntimeTypeKeepsItsName() {
        let imported = T.run(T.document(paths: Self.paths(
            Self.operation("/login", "post", id: "auth/login", tag: "auth"),
            Self.operation("/p", id: "getPath", tag: "path"),
            Self.operation("/s", id: "getString", tag: "string"))))
        #expect(imported.endpoint("login", in: "auth") != nil)
        #expect(imported.endpoint("getPath", in: "path") != nil)
        // A Swift type that generated code names is still shadowed: renamed.
        #expect(imported.endpoint("getString", in: "stringEndpoints") != nil)
        #expect(imported.validationErrors.isEmpty)
        let generated = Generator.generate(specData: Data(imported.text.utf8), fileName: "Test.endpoints.json", options: GeneratorOptions())
        #expect(generated.swift?.contains("enum Auth") == true)
    }

    @Test func aGroupNamedLikeTheAPIPutsItsEndpointsAtTheTopLevel() {
        let imported = T.run(T.document(paths: Self.paths(
            Self.operation("/orders", id: "store/list-orders", tag: "store"),
            Self.operation("/inventory", id: "getInventory", tag: "store"),
            Self.operation("/pets", id: "listPets", tag: "pets"))), name: "Store")
        #expect(imported.endpoint("listOrders") != nil)
        #expect(imported.endpoint("getInventory") != nil)
        #expect(imported.endpoint("listPets", in: "pets") != nil)
        #expect(imported.groups["store"] == nil && imported.groups["storeEndpoints"] == nil)
        #expect(imported.validationErrors.isEmpty)
    }

    /// Plaid tags each of its 329 operations `plaid`: at the top level of the API `Plaid` they would
    /// be more than one level holds (300), so they are grouped by their paths' resources, as
    /// untagged operations are. The import generates.
    @Test func aGroupNamedLikeTheAPIThatTheTopLevelCannotHoldIsGroupedByPath() throws {
        var operations: [String] = []
        for index in 0..<160 {
            operations.append(Self.operation("/item\(index)/create", "post", id: "item\(index)Create", tag: "plaid"))
            operations.append(Self.operation("/item\(index)/get", "post", id: "item\(index)Get", tag: "plaid"))
        }
        let imported = T.run(T.document(paths: "{" + operations.joined(separator: ", ") + "}"), name: "Plaid")
        #expect(imported.spec["endpoints"] == nil)
        #expect(imported.groups.count == 160)
        let group = try #require(imported.groups["item7"] as? [String: Any])
        #expect(((group["endpoints"] as? [String: Any])?.keys.sorted()) == ["create", "get"])
        #expect(imported.validationErrors.isEmpty)
        let generated = Generator.generate(specData: Data(imported.text.utf8), fileName: "Plaid.endpoints.json", options: GeneratorOptions())
        #expect(!generated.diagnostics.hasErrors, "\(generated.diagnostics.sorted.prefix(3))")
        // Decided on the whole document: an operation kept by a filter is where it would be unfiltered.
        let filtered = OpenAPIImporter.importDocument(Data(T.document(paths: "{" + operations.joined(separator: ", ") + "}").utf8),
                                                      fileName: "openapi.json", options: ImportOptions(name: "Plaid", pathPrefixes: ["/item7"]))
        let spec = try #require(try JSONSerialization.jsonObject(with: Data((filtered.specJSON ?? "").utf8)) as? [String: Any])
        #expect(spec["endpoints"] == nil)
        #expect(((spec["groups"] as? [String: Any])?["item7"] as? [String: Any])?["endpoints"] != nil)
    }

    @Test func tagDescriptionsAreTrimmed() {
        let imported = T.run(T.document(
            paths: Self.paths(Self.operation("/a", id: "getA", tag: "a"), Self.operation("/b", id: "getB", tag: "b")),
            extra: #""tags": [{"name": "a", "description": "\n  Things called A.  \n"}, {"name": "b", "description": "  "}]"#))
        #expect((imported.groups["a"] as? [String: Any])?["description"] as? String == "Things called A.")
        #expect((imported.groups["b"] as? [String: Any])?["description"] == nil)
    }
}
