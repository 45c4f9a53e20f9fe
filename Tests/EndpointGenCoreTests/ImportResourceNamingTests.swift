import Foundation
import Testing
@testable import EndpointGenCore

/// Names by meaning: documents without tags are grouped by the resource after a version segment and
/// their operations named by method and what the path adds (Stripe), and query parameters that end
/// in a comparison (Twilio's `StartTime<`) are named after it.
@Suite struct ImportResourceNamingTests {
    typealias T = ImportTestSupport

    static func operation(_ id: String?) -> String {
        let idText = id.map { #""operationId": "\#($0)", "# } ?? ""
        return #"{\#(idText)"responses": {"204": {"description": "none"}}}"#
    }

    /// Stripe's shape in small: every operationId restates its method and path.
    static let stripeLike = T.document(paths: """
        {"/v1/invoices": {"get": \(operation("GetInvoices")), "post": \(operation("PostInvoices"))},
         "/v1/invoices/search": {"get": \(operation("GetInvoicesSearch"))},
         "/v1/invoices/{invoice}": {"get": \(operation("GetInvoicesInvoice")), "post": \(operation("PostInvoicesInvoice")),
                                    "delete": \(operation("DeleteInvoicesInvoice"))},
         "/v1/invoices/{invoice}/send": {"post": \(operation("PostInvoicesInvoiceSend"))},
         "/v1/invoices/{invoice}/lines": {"get": \(operation("GetInvoicesInvoiceLines"))},
         "/v1/account": {"get": \(operation("GetAccount")), "post": \(operation("PostAccount")), "delete": \(operation("DeleteAccount"))},
         "/v1/account_links": {"post": \(operation("PostAccountLinks"))},
         "/v1/charges/{charge}/dispute": {"get": \(operation("GetChargesChargeDispute")), "post": \(operation("PostChargesChargeDispute"))},
         "/v1/charges/{charge}/dispute/close": {"post": \(operation("PostChargesChargeDisputeClose"))},
         "/v1/customers/{customer}/sources": {"get": \(operation("GetCustomersCustomerSources")), "post": \(operation("PostCustomersCustomerSources"))},
         "/v1/customers/{customer}/sources/{id}": {"get": \(operation("GetCustomersCustomerSourcesId")), "delete": \(operation("DeleteCustomersCustomerSourcesId"))},
         "/v1/customers/{customer}/sources/{id}/verify": {"post": \(operation("PostCustomersCustomerSourcesIdVerify"))},
         "/v1/issuing/cards": {"get": \(operation(nil)), "post": \(operation(nil))},
         "/v1/issuing/cards/{card}": {"get": \(operation(nil))},
         "/v1/issuing/authorizations/{authorization}/approve": {"post": \(operation(nil))},
         "/v1/reports/{report}": {"get": \(operation("fetchReport"))}}
        """)

    @Test func untaggedOperationsAreGroupedByResourceAndNamedByWhatThePathAdds() throws {
        let imported = T.run(Self.stripeLike, name: "Stripe")
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        // No name numbered or renamed (the document declares no path parameters: those are reported).
        #expect(imported.count("renamed") == 0, "\(imported.warnings)")
        #expect(Set(imported.groups.keys) == ["invoices", "account", "accountLinks", "charges", "customers", "issuing", "reports"])
        func names(_ group: String) -> [String] {
            ((imported.groups[group] as? [String: Any])?["endpoints"] as? [String: Any]).map { Array($0.keys).sorted() } ?? []
        }
        #expect(names("invoices") == ["create", "delete", "get", "list", "listLines", "search", "send", "update"])
        // A resource without items under it is one thing: read, updated, deleted.
        #expect(names("account") == ["delete", "get", "update"])
        // ...and a POST to it with nothing else there creates one.
        #expect(names("accountLinks") == ["create"])
        // A POST to what is also read updates it; an action is named by its verb, then what it acts on.
        #expect(names("charges") == ["closeDispute", "getDispute", "updateDispute"])
        #expect(names("customers") == ["createSource", "deleteSource", "getSource", "listSources", "verifySource"])
        // Without an operationId, the same.
        #expect(names("issuing") == ["approveAuthorization", "createCard", "getCard", "listCards"])
        // An operationId that says more than the path is the name, as before.
        #expect(names("reports") == ["fetchReport"])

        let send = try #require(imported.endpoint("send", in: "invoices"))
        #expect(send["method"] as? String == "POST" && send["path"] as? String == "/v1/invoices/{invoice}/send")
        #expect(imported.endpoint("list", in: "invoices")?["path"] as? String == "/v1/invoices")
        #expect(imported.endpoint("get", in: "invoices")?["path"] as? String == "/v1/invoices/{invoice}")

        // The generated call reads as the issue asks: `Stripe.Invoices.send(invoice:)`.
        let generated = Generator.generate(specData: Data(imported.text.utf8), fileName: "Stripe.endpoints.json",
                                           options: GeneratorOptions(accessLevel: .public))
        let swift = try #require(generated.swift, "\(generated.diagnostics.sorted.prefix(3))")
        #expect(swift.contains("enum Invoices"))
        #expect(swift.contains("static func send(invoice: String)"))
    }

    @Test func twoOperationsThatWouldShareANameKeepTheirLongNames() {
        // POST /v1/things/archive and POST /v1/things/{id}/archive are both the action `archive`: both keep
        // the operationId's name; the others keep theirs by meaning.
        let json = T.document(paths: """
            {"/v1/things/{id}": {"get": \(Self.operation("GetThingsId"))},
             "/v1/things/archive": {"post": \(Self.operation("PostThingsArchive"))},
             "/v1/things/{id}/archive": {"post": \(Self.operation("PostThingsIdArchive"))}}
            """)
        let imported = T.run(json)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.count("renamed") == 0, "\(imported.warnings)")
        let names = Set(((imported.groups["things"] as? [String: Any])?["endpoints"] as? [String: Any] ?? [:]).keys)
        #expect(names == ["get", "postThingsArchive", "postThingsIdArchive"])
    }

