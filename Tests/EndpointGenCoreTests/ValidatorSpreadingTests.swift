import Foundation
import Testing
@testable import EndpointGenCore

/// A large spec's top-level groups are checked and resolved on every core
/// (`SpecChecker.checkGroupsConcurrently`): the diagnostics and the spec must be those of checking
/// them one after another, for every spec and bad spec the repository has.
@Suite struct ValidatorSpreadingTests {
    static let root = ImportDocumentTests.repositoryRoot

    static let files: [URL] = {
        let manager = FileManager.default
        var urls: [URL] = []
        for folder in ["specs", "specs/imported", "Tests/EndpointGenCoreTests/Fixtures/BadSpecs", "Tests/EndpointGenCoreTests/Fixtures/ValidSpecs"] {
            let directory = root.appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".endpoints.json") {
                urls.append(directory.appendingPathComponent(name))
            }
        }
        return urls.sorted { $0.path < $1.path }
    }()

    static func bothWays(_ data: Data, fileName: String) -> (serial: (Spec?, [String]), spread: (Spec?, [String])) {
        let serial = Generator.validate(specData: data, fileName: fileName, spreading: false)
        let spread = Generator.validate(specData: data, fileName: fileName, spreading: true)
        return ((serial.0, serial.1.all.map(\.description)), (spread.0, spread.1.all.map(\.description)))
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files.count >= 80)
    }

    @Test(arguments: files)
    func spreadingChangesNothing(file: URL) throws {
        let data = try Data(contentsOf: file)
        let (serial, spread) = Self.bothWays(data, fileName: file.lastPathComponent)
        #expect(spread.1 == serial.1)
        #expect(spread.0 == serial.0)
    }

    /// Problems in several groups, and the one rule that spans groups (a page model holds its items
    /// under one key), found the same way: each at its place, in file order.
    @Test func problemsInSeveralGroupsAndAcrossThemAreFoundAsInOrder() throws {
        var groups: [String] = []
        for index in 0..<6 {
            let items = index % 2 == 0 ? "data" : "entries"
            groups.append("""
                "g\(index)": { "path": "/g\(index)", "endpoints": {
                  "list": { "method": "GET", "path": "/items", "parameters": { "page": "Int" }, "response": "Page",
                            "pagination": { "style": "page", "parameter": "page", "items": "\(items)" } },
                  "bad": { "method": "FETCH", "path": "/bad/{id}" },
                  "typo": { "method": "GET", "path": "/t", "response": "Strin" } } }
                """)
        }
        let json = """
            { "name": "Wide", "baseURL": "https://wide.example",
              "models": { "Page": { "properties": { "data": "[String]", "entries": "[String]" } } },
              "groups": { \(groups.joined(separator: ",\n")) } }
            """
        let (serial, spread) = Self.bothWays(Data(json.utf8), fileName: "Wide.endpoints.json")
        #expect(serial.0 == nil)
        #expect(spread.1 == serial.1)
        // Three groups give 'entries' after the first gave 'data'; each group has its own two errors.
        #expect(serial.1.filter { $0.contains("one model has one 'items' key") }.count == 3)
        #expect(serial.1.filter { $0.contains("FETCH") }.count == 6)
        #expect(serial.1.filter { $0.contains("Strin") }.count == 6)
    }

    /// A valid spec of many groups resolves to the same spec both ways, and generates the same code.
    @Test func aWideValidSpecResolvesTheSameWay() throws {
        let groups = (0..<12).map { index in
            """
            "g\(index)": { "path": "/g\(index)", "headers": { "X-Group": "\(index)" }, "endpoints": {
              "get": { "method": "GET", "path": "/{id}", "parameters": { "id": "Int", "q": { "type": "String?", "in": "query" } }, "response": "Item" },
              "put": { "method": "PUT", "path": "/{id}", "parameters": { "id": "Int" }, "body": "Item" } },
              "groups": { "inner": { "path": "/inner", "endpoints": { "list": { "method": "GET", "response": "[Item]" } } } } }
            """
        }
        let json = """
            { "name": "Wide", "baseURL": "https://wide.example",
              "models": { "Item": { "properties": { "id": "Int", "name": "String" } } },
              "groups": { \(groups.joined(separator: ",\n")) } }
            """
        let (serial, spread) = Self.bothWays(Data(json.utf8), fileName: "Wide.endpoints.json")
        #expect(serial.1 == [])
        let spec = try #require(spread.0)
        #expect(spec == serial.0)
        #expect(spec.api.groups.map(\.key) == (0..<12).map { "g\($0)" })
    }
}
