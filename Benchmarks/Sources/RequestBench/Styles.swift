// Parameter styles: a deepObject query and a Stripe-like nested form body, built through the
// runtime's styles against the same URLRequest written by hand.
import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct SessionFilter: Encodable, Sendable {
    struct Window: Encodable, Sendable { var gte: Int; var lt: Int }
    var created = Window(gte: 1_700_000_000, lt: 1_700_086_400)
    var status = "open"
    var customer = "cus_123"
}

struct CheckoutSession: Encodable, Sendable {
    struct Address: Encodable, Sendable { var city = "Paris"; var line1 = "1 rue de Rivoli"; var postal_code = "75001" }
    struct LineItem: Encodable, Sendable { var price: String; var quantity: Int }
    var metadata = ["order_id": "6735", "channel": "web shop"]
    var expand = ["customer", "line_items"]
    var address = Address()
    var line_items = [LineItem(price: "price_1", quantity: 2), LineItem(price: "price_2", quantity: 1)]
    var mode = "payment"
    var success_url = "https://example.com/done?session={CHECKOUT_SESSION_ID}"
}

let sessionFilter = SessionFilter()
let checkoutSession = CheckoutSession()
let checkoutStyles: [String: ParameterStyle] = [
    "metadata": .deepObject, "expand": .deepObject, "address": .deepObject, "line_items": .deepObject,
]

func styledThroughRuntime() throws -> URLRequest {
    try HTTPRequest(.post, baseURL: base) {
        Path("checkout", "sessions")
        Query("filter", encoding: sessionFilter, style: .deepObject)
        Query("expand", ["data.customer"], style: .deepObject)
        FormBody(checkoutSession, styles: checkoutStyles)
    }.urlRequest()
}

private let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
private func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
private func formEncoded(_ text: String) -> String { encoded(text).replacingOccurrences(of: "%20", with: "+") }

/// What a careful developer writes by hand for the same request.
func styledByHand() throws -> URLRequest {
    guard var components = URLComponents(string: base) else { throw BenchError.badURL }
    components.percentEncodedPath += "/checkout/sessions"
    let filter = sessionFilter
    components.percentEncodedQueryItems = [
        URLQueryItem(name: encoded("filter[created][gte]"), value: String(filter.created.gte)),
        URLQueryItem(name: encoded("filter[created][lt]"), value: String(filter.created.lt)),
        URLQueryItem(name: encoded("filter[status]"), value: encoded(filter.status)),
        URLQueryItem(name: encoded("filter[customer]"), value: encoded(filter.customer)),
        URLQueryItem(name: encoded("expand[]"), value: encoded("data.customer")),
    ]
    guard let url = components.url else { throw BenchError.badURL }
    let session = checkoutSession
    var fields: [String] = []
    for (key, value) in session.metadata.sorted(by: { $0.key < $1.key }) {
        fields.append(formEncoded("metadata[\(key)]") + "=" + formEncoded(value))
    }
    for value in session.expand { fields.append(formEncoded("expand[]") + "=" + formEncoded(value)) }
    fields.append(formEncoded("address[city]") + "=" + formEncoded(session.address.city))
    fields.append(formEncoded("address[line1]") + "=" + formEncoded(session.address.line1))
    fields.append(formEncoded("address[postal_code]") + "=" + formEncoded(session.address.postal_code))
    for (index, item) in session.line_items.enumerated() {
        fields.append(formEncoded("line_items[\(index)][price]") + "=" + formEncoded(item.price))
        fields.append(formEncoded("line_items[\(index)][quantity]") + "=" + String(item.quantity))
    }
    fields.append("mode=" + formEncoded(session.mode))
    fields.append("success_url=" + formEncoded(session.success_url))
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(fields.joined(separator: "&").utf8)
    return request
}

/// Checks both sides build the same bytes, then reports the ratio (a report, never a failure).
func benchmarkStyles(_ plan: Plan) throws {
    struct Mismatch: Error, CustomStringConvertible { var description: String }
    let generated = try styledThroughRuntime(), hand = try styledByHand()
    guard generated.url == hand.url, generated.httpBody == hand.httpBody,
          generated.value(forHTTPHeaderField: "Content-Type") == hand.value(forHTTPHeaderField: "Content-Type") else {
        throw Mismatch(description: "styles: the runtime built \(generated.url?.absoluteString ?? "?") "
            + "\(String(decoding: generated.httpBody ?? Data(), as: UTF8.self)), by hand \(hand.url?.absoluteString ?? "?") "
            + "\(String(decoding: hand.httpBody ?? Data(), as: UTF8.self))")
    }
    report("POST /checkout/sessions: deepObject query + nested form body (styles vs by hand)",
           try compare(plan, generated: { weight(try styledThroughRuntime()) }, baseline: { weight(try styledByHand()) }),
           baselineName: "by hand", target: 1.5)
}
