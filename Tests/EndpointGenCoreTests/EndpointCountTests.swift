@testable import EndpointGenCore
import Foundation
import Testing

/// The build plugin counts a spec's endpoints from its JSON (`EndpointCount.total(json:)`, the file
/// the plugin links) to decide how many files to declare; the generator counts the resolved spec
/// (`Spec.Group.endpointCount`). They must agree, or the plugin declares files the generator does
/// not write.
@Suite struct EndpointCountTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `*.endpoints.json` under specs/ and Tests/.
    static func specFiles() -> [URL] {
        ["specs", "Tests"].flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(SpecFileNames.specSuffix) }
        }.sorted { $0.path < $1.path }
    }

    @Test func thePluginsCountIsTheGeneratorsOnEverySpec() throws {
        var compared: [String] = []
        for file in Self.specFiles() {
            let data = try Data(contentsOf: file)
            // The types the folder's config says another module declares (specs/: `Coordinates`).
            let config = file.deletingLastPathComponent().appendingPathComponent(SpecFileNames.configName)
            let moduleTypes = (try? Data(contentsOf: config)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["moduleTypes"]
            // A spec that does not validate has no resolved count (the bad-spec fixtures).
            guard case let (spec?, diagnostics) = Generator.validate(specData: data, fileName: file.lastPathComponent,
                                                                     moduleTypes: Set(moduleTypes as? [String] ?? [])),
                  !diagnostics.hasErrors else { continue }
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(EndpointCount.total(json: json) == spec.api.endpointCount, "\(file.path)")
            compared.append(file.path)
        }
        // Every example spec under specs/ validates, so each of them is compared.
        let examples = Self.specFiles().filter { $0.path.hasPrefix(Self.root.appendingPathComponent("specs").path) }
        #expect(examples.count > 10)
        #expect(examples.filter { !compared.contains($0.path) }.map(\.lastPathComponent) == [])
    }

    /// Endpoints at every depth count; groups, and an `endpoints` entry that is not an object, do not.
    @Test func countsEndpointsAtEveryDepthAndNothingElse() throws {
        let text = #"""
        {"endpoints": {"a": {"path": "/a"}, "b": {"path": "/b"}, "broken": 3},
         "groups": {"g": {"endpoints": {"c": {"path": "/c"}},
                          "groups": {"h": {"endpoints": {"d": {}, "e": {}}}, "notAGroup": []}}}}
        """#
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(EndpointCount.total(json: json) == 5)
        #expect(EndpointCount.total(json: [:]) == 0)
    }
}
