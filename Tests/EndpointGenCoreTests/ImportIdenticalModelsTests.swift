import Foundation
import Testing
@testable import EndpointGenCore

/// Models the import makes that are the same in all but name are one model (IdenticalModels.swift):
/// named by the named model among them, or by the words their names end in.
@Suite struct ImportIdenticalModelsTests {
    typealias T = ImportTestSupport

    static let enumOnOff = #"{"type": "string", "enum": ["on_session", "off_session"], "description": "DESCRIPTION"}"#
    static let address = #"{"type": "object", "description": "An address.", "properties": {"city": {"type": "string"}}}"#
    static let point = #"{"type": "object", "properties": {"lat": {"type": "number"}, "lng": {"type": "number"}}}"#
    static let shipping = #"{"type": "object", "properties": {"carrier": {"type": "string", "enum": ["ups", "dhl"]}}}"#

    /// Intent and Method write the same inline schemas under the same properties; Card's
    /// `setup_future_usage` lists other values (so the name is no property enum of its own), and
    /// Intent's `notes` holds values like them under a name of its own.
    static let document = T.document(paths: """
        {"/intents": {"get": {"operationId": "listIntents", "parameters": [
            {"name": "capture_method", "in": "query", "schema": {"type": "string", "enum": ["auto", "manual"]}}],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Intent"}}}},
                        "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object", "properties": {"billing_address": \(address)}}}}}}}},
         "/methods": {"post": {"operationId": "createMethod", "parameters": [
            {"name": "capture_method", "in": "query", "schema": {"type": "string", "enum": ["auto", "manual"]}}],
          "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"shipping_details": \(shipping)}}}}},
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Method"}}}}}}}}
        """, components: """
        {"schemas": {
          "Intent": {"type": "object", "properties": {
            "setup_future_usage": \(enumOnOff.replacingOccurrences(of: "DESCRIPTION", with: "When the intent is used.")),
            "notes": {"type": "object", "additionalProperties": \(enumOnOff.replacingOccurrences(of: "DESCRIPTION", with: "A note."))},
            "billing_address": \(address), "location": \(point), "origin": \(point),
            "points": {"type": "array", "items": \(point)}, "places": {"type": "object", "additionalProperties": \(point)},
            "shipping_details": \(shipping)}},
          "Method": {"type": "object", "properties": {
            "setup_future_usage": \(enumOnOff.replacingOccurrences(of: "DESCRIPTION", with: "When the method is used.")),
            "billing_address": \(address), "target": \(point)}},
          "Card": {"type": "object", "properties": {"setup_future_usage": {"type": "string", "enum": ["none"]}}},
          "GeoPoint": \(point),
          "Position": \(point)}}
        """)

