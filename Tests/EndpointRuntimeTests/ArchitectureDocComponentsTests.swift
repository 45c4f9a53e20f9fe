import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import EndpointRuntime

// docs/architecture.md's request components block, verbatim between the two marker lines: compiled
// here, and compared with the page's block by `pageShowsThisFilesCode`. Change both together.

// docs/architecture.md: begin
struct Upload: Encodable, Sendable {
    var name: String
    var avatar: Data                             // Data and File properties become file parts
}

func everyComponent(id: Int64, tag: String?, ids: [Int64]?, filter: [String: String], upload: Upload) -> [any RequestComponent] {
    [
        Path("users", id),                       // each value percent-encoded as one segment
        PathSegment(id, ".json"),                // a segment made of several parts: "{id}.json", after the Path
        Path("users", PathParameter("id", id, style: .label)),   // a styled placeholder, in Path or PathSegment
        Path(PathParameter("ids", encoding: ids ?? [], style: .matrix)),   // arrays, models
        Query("tag", tag),                       // nil: omitted
        Query("ids", ids, style: .comma),        // .form (the default) .comma .spaceDelimited .pipeDelimited
        Query("filter", encoding: filter, style: .deepObject),   // models, dictionaries
        Header("If-None-Match", tag),            // nil: omitted; arrays joined ", "
        Header.remove("Accept"),                 // removes a header the defaults set
        AuthOptions([.bearer]),                  // []: none; several: the first the client has credentials for
        JSONBody(upload.name),
        FormBody(upload, contentType: "application/x-www-form-urlencoded"),
        MultipartBody(upload, parts: ["avatar": MultipartPartOptions(contentType: "image/png")]),
        DataBody(upload.avatar),                 // contentType: "application/octet-stream"
        DataBody("text", contentType: "text/plain; charset=utf-8"),
        Timeout(30),
    ]
}
// docs/architecture.md: end

@Suite struct ArchitectureDocComponentsTests {
    static let thisFile = URL(fileURLWithPath: #filePath)
    static let page = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/architecture.md")

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The page's first ```swift block after the line starting "The request components".
    static func pageBlock() throws -> [String] {
        let lines = lines(try String(contentsOf: page, encoding: .utf8))
        let start = try #require(lines.firstIndex { $0.hasPrefix("The request components") })
        let open = try #require(lines[start...].firstIndex(of: "```swift"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        return Array(lines[(open + 1)..<close])
    }

    /// This file's lines between the two marker lines.
    static func testBlock() throws -> [String] {
        let lines = lines(try String(contentsOf: thisFile, encoding: .utf8))
        let begin = try #require(lines.firstIndex(of: "// docs/architecture.md: begin"))
        let end = try #require(lines.firstIndex(of: "// docs/architecture.md: end"))
        return Array(lines[(begin + 1)..<end])
    }

    /// The first line where two blocks differ, or nil.
    static func difference(_ shown: [String], _ compiled: [String]) -> String? {
        for index in 0..<max(shown.count, compiled.count) {
            let a = index < shown.count ? shown[index] : "<end>", b = index < compiled.count ? compiled[index] : "<end>"
            if a != b { return "page: \(a)\ntest: \(b)" }
        }
        return nil
    }

    @Test func pageShowsThisFilesCode() throws {
        let shown = try Self.pageBlock(), compiled = try Self.testBlock()
        #expect(compiled.count > 20)
        if let difference = Self.difference(shown, compiled) {
            Issue.record("docs/architecture.md's components block is not the code this test compiles:\n\(difference)")
        }
        // The comparison can fail: one changed character is found.
        var changed = shown
        changed[changed.count / 2] += " "
        #expect(Self.difference(changed, compiled) != nil)
    }

    @Test func everyComponentAppliesToARequest() throws {
        let upload = Upload(name: "Ada", avatar: Data([1, 2, 3]))
        let components = everyComponent(id: 7, tag: "work", ids: [1, 2], filter: ["state": "open"], upload: upload)
        #expect(components.count == 16)
        for component in components {
            var request = try APIDefaults(baseURL: "https://api.test", headers: ["Accept": "application/json"]).request(.get, [])
            let before = request
            try component.apply(to: &request)
            #expect(request != before || request.authOptions != before.authOptions, "\(component) changed nothing")
        }
        let request = try APIDefaults(baseURL: "https://api.test").request(.get, Array(components[0..<2]) + [components[4], components[5]])
        let url = try #require(try request.urlRequest().url?.absoluteString)
        #expect(url == "https://api.test/users/7/7.json?tag=work&ids=1,2")
    }
}
