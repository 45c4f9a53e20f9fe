@testable import EndpointGenCore
import Foundation
import Testing

/// A spec written as several files: how many, how the declarations are cut and packed, and that
/// the parts hold exactly what the single file holds.
@Suite struct PartsTests {
    typealias F = TranslatorFixtures

    /// `count` endpoints `op1`...: GETs with a path parameter, every fifth deprecated, in groups `big`,
    /// `big2`, ... of at most 250 (a level holds at most 300 cases).
    static func bigGroups(_ count: Int) -> [Group] {
        stride(from: 0, to: count, by: 250).enumerated().map { number, start in
            F.group(number == 0 ? "big" : "big\(number + 1)", number == 0 ? "Big" : "Big\(number + 1)",
                    endpoints: (start..<min(start + 250, count)).map { index in
                        F.endpoint("op\(index + 1)", path: "/items\(index + 1)/{id}",
                                   deprecation: (index + 1) % 5 == 0 ? .deprecated : nil,
                                   parameters: [F.parameter("id", .builtin(.int), in: .path)])
                    })
        }
    }

    /// `count` endpoints in all (at least 2): `status`, the big groups, and a small group with `ping`.
    static func spec(endpoints count: Int, models: Int = 0) -> Spec {
        F.spec(name: "Shop", endpoints: [F.endpoint("status", path: "/status")],
               groups: bigGroups(count - 2) + [F.group("small", "Small", endpoints: [F.endpoint("ping", path: "/ping")])],
               models: (0..<models).map { F.object("Model\($0)", [F.property("id", .builtin(.int))]) })
    }

    /// Each model here has one property: a size of 2 for each endpoint and 6 for each model.
    @Test(arguments: [(2, 0, 1), (500, 0, 1), (501, 0, 2), (400, 33, 1), (400, 34, 2), (1000, 1000, 8), (10_000, 1000, 26)])
    func automaticCountIsOnePer1000OfTheSize(endpoints: Int, models: Int, parts: Int) {
        #expect(Generator.partCount(for: Self.spec(endpoints: endpoints, models: models)) == parts)
    }

    /// Members are what makes a model long: an enum of 600 values is a file of its own.
    @Test func membersOfEveryKindOfModelCount() {
        let values = (0..<600).map { "v\($0)" }
        let spec = F.spec(name: "Shop", endpoints: [F.endpoint("status", path: "/status")], models: [
            F.enumeration("Big", values.map { ($0, $0) }),
            F.object("Pair", [F.property("a", .builtin(.int)), F.property("b", .builtin(.string))]),
        ])
        #expect(Generator.size(of: spec) == 2 + 5 + 600 + 5 + 2)
        #expect(Generator.partCount(for: spec) == 1)
        // A union's alternatives and an integer enum's values count as a string enum's values do.
        let alternatives = [UnionAlternative(type: .builtin(.int), swiftName: "int", location: F.here),
                            UnionAlternative(type: .builtin(.string), swiftName: "string", location: F.here),
                            UnionAlternative(type: .model("Pair", defined: true), swiftName: "pair", location: F.here)]
        let levels = [EnumCase(value: "1", swiftName: "one"), EnumCase(value: "2", swiftName: "two")]
        let kinds: [(Model.Kind, Int)] = [(.oneOf(Union(alternatives: alternatives, discriminator: nil)), 3),
                                          (.anyOf(Array(alternatives.prefix(2))), 2), (.integerEnumeration(levels), 2)]
        for (kind, members) in kinds {
            let model = Model(key: "M", swiftName: "M", description: nil, kind: kind, location: F.here)
            #expect(Generator.size(of: F.spec(name: "Shop", endpoints: [], models: [model])) == 5 + members, "\(kind)")
        }
        let bigger = F.spec(name: "Shop", endpoints: [], models: [F.enumeration("Big", (values + values.map { $0 + "x" }).map { ($0, $0) })])
        #expect(Generator.partCount(for: bigger) == 2)
    }