    static func models(_ imported: ImportedSnippet) -> [String: [String: Any]] {
        (imported.spec["models"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
    }

    static func property(_ imported: ImportedSnippet, _ model: String, _ name: String) -> String? {
        let properties = models(imported)[model]?["properties"] as? [String: Any]
        return properties?[name] as? String ?? (properties?[name] as? [String: Any])?["type"] as? String
    }

    @Test func copiesAreOneModelNamedByTheWordsTheirNamesEndIn() throws {
        let imported = T.run(Self.document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.errors.isEmpty)
        let models = Self.models(imported)
        #expect(models["SetupFutureUsage"]?["enum"] as? [String] == ["on_session", "off_session"])
        #expect(models["IntentSetupFutureUsage"] == nil && models["MethodSetupFutureUsage"] == nil)
        #expect(Self.property(imported, "Intent", "setup_future_usage") == "SetupFutureUsage?")
        #expect(Self.property(imported, "Method", "setup_future_usage") == "SetupFutureUsage?")
        // Card's lists other values: its own model still.
        #expect(Self.property(imported, "Card", "setup_future_usage") == "CardSetupFutureUsage?")
        // The copies were described differently: the one model is not; each property keeps its own.
        #expect(models["SetupFutureUsage"]?["description"] == nil)
        // Described alike (and also written for an error body): described.
        #expect(models["BillingAddress"]?["description"] as? String == "An address.")
        #expect(Self.property(imported, "Method", "billing_address") == "BillingAddress?")
        #expect(!models.keys.contains { $0.hasSuffix("BillingAddress") && $0 != "BillingAddress" })
    }

    @Test func referencesAreRenamedWhereverSpecsNameTypes() throws {
        let imported = T.run(Self.document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        // The query parameter of two endpoints.
        var captures: [String] = []
        for endpoint in imported.allEndpoints.map(\.value) {
            let parameter = (endpoint["parameters"] as? [String: Any])?["capture_method"]
            if let type = parameter as? String ?? (parameter as? [String: Any])?["type"] as? String { captures.append(type) }
        }
        #expect(captures == ["CaptureMethod?", "CaptureMethod?"])
        #expect(Self.property(imported, "ListIntentsError400", "billing_address") == "BillingAddress?")
        // An array's elements and a dictionary's values.
        #expect(Self.property(imported, "Intent", "points") == "[GeoPoint]?")
        #expect(Self.property(imported, "Intent", "places") == "[String: GeoPoint]?")
        // A body's model, and an error body's.
        let text = imported.text
        for old in ["ListIntentsCaptureMethod", "IntentShippingDetails", "IntentBillingAddress", "IntentPointsItem", "IntentPlacesValue"] {
            #expect(!text.contains(old), "\(old)")
        }
    }

    /// Two models are one once the models they hold are: `shipping_details` holds the `carrier`
    /// enum, a model of each place until those are one. A copy named after another kind of place
    /// (Intent's `notes` values) keeps its name, and does not keep the others apart.
    @Test func modelsHoldingCopiesAreCopiesToo() {
        let imported = T.run(Self.document, version: .two)
        let models = Self.models(imported)
        #expect(models["ShippingDetails"] != nil)
        #expect(Self.property(imported, "Intent", "shipping_details") == "ShippingDetails?")
        #expect(Self.property(imported, "ShippingDetails", "carrier") == "ShippingDetailsCarrier?")
        #expect(models.keys.filter { $0.hasSuffix("Carrier") } == ["ShippingDetailsCarrier"])
        #expect(Self.property(imported, "Intent", "notes") == "[String: IntentNotesValue]?")
    }

    /// A component the copies equal is their name; two such components stay two; copies whose names
    /// share one word (`IntentOrigin`, `MethodTarget`: nothing; `IntentLocation`: nothing) have none of their own.
    @Test func aComponentNamesItsCopiesAndComponentsStayApart() {
        let imported = T.run(Self.document, version: .two)
        let models = Self.models(imported)
        #expect(models["GeoPoint"] != nil && models["Position"] != nil)
        #expect(Self.property(imported, "Intent", "location") == "GeoPoint?")
        #expect(Self.property(imported, "Intent", "origin") == "GeoPoint?")
        #expect(Self.property(imported, "Method", "target") == "GeoPoint?")
        #expect(!models.keys.contains { $0.hasSuffix("Origin") || $0.hasSuffix("Target") || $0.hasSuffix("Location") })
    }

    /// Alike but for the models they name, which differ: not the same.
    @Test func copiesNamingDifferentModelsStayApart() {
        let document = T.document(components: """
            {"schemas": {
              "A": {"type": "object", "properties": {"a": {"type": "string"}}},
              "B": {"type": "object", "properties": {"b": {"type": "integer"}}},
              "Intent": {"type": "object", "properties": {"link_details": {"type": "object", "properties": {"ref": {"$ref": "#/components/schemas/A"}}}}},
              "Method": {"type": "object", "properties": {"link_details": {"type": "object", "properties": {"ref": {"$ref": "#/components/schemas/B"}}}}},
              "Card": {"type": "object", "properties": {"link_details": {"type": "object", "properties": {"ref": {"$ref": "#/components/schemas/B"}}}}}}}
            """)
        let imported = T.run(document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(Self.property(imported, "Intent", "link_details") == "IntentLinkDetails?")
        // Method's and Card's name the same model: one.
        #expect(Self.property(imported, "Method", "link_details") == "LinkDetails?")
        #expect(Self.property(imported, "Card", "link_details") == "LinkDetails?")
        #expect(Self.property(imported, "LinkDetails", "ref") == "B?")
    }

    /// The union of a component and an inline copy of it would list one alternative twice.
    @Test func copiesThatAreAlternativesOfOneUnionStayApart() throws {
        let document = T.document(paths: """
            {"/pets": {"get": {"operationId": "getPet", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}}
            """, components: """
            {"schemas": {
              "Cat": {"type": "object", "properties": {"name": {"type": "string"}}},
              "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"type": "object", "properties": {"name": {"type": "string"}}}]}}}
            """)
        let imported = T.run(document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let alternatives = try #require(Self.models(imported)["Pet"]?["oneOf"] as? [String])
        #expect(alternatives.count == 2 && Set(alternatives).count == 2)
    }

    /// `<Endpoint>Headers` (and `ErrorHeaders`, `Response`) of a top-level endpoint are the API's
    /// types too: copies whose names end in one stay apart.
    @Test func anEndpointsResponseTypeNamesAreTaken() {
        let document = T.document(paths: """
            {"/": {"get": {"operationId": "list", "responses": {"200": {"description": "ok",
                "headers": {"X-Count": {"schema": {"type": "integer"}}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Foo"}}}}}}},
             "/bar": {"get": {"operationId": "getBar", "tags": ["bars"], "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Bar"}}}}}}}}
            """, components: """
            {"schemas": {
              "Foo": {"type": "object", "properties": {"list_headers": {"type": "object", "properties": {"a": {"type": "string"}}}}},
              "Bar": {"type": "object", "properties": {"list_headers": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}
            """)
        let imported = T.run(document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(Self.property(imported, "Foo", "list_headers") == "FooListHeaders?")
        #expect(Self.property(imported, "Bar", "list_headers") == "BarListHeaders?")
    }

    /// A multipart part's headers are values sent with it, not types: never renamed.
    @Test func partHeaderValuesAreNotRenamed() throws {
        let document = T.document(paths: """
            {"/upload": {"post": {"operationId": "upload", "tags": ["files"],
                "requestBody": {"content": {"multipart/form-data": {
                  "schema": {"type": "object", "properties": {"doc": {"type": "string", "format": "binary"}}},
                  "encoding": {"doc": {"headers": {"X-Kind": {"schema": {"type": "string", "enum": ["FooReport"]}}}}}}}},
                "responses": {"204": {"description": "ok"}}}},
             "/foo": {"get": {"operationId": "getFoo", "tags": ["files"], "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Foo"}}}}}}}}
            """, components: """
            {"schemas": {
              "Foo": {"type": "object", "properties": {
                "report": {"type": "object", "properties": {"kind": {"type": "string"}}},
                "monthly_report": {"type": "object", "properties": {"kind": {"type": "string"}}}}},
              "Report": {"type": "object", "properties": {"kind": {"type": "string"}}}}}
            """)
        let imported = T.run(document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        // The copies are the component...
        #expect(Self.property(imported, "Foo", "report") == "Report?")
        #expect(Self.property(imported, "Foo", "monthly_report") == "Report?")
        // ...and the part is still sent with the value the document gives.
        #expect(imported.text.contains(#""X-Kind": "FooReport""#), "\(imported.text)")
    }

    /// Two components the same stay two, and so do the models that hold one or the other.
    @Test func whatHoldsTwinComponentsStaysApart() {
        let document = T.document(components: """
            {"schemas": {
              "CardDetails": {"type": "object", "properties": {"last4": {"type": "string"}}},
              "BankDetails": {"type": "object", "properties": {"last4": {"type": "string"}}},
              "Foo": {"type": "object", "properties": {
                "card_source": {"type": "object", "properties": {"details": {"$ref": "#/components/schemas/CardDetails"}}},
                "bank_source": {"type": "object", "properties": {"details": {"$ref": "#/components/schemas/BankDetails"}}}}},
              "PaymentSource": {"type": "object", "properties": {"details": {"$ref": "#/components/schemas/BankDetails"}}}}}
            """)
        let imported = T.run(document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(Self.models(imported)["CardDetails"] != nil && Self.models(imported)["BankDetails"] != nil)
        #expect(Self.property(imported, "Foo", "card_source") == "FooCardSource?")
        #expect(Self.property(imported, "FooCardSource", "details") == "CardDetails?")
        // What holds BankDetails as PaymentSource does is PaymentSource.
        #expect(Self.property(imported, "Foo", "bank_source") == "PaymentSource?")
    }

    /// Where two sets of copies would take one name, the larger takes it; a copy that has the name
    /// is described only as the others are.
    @Test func theLargerSetTakesANameAndDescriptionsFollowTheRule() {
        let small = #"{"type": "string", "enum": ["a", "b"]}"#
        let large = #"{"type": "string", "enum": ["none"]}"#
        let document = T.document(components: """
            {"schemas": {
              "A": {"type": "object", "properties": {"setup_usage": \(small)}},
              "B": {"type": "object", "properties": {"setup_usage": \(small)}},
              "C": {"type": "object", "properties": {"setup_usage": \(large)}},
              "D": {"type": "object", "properties": {"setup_usage": \(large)}},
              "E": {"type": "object", "properties": {"setup_usage": \(large)}},
              "SetupUsage": {"type": "object", "properties": {"x": {"type": "string"}}},
              "Home": {"type": "object", "properties": {"billing_info": {"type": "object", "description": "Home.", "properties": {"c": {"type": "string"}}}}},
              "Work": {"type": "object", "properties": {"billing_info": {"type": "object", "description": "Work.", "properties": {"c": {"type": "string"}}}}}}}
            """.replacingOccurrences(of: #""SetupUsage": {"type": "object", "properties": {"x": {"type": "string"}}},"#, with: ""))
        let imported = T.run(document, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(Self.property(imported, "C", "setup_usage") == "SetupUsage?")
        #expect(Self.property(imported, "E", "setup_usage") == "SetupUsage?")
        #expect(Self.property(imported, "A", "setup_usage") == "ASetupUsage?")
        #expect(Self.models(imported)["BillingInfo"] != nil)
        #expect(Self.models(imported)["BillingInfo"]?["description"] == nil)
    }

    @Test func formatVersionOneKeepsEveryCopy() {
        let imported = T.run(Self.document, version: .one)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let models = Self.models(imported)
        #expect(models["SetupFutureUsage"] == nil)
        #expect(models["IntentSetupFutureUsage"] != nil && models["MethodSetupFutureUsage"] != nil)
    }

    @Test func namesEndInTwoWordsOrMoreThatNoModelHolds() {
        func ending(_ names: [String], models: [String] = []) -> String? {
            OpenAPIImportContext.sharedEnding(names, models: Dictionary(uniqueKeysWithValues: models.map { ($0, ImportJSON.null) }))
        }
        #expect(ending(["PaymentIntentEpsSetupFutureUsage", "PaymentMethodOptionsSetupFutureUsage"]) == "SetupFutureUsage")
        #expect(ending(["SetupFutureUsage", "CardSetupFutureUsage"]) == "SetupFutureUsage")
        // One word says too little; a number tells places apart.
        #expect(ending(["CompanySpecsAddress", "BusinessProfileSupportAddress"]) == nil)
        #expect(ending(["FeeInlineOption1", "DisputeInlineOption1"]) == nil)
        // `unit` of `RangeSpecs` and of `RangeQuerySpecs`: not `SpecsUnit`.
        #expect(ending(["RangeSpecsUnit", "RangeQuerySpecsUnit"], models: ["RangeSpecs"]) == nil)
        #expect(ending(["RangeSpecsUnit", "RangeQuerySpecsUnit"]) == "SpecsUnit")
        #expect(OpenAPIImportContext.camelWords("PaymentOptionsEps2Bank").map(String.init) == ["Payment", "Options", "Eps2", "Bank"])
        // An acronym is one word: `UserPII` and `DevicePII` share one.
        #expect(OpenAPIImportContext.camelWords("UserPIIXMLData").map(String.init) == ["User", "PIIXML", "Data"])
        #expect(ending(["FooUserPII", "FooDevicePII"]) == nil)
        #expect(ending(["InputXMLFormat", "OutputXMLFormat"]) == "XMLFormat")
    }

    /// A name that a model outside the copies, or a group, has is not taken: the copies stay apart.
    @Test func aTakenNameLeavesTheCopiesApart() {
        let taken = Self.document.replacingOccurrences(
            of: #""GeoPoint":"#, with: #""SetupFutureUsage": {"type": "object", "properties": {"x": {"type": "integer"}}}, "GeoPoint":"#)
        let imported = T.run(taken, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(Self.property(imported, "Intent", "setup_future_usage") == "IntentSetupFutureUsage?")
        #expect(Self.property(imported, "Method", "setup_future_usage") == "MethodSetupFutureUsage?")
    }
}
