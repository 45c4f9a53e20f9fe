import EndpointGenCore
import Foundation
import Testing

/// The version 2 model keys as the validator resolves them (their errors are in the bad-spec
/// corpus: BadUnions, BadParts).
@Suite struct ValidatorModelKindsTests {
    static func validate(_ models: String) -> (Spec?, Diagnostics) {
        Generator.validate(specData: Data(#"{ "baseURL": "https://a.example", "models": { \#(models) } }"#.utf8), fileName: "M.endpoints.json")
    }

    @Test func discriminatorTagsComeFromTheMappingElseTheModelName() throws {
        let (spec, diagnostics) = Self.validate(#"""
            "Pet": { "oneOf": ["Cat", "Dog", "[Cat]"], "discriminator": { "property": "kind", "mapping": { "cat": "Cat", "kitty": "Cat" } } },
            "Cat": { "properties": { "kind": "String" } },
            "Dog": { "properties": { "kind": "Kind?" } },
            "Kind": { "enum": ["Dog"] }
            """#)
        #expect(diagnostics.all.map(\.message) == ["with a discriminator, every alternative must be an object model; '[Cat]' is not"])
        #expect(spec == nil)
        let (valid, none) = Self.validate(#"""
            "Pet": { "oneOf": ["Cat", "Dog"], "discriminator": { "property": "kind", "mapping": { "cat": "Cat", "kitty": "Cat" } } },
            "Cat": { "properties": { "kind": "String" } },
            "Dog": { "properties": { "kind": "Kind?" } },
            "Kind": { "enum": ["Dog"] }
            """#)
        #expect(none.all.isEmpty)
        guard case .oneOf(let union)? = valid?.models.first?.kind else { Issue.record("not a oneOf"); return }
        #expect(union.discriminator == "kind")
        #expect(union.alternatives.map(\.tags) == [["cat", "kitty"], ["Dog"]])
        #expect(union.alternatives.map(\.swiftName) == ["cat", "dog"])
    }

    @Test func intEnumsAndTheirDefaults() throws {
        let (spec, diagnostics) = Self.validate(#"""
            "Priority": { "type": "Int", "enum": [1, -1, 3] },
            "Task": { "properties": { "p": { "type": "Priority", "default": -1 }, "q": { "type": "[Priority]", "default": [1, 3] } } }
            """#)
        #expect(diagnostics.all.isEmpty)
        guard case .integerEnumeration(let cases)? = spec?.models.first?.kind, case .object(let properties)? = spec?.models.last?.kind else {
            Issue.record("unexpected kinds")
            return
        }
        #expect(cases.map(\.swiftName) == ["_1", "minus1", "_3"])
        #expect(properties.map(\.defaultValue) == [.enumCase("-1"), .array([.enumCase("1"), .enumCase("3")])])
    }

    @Test func partHeadersAreFixedValuesAndATypeNameThereIsAWarning() throws {
        let (spec, diagnostics) = Self.validate(#"""
            "Upload": { "properties": { "file": { "type": "File", "contentType": "image/png", "headers": { "X-Sum": "abc", "X-Size": "Int?" } } } }
            """#)
        #expect(diagnostics.all.map(\.description) == [
            "M.endpoints.json:1:168: warning: the value of part header 'X-Size' is 'Int?', which is sent as written: a part header has a fixed value, not a type",
        ])
        guard case .object(let properties)? = spec?.models.first?.kind else { Issue.record("not an object"); return }
        #expect(properties.first?.partContentType == "image/png")
        #expect(properties.first?.partHeaders == [Header(name: "X-Sum", value: "abc"), Header(name: "X-Size", value: "Int?")])
    }
}