    @Test func aPathWithoutAVersionIsGroupedByItsFirstSegmentAsBefore() {
        let json = T.document(paths: """
            {"/books/{id}": {"get": \(Self.operation(nil))}, "/books": {"get": \(Self.operation(nil))},
             "/v2": {"get": \(Self.operation(nil))}}
            """)
        let imported = T.run(json)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.endpoint("get", in: "books")?["path"] as? String == "/books/{id}")
        #expect(imported.endpoint("list", in: "books")?["path"] as? String == "/books")
        // A version with nothing after it is its own group.
        #expect(imported.endpoint("get", in: "v2") != nil)
    }

    @Test func taggedDocumentsAreGroupedAndNamedAsBefore() {
        let json = T.document(paths: """
            {"/v1/invoices": {"get": {"operationId": "GetInvoices", "tags": ["billing"], "responses": {"204": {"description": "none"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("getInvoices", in: "billing") != nil)
    }

    /// Every Stripe operation (417, no tags) has a name of its own in its group, stable from one
    /// import to the next; a dozen are checked by name. Skipped (with a note) without the shared documents.
    @Test func everyStripeEndpointHasAUniqueStableName() throws {
        let root = ImportDocumentTests.repositoryRoot
        let candidates = [root.appendingPathComponent("../shared/openapi/Stripe.json"),
                          root.appendingPathComponent("../../shared/openapi/Stripe.json"),
                          URL(fileURLWithPath: "/work/shared/openapi/Stripe.json")]
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            print("note: Stripe.json not found beside the repository; skipped")
            return
        }
        let data = try Data(contentsOf: url)
        let result = OpenAPIImporter.importDocument(data, fileName: "Stripe.json", name: "Stripe")
        let text = try #require(result.specJSON)
        #expect(OpenAPIImporter.importDocument(data, fileName: "Stripe.json", name: "Stripe").specJSON == text)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let groups = try #require(spec["groups"] as? [String: Any])

        var calls: [String: String] = [:]  // "METHOD path" -> "Group.name"
        var count = 0
        for (group, value) in groups {
            for (name, endpoint) in (value as? [String: Any])?["endpoints"] as? [String: Any] ?? [:] {
                let endpoint = try #require(endpoint as? [String: Any])
                let call = "\(endpoint["method"] as? String ?? "") \(endpoint["path"] as? String ?? "")"
                #expect(calls[call] == nil, "\(call) twice")
                calls[call] = "\(group).\(name)"
                count += 1
                // Names by meaning, never the operationId's restatement of the path.
                #expect(!name.hasPrefix("post") && !name.hasPrefix("getV1"), "\(group).\(name)")
            }
        }
        #expect(count == 417 && result.operationCount == 417)
        // Names within a group are unique as the generator sees them (its own conversion).
        for (group, value) in groups {
            let names = ((value as? [String: Any])?["endpoints"] as? [String: Any] ?? [:]).keys.map(Naming.lowerCamel)
            #expect(Set(names).count == names.count, "\(group)")
        }
        // No group split, no endpoint renamed for a collision.
        #expect(!result.diagnostics.sorted.contains { $0.message.contains("already used in its group") || $0.message.contains("more than one level holds") })

        let expected = [
            "POST /v1/invoices/{invoice}/send": "invoices.send",
            "GET /v1/invoices": "invoices.list",
            "POST /v1/invoices": "invoices.create",
            "GET /v1/invoices/{invoice}": "invoices.get",
            "POST /v1/invoices/{invoice}": "invoices.update",
            "DELETE /v1/invoices/{invoice}": "invoices.delete",
            "GET /v1/invoices/{invoice}/lines": "invoices.listLines",
            "GET /v1/customers/search": "customers.search",
            "GET /v1/customers/{customer}/sources/{id}": "customers.getSource",
            "POST /v1/customers/{customer}/sources/{id}/verify": "customers.verifySource",
            "POST /v1/payment_intents/{intent}/capture": "paymentIntents.capture",
            "GET /v1/issuing/cards": "issuing.listCards",
            "POST /v1/checkout/sessions/{session}/expire": "checkout.expireSession",
            "GET /v1/balance": "balanceEndpoints.get",
        ]
        for (call, name) in expected {
            #expect(calls[call] == name, "\(call)")
        }
    }

    @Test func comparisonParametersAreNamedByMeaning() throws {
        let json = T.document(paths: """
            {"/Calls.json": {"get": {"operationId": "ListCall", "tags": ["calls"], "parameters": [
               {"name": "StartTime", "in": "query", "schema": {"type": "string", "format": "date-time"}},
               {"name": "StartTime<", "in": "query", "schema": {"type": "string", "format": "date-time"}},
               {"name": "StartTime>", "in": "query", "schema": {"type": "string", "format": "date-time"}},
               {"name": "EndTime<=", "in": "query", "schema": {"type": "string", "format": "date"}},
               {"name": "EndTime>=", "in": "query", "schema": {"type": "string", "format": "date"}},
               {"name": "Price<", "in": "query", "schema": {"type": "number"}},
               {"name": "Price>", "in": "query", "schema": {"type": "number"}},
               {"name": "Price<=", "in": "query", "schema": {"type": "number"}},
               {"name": "Price>=", "in": "query", "schema": {"type": "number"}},
               {"name": "Status!=", "in": "query", "schema": {"type": "string"}},
               {"name": "priceLessThan", "in": "query", "schema": {"type": "number"}},
               {"name": "<", "in": "query", "schema": {"type": "string"}}],
             "responses": {"204": {"description": "none"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let parameters = try #require(imported.endpoint("listCall", in: "calls")?["parameters"] as? [String: Any])
        func wireName(_ key: String) -> String? {
            (parameters[key] as? [String: Any])?["name"] as? String ?? (parameters[key] != nil ? key : nil)
        }
        #expect(wireName("StartTime") == "StartTime")
        #expect(wireName("startTimeBefore") == "StartTime<")
        #expect(wireName("startTimeAfter") == "StartTime>")
        #expect(wireName("endTimeOnOrBefore") == "EndTime<=")
        #expect(wireName("endTimeOnOrAfter") == "EndTime>=")
        #expect(wireName("priceGreaterThan") == "Price>")
        #expect(wireName("priceAtMost") == "Price<=")
        #expect(wireName("priceAtLeast") == "Price>=")
        #expect(wireName("statusNot") == "Status!=")
        // `Price<` takes `priceLessThan` first; the literal `priceLessThan` after it is renamed, with a warning.
        #expect(wireName("priceLessThan") == "Price<")
        #expect(wireName("priceLessThan_query") == "priceLessThan")
        #expect(imported.count("renamed") == 1, "\(imported.warnings)")
        // `<` alone names nothing to compare: it keeps the name the generator gives it.
        #expect(parameters["<"] != nil)
        #expect(parameters.count == 12)
    }

    @Test func aSplitGroupsPartsReadAsParts() {
        let paths = (0..<301).map { #""/v1/secrets/s\#($0)": {"get": {"operationId": "read_\#($0)", "responses": {"204": {"description": "none"}}}}"# }
        let imported = T.run(T.document(paths: "{" + paths.joined(separator: ",\n") + "}"))
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(Set(imported.groups.keys) == ["secrets", "secretsPart2"])
        #expect(imported.warnings.contains { $0.contains("split into 'secrets', 'secretsPart2'") })
    }
}

/// A document without tags whose paths name more resources than one level holds (300) still
/// imports to a spec that generates: its groups go into groups by their first letter.
@Suite struct ImportShelvedGroupsTests {
    typealias T = ImportTestSupport

    /// `count` untagged resources, `/v1/<name>` each: names starting with `a`, `b`, `c` in turn, and
    /// every seventh with a digit. The model `A` takes the name the `a` shelf would have.
    static func wideDocument(count: Int) -> String {
        var paths: [String] = []
        for index in 0..<count {
            let name = index % 7 == 0 ? "\(index)th" : ["alpha", "beta", "charlie"][index % 3] + "\(index)"
            paths.append(##""/v1/\##(name)": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}}}}}"##)
        }
        return T.document(paths: "{" + paths.joined(separator: ",\n") + "}",
                          components: #"{"schemas": {"A": {"type": "object", "properties": {"id": {"type": "string"}}}}}"#)
    }

    @Test func moreResourcesThanOneLevelHoldsAreShelvedByTheirFirstLetter() throws {
        let imported = T.run(Self.wideDocument(count: 320), name: "Wide", version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors.prefix(3))")
        #expect(imported.errors.isEmpty)
        #expect(imported.groups.keys.sorted() == ["aGroups", "b", "c", "other"])
        let shelf = try #require(imported.groups["b"] as? [String: Any])
        let inner = try #require(shelf["groups"] as? [String: Any])
        let betas = (0..<320).filter { $0 % 7 != 0 && $0 % 3 == 1 }.count
        #expect(inner.count == betas)
        let beta1 = try #require(inner["beta1"] as? [String: Any])
        #expect(((beta1["endpoints"] as? [String: Any])?.count ?? 0) == 1)
        // Every operation is there, once.
        let total = imported.groups.values.reduce(0) { sum, shelf in
            sum + (((shelf as? [String: Any])?["groups"] as? [String: Any])?.count ?? 0)
        }
        #expect(total == 320)
        let warning = try #require(imported.warnings.first { $0.contains("first letter") })
        #expect(warning.contains("the top level would hold 320 groups and endpoints"))
        #expect(warning.contains("'other', 'b', 'c', 'aGroups'"))
        // What `generate` runs on a document: the spec validates from the tree, positions mapped.
        let result = OpenAPIImporter.importDocument(Data(Self.wideDocument(count: 320).utf8), fileName: "wide.json",
                                                    options: ImportOptions(name: "Wide", formatVersion: .two))
        let (spec, diagnostics) = Generator.validate(imported: result, specFileName: "Wide.endpoints.json")
        #expect(diagnostics.all.filter { $0.severity == .error }.isEmpty)
        let resolved = try #require(spec)
        #expect(resolved.api.endpointCount == 320)
        // A shelf stands where its first group was: `/v1/0th`, `/v1/beta1`, `/v1/charlie2`, `/v1/alpha3`.
        #expect(resolved.api.groups.map(\.swiftName) == ["Other", "B", "C", "AGroups"])
    }

    /// Endpoints of the top level itself (paths that begin with a placeholder) that leave no room for
    /// the groups, even shelved, move into a group `root` (split past 300), and the spec generates.
    @Test func crowdedTopLevelEndpointsMoveIntoAGroup() throws {
        var paths: [String] = []
        for index in 0..<320 {
            paths.append(#""/{id}/t\#(index)": {"get": {"operationId": "t\#(index)", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "none"}}}}"#)
        }
        for letter in "abcdefghijklmnopqrstuvwxyz" {
            paths.append(#""/v1/\#(letter)res": {"get": {"responses": {"204": {"description": "none"}}}}"#)
        }
        let document = T.document(paths: "{" + paths.joined(separator: ",\n") + "}")
        let imported = T.run(document, name: "Wide", version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors.prefix(3))")
        #expect(imported.warnings.contains {
            $0.contains("the top level would hold 320 endpoints of its own") && $0.contains("put in the group 'root'")
        }, "\(imported.warnings.prefix(3))")
        // 320 are more than a group holds: `root` is split as any group is; the 26 others stay unshelved.
        #expect(imported.warnings.contains { $0.contains("split into 'root', 'rootPart2'") })
        #expect(!imported.warnings.contains { $0.contains("first letter") })
        let root = try #require(imported.groups["root"] as? [String: Any])
        let endpoints = try #require(root["endpoints"] as? [String: Any])
        #expect(endpoints.count == 250)
        #expect(endpoints["t0"] != nil)
        let result = OpenAPIImporter.importDocument(Data(document.utf8), fileName: "wide.json",
                                                    options: ImportOptions(name: "Wide", formatVersion: .two))
        let (spec, diagnostics) = Generator.validate(imported: result, specFileName: "Wide.endpoints.json")
        #expect(diagnostics.all.filter { $0.severity == .error }.isEmpty)
        let resolved = try #require(spec)
        #expect(resolved.api.endpointCount == 346)
        #expect(resolved.api.endpoints.isEmpty)
    }

    /// A few endpoints of its own stay at the top level when shelving the groups makes room.
    @Test func topLevelEndpointsStayWhenShelvingMakesRoom() throws {
        var paths: [String] = []
        for index in 0..<10 {
            paths.append(#""/{id}/t\#(index)": {"get": {"operationId": "t\#(index)", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "none"}}}}"#)
        }
        for index in 0..<300 {
            paths.append(#""/v1/res\#(index)": {"get": {"responses": {"204": {"description": "none"}}}}"#)
        }
        let imported = T.run(T.document(paths: "{" + paths.joined(separator: ",\n") + "}"), name: "Wide", version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors.prefix(3))")
        #expect((imported.spec["endpoints"] as? [String: Any])?.count == 10)
        #expect(imported.groups.keys.sorted() == ["r", "rPart2"])
        #expect(!imported.warnings.contains { $0.contains("put in the group") })
    }

    @Test func aDocumentThatFitsOneLevelIsNotShelved() {
        let imported = T.run(Self.wideDocument(count: 290), name: "Wide", version: .two)
        #expect(imported.validationErrors.isEmpty)
        #expect(imported.groups.count == 290)
        #expect(!imported.warnings.contains { $0.contains("first letter") })
    }
}
