// Calls every route of app.py through the Swift that `endpoint-gen` generated from the app's own
// /openapi.json, and checks the answers. Run by scripts/fastapi-roundtrip.sh with the server's URL.
import EndpointRuntime
import Foundation

struct Failure: Error, CustomStringConvertible {
    var description: String
}

func check(_ condition: Bool, _ what: String, line: Int = #line) throws {
    if !condition { throw Failure(description: "driver.swift:\(line): check failed: \(what)") }
    print("ok: \(what)")
}

func run(baseURL: URL) async throws {
    let client = HTTPClient(baseURL: baseURL)

    // POST with a JSON body, 201.
    let dune = try await client.send(Bookshop.Books.createBook(body: Bookshop.NewBook(title: "Dune", author: "Frank Herbert", year: 1965, tags: ["sf"])))
    try check(dune.id == 1 && dune.title == "Dune" && dune.tags == ["sf"], "createBook returns the new book")
    let emma = try await client.send(Bookshop.Books.createBook(body: Bookshop.NewBook(title: "Emma", author: "Jane Austen", year: 1815)))
    try check(emma.id == 2, "a second book gets the next id")

    // GET with path and query parameters.
    let all = try await client.send(Bookshop.Books.listBooks())
    try check(all.map(\.title) == ["Dune", "Emma"], "listBooks with the spec's default limit")
    let austen = try await client.send(Bookshop.Books.listBooks(author: "Jane Austen", limit: 5))
    try check(austen.map(\.id) == [2], "listBooks filters by the author query parameter")
    let untagged = try await client.send(Bookshop.Books.getBook(bookId: 1, includeTags: false))
    try check(untagged.title == "Dune" && untagged.tags == [], "getBook with a path and a Bool query parameter")

    // PUT with a path parameter and a JSON body.
    let replaced = try await client.send(Bookshop.Books.replaceBook(bookId: 2, body: Bookshop.NewBook(title: "Persuasion", author: "Jane Austen", year: 1817)))
    try check(replaced.id == 2 && replaced.title == "Persuasion" && replaced.year == 1817, "replaceBook")

    // A declared error body: HTTPException's 404 arrives as Bookshop.NotFound.
    do {
        _ = try await client.send(Bookshop.Books.getBook(bookId: 99))
        throw Failure(description: "getBook(99) succeeded")
    } catch let error as ErrorResponse<Bookshop.NotFound> {
        try check(error.status == 404 && error.body.detail == "no book 99", "a 404 arrives as ErrorResponse<Bookshop.NotFound>")
    }
    // FastAPI's own validation error, also declared (422).
    do {
        _ = try await client.send(Bookshop.Books.listBooks(limit: 0))
        throw Failure(description: "listBooks(limit: 0) succeeded")
    } catch let error as ErrorResponse<Bookshop.HTTPValidationError> {
        try check(error.status == 422 && error.body.detail?.first?.msg.isEmpty == false, "a 422 arrives as HTTPValidationError")
    }

    // Multipart uploads with File: the server reads the file name, content type and size.
    let cover = File(data: Data(repeating: 0xAB, count: 1234), fileName: "cover art.png", contentType: "image/png")
    let info = try await client.send(Bookshop.Books.uploadCover(bookId: 1, body: .init(file: cover, note: "front")))
    try check(info.fileName == "cover art.png" && info.contentType == "image/png" && info.size == 1234 && info.note == "front",
              "uploadCover: one File part and a text field")
    let unnamed = try await client.send(Bookshop.Books.uploadCover(bookId: 1, body: .init(file: File(data: Data("x".utf8)))))
    try check(unnamed.fileName == "file" && unnamed.contentType == "application/octet-stream" && unnamed.size == 1 && unnamed.note == nil,
              "uploadCover: a File without name or type is sent as the field's name, application/octet-stream")
    let files = [File(data: Data("a,b\n".utf8), fileName: "a.csv", contentType: "text/csv"),
                 File(data: Data("{}".utf8), fileName: "b.json", contentType: "application/json")]
    let infos = try await client.send(Bookshop.Attachments.uploadAttachments(body: .init(files: files)))
    try check(infos.map(\.fileName) == ["a.csv", "b.json"] && infos.map(\.contentType) == ["text/csv", "application/json"]
              && infos.map(\.size) == [4, 2], "uploadAttachments: [File] as repeated parts")

    // A File response with the file name of Content-Disposition.
    let export = try await client.send(Bookshop.Books.exportBook(bookId: 1))
    try check(export.fileName == "book-1.csv" && export.contentType == "application/octet-stream"
              && String(decoding: export.data, as: UTF8.self) == "id,title\n1,Dune\n", "exportBook returns a File with its name")

    // DELETE, 204, then the book is gone.
    try await client.send(Bookshop.Books.deleteBook(bookId: 2))
    let left = try await client.send(Bookshop.Books.listBooks())
    try check(left.map(\.id) == [1], "deleteBook removed the book")
    do {
        try await client.send(Bookshop.Books.deleteBook(bookId: 2))
        throw Failure(description: "deleting twice succeeded")
    } catch let error as ErrorResponse<Bookshop.NotFound> {
        try check(error.status == 404, "deleting twice is a declared 404")
    }
}

@main
enum Driver {
    static func main() async {
        guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]) else {
            print("usage: driver <base URL>")
            exit(2)
        }
        do {
            try await run(baseURL: baseURL)
            print("driver: every route answered as expected")
        } catch {
            print("driver: error: \(error)")
            exit(1)
        }
    }
}