    /// The build plugin counts a spec's JSON before anything is validated (`PartRule.size(json:)`):
    /// for every spec of the repository, imported ones included, it counts what the generator
    /// counts of the validated spec, so the plugin and `generate` write the same files.
    @Test func thePluginsCountOfTheJSONIsTheGenerators() throws {
        let root = ReferenceTests.root
        let folders = ["specs", "specs/imported"]  // (specs/endpoint-gen.json: the module defines `Coordinates`)
        var checked = 0
        for folder in folders {
            let directory = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".endpoints.json") {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                let (spec, diagnostics) = Generator.validate(specData: data, fileName: name, moduleTypes: ["Coordinates"])
                let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let validated = try #require(spec, "\(name): \(diagnostics)")
                #expect(PartRule.size(json: json) == Generator.size(of: validated), "\(folder)/\(name)")
                checked += 1
            }
        }
        #expect(checked >= 17)
    }

    /// The build plugin must name an OpenAPI document's files before it is imported, so it splits it
    /// by its length (`PartRule.partCount(documentBytes:)`). For every document the tests have, the
    /// shared real ones included, that is at least as many files as the imported spec needs (never
    /// longer files than `generate` writes), and not many more.
    @Test func aDocumentsLengthIsEnoughFilesForItsImport() throws {
        for url in ImportValidatesTests.allDocuments {
            let data = try Data(contentsOf: url)
            let imported = OpenAPIImporter.importDocument(data, fileName: url.lastPathComponent, options: ImportOptions(name: "Doc"))
            let (spec, _) = Generator.validate(imported: imported, specFileName: "Doc.endpoints.json")
            let validated = try #require(spec, "\(url.lastPathComponent)")
            let needed = Generator.partCount(for: validated)
            let estimated = PartRule.partCount(documentBytes: data.count)
            #expect(estimated >= needed && estimated <= 2 * needed + 1,
                    "\(url.lastPathComponent): \(data.count) bytes, \(estimated) files for a spec of size \(Generator.size(of: validated)) (\(needed) files)")
        }
    }

    @Test func packingGivesExactlyTheCountInOrder() {
        let sizes = [50, 10, 10, 10, 10, 10, 40, 5, 5, 30]
        for count in 1...14 {
            let ranges = Translator.pack(sizes: sizes, into: count)
            #expect(ranges.count == count)
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == sizes.count)
            for (first, second) in zip(ranges, ranges.dropFirst()) { #expect(first.upperBound == second.lowerBound) }
            if count <= sizes.count { #expect(ranges.allSatisfy { !$0.isEmpty }) }
        }
        // 180 lines in three parts: each part closes once it reaches its share of what is left (60, then 60).
        #expect(Translator.pack(sizes: sizes, into: 3) == [0..<2, 2..<7, 7..<10])
        #expect(Translator.pack(sizes: [], into: 2) == [0..<0, 0..<0])
    }

    /// Packed by the lines the renderer wrote, no part is left a sliver: packed by an estimate of
    /// them, `specs/Large.endpoints.json`'s third part held 39 of its 3,700 lines.
    @Test func partsAreOfComparableLength() throws {
        let url = ReferenceTests.root.appendingPathComponent("specs/Large.endpoints.json")
        let result = Generator.generate(specData: try Data(contentsOf: url), fileName: "Large.endpoints.json",
                                        options: GeneratorOptions(parts: 3))
        let lines = result.files.map { Renderer.lineCount($0.swift) }
        #expect(lines.count == 3)
        let even = lines.reduce(0, +) / 3
        #expect(lines.allSatisfy { $0 >= even / 2 }, "\(lines)")
    }

    @Test func partsHoldWhatTheSingleFileHolds() throws {
        let spec = Self.spec(endpoints: 450)
        let single = Generator.render(spec, options: GeneratorOptions())
        let files = Generator.renderFiles(spec, options: GeneratorOptions(parts: 4))
        #expect(files.map(\.name) == ["Shop", "Shop+Part2", "Shop+Part3", "Shop+Part4"])
        for (index, file) in files.enumerated() {
            #expect(file.swift.hasPrefix("// Generated by endpoint-gen from Shop.endpoints.json (part \(index + 1) of 4). DO NOT EDIT.\n\n"))
            // A module is imported publicly only where the part's public declarations name its types.
            let names = { (module: String) in file.swift.contains("public import \(module)\n") }
            #expect(names("EndpointRuntime") == (file.swift.contains("Endpoint<") || file.swift.contains("HTTPRequestable")))
            #expect(names("Foundation") == (file.swift.contains(": Date") || file.swift.contains(": URL") || file.swift.contains(": Data")
                                            || file.swift.contains(": UUID")))
        }
        // Every case, arm and typed value of the single file, and no other, across the parts.
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("case ") || $0.hasPrefix("public static func ") || $0.hasPrefix("public static var ")
                    || $0.hasPrefix("Path(") || $0.hasPrefix("@available") || $0.hasPrefix("Shop.defaults.endpoint(") }
                .sorted()
        }
        #expect(lines(files.map(\.swift).joined(separator: "\n")) == lines(single))
        #expect(lines(single).filter { $0.hasPrefix("@available") }.count == 89)
        let all = files.map(\.swift)
        // The API's namespace, its defaults and its version check open part 1; groups are declared in
        // extensions of their parent.
        #expect(all[0].contains("private typealias _RequiresEndpointRuntime = EndpointRuntimeVersion2\n"))
        #expect(all[0].contains("public nonisolated enum Shop {\n    /// What every endpoint shares"))
        #expect(all[0].contains("    public static var status: Endpoint<Void> { defaults.endpoint(Call.status, decoder: .none) }\n}"))
        #expect(all.joined().contains("nonisolated extension Shop {\n    public nonisolated enum Big {"))
        #expect(all.joined().contains("nonisolated extension Shop {\n    public nonisolated enum Big2 {"))
        // Typed values of a large group: its namespace holds the first 200, an extension the rest.
        #expect(all.joined().contains("nonisolated extension Shop.Big {\n    public static func op201(id: Int) -> Endpoint<Void> {"))
        #expect(all.joined().components(separatedBy: "nonisolated extension Shop.Big {\n    public static func").count - 1 == 1)
        // Each level's `Call` enum, whole, in one file: its cases and its one exhaustive switch.
        #expect(all.joined().components(separatedBy: "public nonisolated enum Call: HTTPRequestable, Sendable, Hashable {").count - 1 == 4)
        for file in all {
            #expect(file.components(separatedBy: "public nonisolated enum Call:").count
                == file.components(separatedBy: "public func httpRequest() throws -> HTTPRequest {\n            switch self {").count)
            if file.contains("        case op1(id: Int)\n") { #expect(file.contains("            case let .op250(id): return try Shop.defaults.request(")) }
            if file.contains("        case op251(id: Int)\n") { #expect(file.contains("            case let .op448(id): return try Shop.defaults.request(")) }
        }
        #expect(all.contains { $0.contains("        case op1(id: Int)\n") } && all.contains { $0.contains("        case op251(id: Int)\n") })
        // No helpers: no chunk functions, default arms, or deprecated-case machinery.
        for name in ["_httpRequest", "_DeprecatedEndpoints", "_UnmatchedEndpoint", "Typed", "default:"] {
            #expect(!all.joined().contains(name), "\(name)")
        }
    }

    @Test func onePartIsTheSingleFileAndPartsAreDeterministic() {
        let spec = Self.spec(endpoints: 300, models: 3)
        #expect(Generator.renderFiles(spec, options: GeneratorOptions(parts: 1)).map(\.swift) == [Generator.render(spec, options: GeneratorOptions())])
        #expect(Generator.renderFiles(spec, options: GeneratorOptions()).count == 1)
        let first = Generator.renderFiles(spec, options: GeneratorOptions(parts: 3))
        let second = Generator.renderFiles(spec, options: GeneratorOptions(parts: 3))
        #expect(first == second)
    }

    @Test func morePartsThanPiecesLeavesTheLastOnesEmpty() {
        let spec = F.spec(name: "Tiny", endpoints: [F.endpoint("ping", path: "/ping")])
        let files = Generator.renderFiles(spec, options: GeneratorOptions(parts: 5))
        #expect(files.count == 5)
        #expect(files[4].swift == "// Generated by endpoint-gen from Tiny.endpoints.json (part 5 of 5). DO NOT EDIT.\n\nimport Foundation\nimport EndpointRuntime\n")
    }
}

