import Foundation
import Testing
@testable import EndpointGenCore

/// Schemas real documents write in roundabout ways that still have one faithful type: nullable enums
/// spelt as unions (GitHub), one-value booleans (Stripe's `deleted: true`), `allOf` of annotations
/// only (Box), and defaults written as another JSON type that converts exactly (Xero, Vault).
@Suite struct ImportConstantsAndDefaultsTests {
    typealias T = ImportTestSupport

    static func properties(_ imported: ImportedSnippet, _ model: String) -> [String: Any] {
        (imported.models[model] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
    }

    @Test(arguments: ImportFormatVersion.allCases)
    func aNullableEnumWrittenAsAUnionIsAnOptionalEnum(_ version: ImportFormatVersion) {
        let json = T.document(components: """
            {"schemas": {
              "Repo": {"type": "object", "required": ["visibility", "state", "merge", "sort", "kind"], "properties": {
                "visibility": {"oneOf": [{"type": "string", "enum": ["public", "private"]}, {"enum": [null]}]},
                "state": {"anyOf": [{"enum": ["open", "closed"]}, {"type": "string", "nullable": true, "enum": [null]}]},
                "merge": {"oneOf": [{"$ref": "#/components/schemas/MergeMethod"}, {"const": null}]},
                "sort": {"type": ["string", "null"], "enum": ["asc", "desc", null]},
                "kind": {"oneOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]}}},
              "MergeMethod": {"type": "string", "enum": ["merge", "squash"]}}}
            """, version: "3.1.0")
        let imported = T.run(json, version: version)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let properties = Self.properties(imported, "Repo")
        #expect(properties["visibility"] as? String == "RepoVisibility?")
        #expect(properties["state"] as? String == "RepoState?")
        #expect(properties["merge"] as? String == "MergeMethod?")
        #expect(properties["sort"] as? String == "RepoSort?")
        #expect(properties["kind"] as? String == "RepoKind?")
        #expect((imported.models["RepoVisibility"] as? [String: Any])?["enum"] as? [String] == ["public", "private"])
        #expect((imported.models["RepoState"] as? [String: Any])?["enum"] as? [String] == ["open", "closed"])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        // Not a union model in version 2.
        #expect(!imported.text.contains("oneOf") && !imported.text.contains("anyOf"))
    }

    @Test(arguments: ImportFormatVersion.allCases)
    func aOneValueBooleanIsABoolThatSaysItsValue(_ version: ImportFormatVersion) throws {
        let json = T.document(components: """
            {"schemas": {
              "DeletedCustomer": {"type": "object", "required": ["deleted", "id"], "properties": {
                "id": {"type": "string"},
                "deleted": {"type": "boolean", "enum": [true], "description": "Whether the customer was deleted."},
                "gone": {"type": "boolean", "enum": [true], "description": "Always true for a deleted object"},
                "archived": {"type": "boolean", "enum": [false]},
                "either": {"type": "boolean", "enum": [true, false]},
                "fixed": {"type": "boolean", "const": true}}}}}
            """, version: "3.1.0")
        let imported = T.run(json, version: version)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let properties = Self.properties(imported, "DeletedCustomer")
        let deleted = try #require(properties["deleted"] as? [String: Any])
        #expect(deleted["type"] as? String == "Bool")
        #expect(deleted["description"] as? String == "Whether the customer was deleted.\n\nAlways `true`.")
        // A description that says it already is not repeated (Stripe's).
        #expect((properties["gone"] as? [String: Any])?["description"] as? String == "Always true for a deleted object")
        #expect((properties["archived"] as? [String: Any])?["description"] as? String == "Always `false`.")
        #expect((properties["archived"] as? [String: Any])?["type"] as? String == "Bool?")
        #expect(properties["either"] as? String == "Bool?")
        #expect((properties["fixed"] as? [String: Any])?["description"] as? String == "Always `true`.")

        // The generated property carries the note in its doc comment and is a plain Bool.
        let generated = Generator.generate(specData: Data(imported.text.utf8), fileName: "Test.endpoints.json",
                                           options: GeneratorOptions(accessLevel: .public))
        let swift = try #require(generated.swift)
        #expect(swift.contains("/// Always `true`."))
        #expect(swift.contains("public var deleted: Bool"))
        // A boolean enum with a value that is not a boolean still reports what it drops.
        let mixed = T.run(T.document(components: """
            {"schemas": {"M": {"type": "object", "properties": {"x": {"enum": [true, "yes"]}}}}}
            """), version: version)
        #expect(mixed.count("schema-detail-dropped") == 1)
    }

    @Test(arguments: ImportFormatVersion.allCases)
    func anAllOfOfAnnotationsOnlyIsWhatTheSchemaSaysWithoutAWarning(_ version: ImportFormatVersion) {
        let json = T.document(components: """
            {"schemas": {
              "Source": {"type": "object", "additionalProperties": {"allOf": [{}, {"description": "Any value."}]}},
              "Holder": {"type": "object", "properties": {
                "source": {"$ref": "#/components/schemas/Source"},
                "anything": {"allOf": [{}, {"example": "x"}, {"description": "Any value."}]},
                "label": {"type": "string", "allOf": [{"description": "A label."}]},
                "agent": {"allOf": [{"$ref": "#/components/schemas/Agent"}, {"description": "The agent to use."}]}}},
              "Agent": {"type": "object", "oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
              "A": {"type": "object", "properties": {"a": {"type": "string"}}},
              "B": {"type": "object", "properties": {"b": {"type": "string"}}}}}
            """)
        let imported = T.run(json, version: version)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let properties = Self.properties(imported, "Holder")
        #expect(properties["source"] as? String == "[String: JSON]?")
        // The annotating member's description is the property's.
        #expect((properties["anything"] as? [String: Any])?["type"] as? String == "JSON?")
        #expect((properties["anything"] as? [String: Any])?["description"] as? String == "Any value.")
        #expect((properties["label"] as? [String: Any])?["type"] as? String == "String?")
        #expect((properties["label"] as? [String: Any])?["description"] as? String == "A label.")
        if version == .two {
            // Box's `allOf: [{$ref: union}, {description}]`: the union.
            #expect((properties["agent"] as? [String: Any])?["type"] as? String == "Agent?")
            #expect((properties["agent"] as? [String: Any])?["description"] as? String == "The agent to use.")
            #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        } else {
            // Version 1 has no unions: JSON, reported once at the union.
            #expect((properties["agent"] as? [String: Any])?["type"] as? String == "JSON?")
            #expect(imported.warnings.count == 1 && imported.warnings[0].contains("#/components/schemas/Agent/oneOf"), "\(imported.warnings)")
        }
    }

    @Test(arguments: ImportFormatVersion.allCases)
    func defaultsOfAnotherJSONTypeAreTakenWhenTheyConvertExactly(_ version: ImportFormatVersion) throws {
        let json = T.document(paths: """
            {"/invoices": {"get": {"operationId": "listInvoices", "parameters": [
               {"name": "summarizeErrors", "in": "query", "schema": {"type": "boolean", "default": "false"}},
               {"name": "page", "in": "query", "schema": {"type": "integer", "default": "10"}},
               {"name": "ttl", "in": "query", "schema": {"type": "string", "default": 300}},
               {"name": "ratio", "in": "query", "schema": {"type": "number", "default": "0.5"}},
               {"name": "padded", "in": "query", "schema": {"type": "integer", "default": "010"}},
               {"name": "spaced", "in": "query", "schema": {"type": "integer", "default": " 10"}},
               {"name": "fraction", "in": "query", "schema": {"type": "integer", "default": "1.5"}},
               {"name": "loud", "in": "query", "schema": {"type": "boolean", "default": "TRUE"}},
               {"name": "flag", "in": "query", "schema": {"type": "string", "default": true}}],
             "responses": {"204": {"description": "none"}}}}}
            """, components: """
            {"schemas": {"Mount": {"type": "object", "properties": {
               "lease": {"type": "string", "default": 300},
               "rate": {"type": "string", "default": 1.25},
               "level": {"type": "string", "enum": ["1", "2"], "default": 2},
               "retries": {"type": "integer", "default": "3"},
               "enabled": {"type": "boolean", "default": "true"}}}}}
            """)
        let imported = T.run(json, version: version)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let parameters = try #require(imported.endpoint("listInvoices", in: "invoices")?["parameters"] as? [String: Any])
        func defaultOf(_ name: String) -> Any? { (parameters[name] as? [String: Any])?["default"] }
        #expect(defaultOf("summarizeErrors") as? Bool == false)
        #expect((defaultOf("page") as? NSNumber)?.intValue == 10)
        #expect(defaultOf("ttl") as? String == "300")
        #expect((defaultOf("ratio") as? NSNumber)?.doubleValue == 0.5)
        // Not exact: dropped, with a warning each, as before.
        for name in ["padded", "spaced", "fraction", "loud", "flag"] {
            #expect(defaultOf(name) == nil, "\(name)")
        }
        #expect(imported.count("default-dropped") == 5, "\(imported.warnings)")

        let mount = Self.properties(imported, "Mount")
        func modelDefault(_ name: String) -> Any? { (mount[name] as? [String: Any])?["default"] }
        #expect(modelDefault("lease") as? String == "300")
        #expect(modelDefault("rate") as? String == "1.25")
        #expect(modelDefault("level") as? String == "2")
        #expect((modelDefault("retries") as? NSNumber)?.intValue == 3)
        #expect(modelDefault("enabled") as? Bool == true)
        // The text of the spec writes each in the type's own JSON form.
        #expect(imported.text.contains(#""default": false"#) && imported.text.contains(#""default": "300""#)
                && imported.text.contains(#""default": 10"#))
    }

    /// An integer default the type cannot hold (DigitalOcean writes 9223372036854776000, Int64's
    /// largest value as JavaScript rounds it) is dropped with a warning, as the checker would refuse
    /// it: the import still generates. One that fits, up to the type's limit, is kept.
    @Test(arguments: ImportFormatVersion.allCases)
    func anIntegerDefaultPastItsTypeIsDropped(_ version: ImportFormatVersion) throws {
        let json = T.document(components: """
            {"schemas": {"Topic": {"type": "object", "properties": {
               "flushMessages": {"type": "integer", "default": 9223372036854776000},
               "largest": {"type": "integer", "format": "int64", "default": 9223372036854775807},
               "small": {"type": "integer", "format": "int32", "default": 2147483648},
               "fits": {"type": "integer", "format": "int32", "default": -2147483648}}}}}
            """)
        let imported = T.run(json, version: version)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let topic = Self.properties(imported, "Topic")
        func modelDefault(_ name: String) -> Any? { (topic[name] as? [String: Any])?["default"] }
        #expect(modelDefault("flushMessages") == nil)
        #expect(modelDefault("small") == nil)
        #expect(imported.text.contains(#""default": 9223372036854775807"#), "\(imported.text)")
        #expect(imported.text.contains(#""default": -2147483648"#), "\(imported.text)")
        #expect(imported.warnings.filter { $0.contains("default 9223372036854776000 does not fit the type 'Int'") }.count == 1, "\(imported.warnings)")
        #expect(imported.warnings.filter { $0.contains("default 2147483648 does not fit the type 'Int32'") }.count == 1, "\(imported.warnings)")
    }

    /// OpenAI's `tool_choice`: an inline union whose first alternative is a string enum defined
    /// further on in the document, with a default that is one of its values. The default waits
    /// until every component is defined, then is kept; before, it was dropped with a warning.
    @Test func aUnionDefaultWaitsForItsAlternativesDefinedFurtherOn() throws {
        let json = T.document(components: """
            {"schemas": {
               "Params": {"type": "object", "properties": {
                 "tool_choice": {"oneOf": [{"$ref": "#/components/schemas/ToolChoiceOptions"},
                                           {"$ref": "#/components/schemas/ToolChoiceFunction"}], "default": "auto"}}},
               "ToolChoiceOptions": {"type": "string", "enum": ["none", "auto", "required"]},
               "ToolChoiceFunction": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}
            """)
        let imported = T.run(json, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let toolChoice = Self.properties(imported, "Params")["tool_choice"] as? [String: Any]
        #expect(toolChoice?["default"] as? String == "auto", "\(String(describing: toolChoice))")
    }

    /// The same through an array: `[ToolChoiceOptions]` as an alternative, the enum defined later.
    @Test func aUnionDefaultWaitsForAnArrayOfAnAlternativeDefinedFurtherOn() throws {
        let json = T.document(components: """
            {"schemas": {
               "Params": {"type": "object", "properties": {
                 "choices": {"oneOf": [{"type": "array", "items": {"$ref": "#/components/schemas/ToolChoiceOptions"}},
                                       {"type": "integer"}], "default": ["auto"]}}},
               "ToolChoiceOptions": {"type": "string", "enum": ["none", "auto"]}}}
            """)
        let imported = T.run(json, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let choices = Self.properties(imported, "Params")["choices"] as? [String: Any]
        #expect(choices?["default"] as? [String] == ["auto"], "\(String(describing: choices))")
    }

    /// The format takes a UUID default on a `UUID` and a URL on a `URL`; the importer dropped both
    /// (PagerDuty's SCIM `schemas` default to `["urn:ietf:params:scim:schemas:core:2.0:User"]`). Text
    /// that is not one (SendGrid's `"all"` on a UUID) is still dropped, with a warning.
    @Test(arguments: ImportFormatVersion.allCases)
    func uuidAndURLDefaultsAreKept(_ version: ImportFormatVersion) throws {
        let json = T.document(components: """
            {"schemas": {"User": {"type": "object", "properties": {
               "id": {"type": "string", "format": "uuid", "default": "3fa85f64-5717-4562-b3fc-2c963f66afa6"},
               "schemas": {"type": "array", "items": {"type": "string", "format": "uri"}, "default": ["urn:ietf:params:scim:schemas:core:2.0:User"]},
               "home": {"type": "string", "format": "uri", "default": "https://example.com/home"},
               "agent": {"type": "string", "format": "uri", "default": "https://{your-agent-url}"},
               "variation": {"type": "string", "format": "uuid", "default": "all"}}}}}
            """)
        let imported = T.run(json, version: version)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let user = Self.properties(imported, "User")
        func modelDefault(_ name: String) -> Any? { (user[name] as? [String: Any])?["default"] }
        #expect(modelDefault("id") as? String == "3fa85f64-5717-4562-b3fc-2c963f66afa6")
        #expect(modelDefault("schemas") as? [String] == ["urn:ietf:params:scim:schemas:core:2.0:User"])
        #expect(modelDefault("home") as? String == "https://example.com/home")
        #expect(modelDefault("variation") == nil)
        // Text that is a URL only once percent-encoded (some platforms refuse it) is not one.
        #expect(modelDefault("agent") == nil)
        #expect(imported.warnings.count == 2, "\(imported.warnings)")
        #expect(imported.warnings.contains { $0.contains(#"default "all" does not fit the type 'UUID'"#) }, "\(imported.warnings)")
        #expect(imported.warnings.contains { $0.contains(#"default "https://{your-agent-url}" does not fit the type 'URL'"#) }, "\(imported.warnings)")
    }
}
