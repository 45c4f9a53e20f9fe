// Calls endpoints generated from real OpenAPI documents (Redocly's Museum, Stripe's customers)
// against the local echo server whose base URL is the first argument, and checks the bytes that
// arrive. scripts/test-real-documents.sh builds and runs it; it exits 1 on the first difference.
import EndpointRuntime
import Foundation
import MuseumClient
import StripeClient

/// What the echo server (Tests/TestSupport/echo_server.py) says arrived.
struct Echo: Decodable {
    var method: String
    var path: String
    var headers: [[String]]
    var body: String

    var rawPath: String { String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }
    var rawQuery: String? {
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[1]) : nil
    }
    var bodyText: String { String(decoding: Data(base64Encoded: body) ?? Data(), as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first { $0.first?.lowercased() == name.lowercased() }?.last }
}

var failures = 0
@MainActor func expect(_ actual: String?, _ expected: String?, _ what: String) {
    if actual == expected {
        print("ok: \(what)")
    } else {
        failures += 1
        print("FAILED: \(what)\n  expected: \(expected ?? "nil")\n  actual:   \(actual ?? "nil")")
    }
}

func echo(_ client: HTTPClient, _ requestable: some HTTPRequestable) async throws -> Echo {
    let response = try await client.data(for: requestable)
    return try JSONDecoder().decode(Echo.self, from: response.body)
}

guard CommandLine.arguments.count == 2, let server = URL(string: CommandLine.arguments[1]) else {
    print("usage: real-calls <echo server URL>")
    exit(64)
}
let credentials = AuthMiddleware(credentials: .basic(username: "sk_test_123", password: ""))

// Stripe: a deepObject query and a form body with nested objects, arrays and a map.
let stripe = HTTPClient(baseURL: server, middleware: [credentials])
let created = Stripe.RangeQuerySpecsOrInt(rangeQuerySpecs: .init(gte: 1_700_000_000, lt: 1_800_000_000))
let listed = try await echo(stripe, Stripe.Customers.list(created: created, expand: ["data.default_source"], limit: 3).call)
expect(listed.method, "GET", "Stripe list: method")
expect(listed.rawPath, "/v1/customers", "Stripe list: path")
expect(listed.rawQuery, "created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000&expand%5B%5D=data.default_source&limit=3",
       "Stripe list: created[gte], created[lt], expand[] (deepObject)")
expect(listed.header("Authorization"), "Basic c2tfdGVzdF8xMjM6", "Stripe list: basic auth with the secret key")
let exact = try await echo(stripe, Stripe.Customers.list(created: Stripe.RangeQuerySpecsOrInt(int: 1_700_000_000)).call)
expect(exact.rawQuery, "created=1700000000", "Stripe list: created as one integer")

let customer = Stripe.CustomersCreateRequest(
    address: .init(sourceAddress: .init(city: "Paris", country: "FR", line1: "1 rue de Rivoli")),
    email: "ada@example.com",
    expand: ["invoice_settings.default_payment_method"],
    metadata: .init(stringDictionary: ["order_id": "6735", "source": "web & app"]),
    name: "Ada Lovelace",
    preferredLocales: ["fr", "en"])
let posted = try await echo(stripe, Stripe.Customers.create(body: customer).call)
expect(posted.method, "POST", "Stripe create: method")
expect(posted.header("Content-Type"), "application/x-www-form-urlencoded", "Stripe create: content type")
expect(posted.bodyText,
       "address%5Bcity%5D=Paris&address%5Bcountry%5D=FR&address%5Bline1%5D=1+rue+de+Rivoli&email=ada%40example.com"
       + "&expand%5B%5D=invoice_settings.default_payment_method&metadata%5Border_id%5D=6735&metadata%5Bsource%5D=web+%26+app"
       + "&name=Ada+Lovelace&preferred_locales%5B%5D=fr&preferred_locales%5B%5D=en",
       "Stripe create: nested form body (address[city], expand[], metadata[order_id], preferred_locales[])")

// Museum: query parameters with defaults, a path UUID, a JSON body.
let museum = HTTPClient(baseURL: server, middleware: [credentials])
let hours = try await echo(museum, Museum.Operations.getMuseumHours(startDate: "2026-12-01").call)
expect(hours.rawPath, "/museum-hours", "Museum hours: path")
expect(hours.rawQuery, "startDate=2026-12-01&page=1&limit=10", "Museum hours: query with defaults")
let event = UUID(uuidString: "3BE8A0A5-8F49-4A1C-9C4E-2B1A2C2D2E2F")!
let fetched = try await echo(museum, Museum.Events.getSpecialEvent(eventId: event).call)
expect(fetched.rawPath, "/special-events/3BE8A0A5-8F49-4A1C-9C4E-2B1A2C2D2E2F", "Museum event: path parameter")
let tickets = Museum.BuyMuseumTickets(email: "ada@example.com", ticketDate: "2026-12-24", ticketType: .general)
let bought = try await echo(museum, Museum.Tickets.buyMuseumTickets(body: tickets).call)
expect(bought.header("Content-Type"), "application/json", "Museum tickets: JSON body")
let sent = try JSONSerialization.jsonObject(with: Data(bought.bodyText.utf8)) as? [String: String]
expect(sent.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&") },
       "email=ada@example.com&ticketDate=2026-12-24&ticketType=general", "Museum tickets: JSON body's fields")

print(failures == 0 ? "real-calls: all checks passed" : "real-calls: \(failures) checks failed")
exit(failures == 0 ? 0 : 1)
