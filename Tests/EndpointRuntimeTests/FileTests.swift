import Foundation
import Testing
@testable import EndpointRuntime

/// The runtime's `File`: a part of a multipart body, a raw body, a decoded response, and never JSON.
@Suite struct FileTests {
    private func decoded(_ headers: HTTPHeaders, body: String = "bytes") throws -> File {
        let request = try HTTPRequest(.get, baseURL: "https://h.test") {}
        return try ResponseDecoder<File>.file.decode(HTTPResponse(status: 200, headers: headers, body: Data(body.utf8), request: request))
    }

    @Test(arguments: [
        ("attachment; filename=\"report.pdf\"", "report.pdf"),
        ("attachment; filename=plain.txt", "plain.txt"),
        ("inline; FILENAME = \"spaced name.txt\" ; size=3", "spaced name.txt"),
        ("attachment; filename=\"a \\\"quoted\\\" name\"", "a \"quoted\" name"),
        // Quoted, the name is what is between the quotes, spaces at its ends included.
        ("attachment; filename=\" padded.txt \"", " padded.txt "),
        ("attachment; filename*=UTF-8''%E2%82%AC%20rates.csv", "€ rates.csv"),
        ("attachment; filename*=utf-8''caf%C3%A9.txt; filename=\"cafe.txt\"", "café.txt"),
        // An extended value in another charset, or broken, falls back to the plain one.
        ("attachment; filename*=ISO-8859-1''caf%E9.txt; filename=\"cafe.txt\"", "cafe.txt"),
        ("attachment; filename=\"x.bin\"; filename*=UTF-8''%ZZ", "x.bin"),
    ] as [(String, String)])
    func fileNameFromContentDisposition(header: String, name: String) throws {
        let file = try decoded(["Content-Disposition": header, "Content-Type": "text/csv"])
        #expect(file.fileName == name)
        #expect(file.contentType == "text/csv")
        #expect(file.data == Data("bytes".utf8))
    }

    @Test(arguments: ["attachment", "inline; size=3", "attachment; filename=\"\""])
    func noFileName(header: String) throws {
        #expect(try decoded(["Content-Disposition": header]).fileName == nil)
        #expect(try decoded([:]).fileName == nil)
        #expect(try decoded([:]).contentType == nil)
    }

    @Test func rawBodyContentType() throws {
        func contentType(_ body: DataBody) throws -> String? {
            try HTTPRequest(.put, baseURL: "https://h.test") { body }.headers["Content-Type"]
        }
        #expect(try contentType(DataBody(File(data: Data(), contentType: "image/png"), contentType: "application/pdf")) == "image/png")
        #expect(try contentType(DataBody(File(data: Data()), contentType: "application/pdf")) == "application/pdf")
        #expect(try contentType(DataBody(File(data: Data()))) == "application/octet-stream")
    }

    @Test func multipartPartsAndNoJSONOrFormEncoding() throws {
        struct Upload: Encodable, Sendable { var doc: File; var more: [File] }
        let upload = Upload(doc: File(data: Data([1]), fileName: "d.bin", contentType: "x/y"), more: [File(data: Data([2]))])
        let files = try FieldsEncoder(dataAsFiles: true).fields(upload).compactMap { field -> String? in
            guard case let .file(file) = field.value else { return nil }
            return "\(field.name):\(file.fileName ?? "-"):\(file.contentType):\(Array(file.data))"
        }
        #expect(files == ["doc:d.bin:x/y:[1]", "more:more:application/octet-stream:[2]"])
        #expect(throws: EncodingError.self) { try FieldsEncoder(dataAsFiles: false).fields(upload) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(upload.doc) }
        #expect(throws: EndpointError.self) { try HTTPRequest(.post, baseURL: "https://h.test") { FormBody(upload) } }
        #expect(throws: EndpointError.self) { try HTTPRequest(.post, baseURL: "https://h.test") { JSONBody(upload) } }
    }
}