/// Which imports a file makes public: what its public declarations name, not its private ones.
@Suite struct PublicImportsTests {
    /// `public struct Invoice { <access> var _customer: Indirect<Customer?> }`.
    static func model(propertyAccess: AccessModifier) -> Declaration {
        let property = VariableDecl(access: propertyAccess, isMutable: true, name: "_customer",
                                    type: .generic(.named("Indirect"), [.optional(.named("Customer"))]))
        return Declaration(kind: .structure(StructDecl(access: "public", name: "Invoice", members: [Declaration(kind: .variable(property))])))
    }

    /// Cut into many files, Stripe's part holding only models whose one runtime type was a private
    /// `Indirect` box made `public import EndpointRuntime` a warning ("not used in public declarations").
    @Test(arguments: [("private", false), ("fileprivate", false), ("internal", false), ("public", true), ("package", true)])
    func aPrivatePropertysTypeNeedsNoPublicImport(access: String, isPublic: Bool) {
        #expect(Translator.PublicImports(of: [Self.model(propertyAccess: access)]).runtime == isPublic)
    }

    /// `init(from container: KeyedDecodingContainer<ModelKey>)`, which a union's alternative has, is
    /// internal (no modifier); a protocol's requirements (no modifier either) and an enum's cases
    /// are as visible as their protocol or enum.
    @Test func whatAMemberWithoutAModifierNamesCountsInProtocolsAndCasesOnly() {
        let container = TypeName.generic(.named("KeyedDecodingContainer"), [.named("ModelKey")])
        let initializer = FunctionDecl(access: nil, kind: .initializer(failable: false),
                                       parameters: [FunctionParameter(label: "from", name: "container", type: container)], body: [])
        let alternative = Declaration(kind: .structure(StructDecl(access: "public", name: "Cat", members: [Declaration(kind: .function(initializer))])))
        #expect(!Translator.PublicImports(of: [alternative]).runtime)

        var requirement = initializer
        requirement.isRequirement = true
        let service = Declaration(kind: .protocol(ProtocolDecl(access: "public", name: "Service", members: [Declaration(kind: .function(requirement))])))
        #expect(Translator.PublicImports(of: [service]).runtime)

        let payload = EnumCaseDecl(name: "file", associatedValues: [FunctionParameter(label: nil, type: .named("File"))])
        let union = Declaration(kind: .enumeration(EnumDecl(access: "public", name: "Upload", members: [Declaration(kind: .enumCase(payload))])))
        #expect(Translator.PublicImports(of: [union]).runtime)
    }
}
