import EndpointRuntime
import Foundation
import Testing
import Todos

/// TodoAPI is the checked-in Sources/Todos/Generated/TodoAPI.swift, written by the
/// generate-endpoints command plugin; these tests send its typed endpoints to a local stand-in server.
@Suite("Todos against a local server")
struct TodosTests {
    @Test("create posts a JSON body and decodes the 201 response; list filters by a query")
    func createThenList() async throws {
        try await withLocalServer("todo_server.py", basePath: "/api") { base in
            let client = HTTPClient(baseURL: base)
            let created = try await client.send(TodoAPI.create(body: TodoAPI.NewTodo(title: "Ship the example", done: nil)))
            #expect(created == TodoAPI.Todo(id: 2, title: "Ship the example", done: false))

            let open = try await client.send(TodoAPI.list(done: false))
            #expect(open.map(\.title) == ["Ship the example"])

            let all = try await client.send(TodoAPI.list())
            #expect(all.count == 2)
            #expect(all.open == open)
        }
    }

    @Test("todo: a path parameter")
    func todoByID() async throws {
        try await withLocalServer("todo_server.py", basePath: "/api") { base in
            let client = HTTPClient(baseURL: base)
            let first = try await client.send(TodoAPI.todo(id: 1))
            #expect(first == TodoAPI.Todo(id: 1, title: "Write the spec", done: true))
            let error = await #expect(throws: EndpointError.self) {
                try await client.send(TodoAPI.todo(id: 99))
            }
            #expect(error?.status == 404)
        }
    }
}
