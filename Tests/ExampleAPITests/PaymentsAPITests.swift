import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// specs/PaymentsAPI.endpoints.json: parameter styles and nested form bodies as the generated code
/// sends them. The expected texts are OpenAPI's style examples (color = blue, [blue, black, brown],
/// {R: 100, G: 200, B: 150}) and Stripe's documented encodings (`created[gte]=…`, `expand[]=…`,
/// `metadata[order_id]=…`, `items[0][price]=…`).
@Suite struct PaymentsAPITests {
    static let base = "https://api.payments.example/v1"
    static let color = PaymentsAPI.Color(r: 100, g: 200, b: 150)
    static let tags = ["blue", "black", "brown"]

    /// The endpoints these tests check; `everyEndpointIsChecked` compares it with the spec.
    static let checked = ["customers.list", "customers.create", "customers.get", "styles.label", "styles.matrix", "styles.simple", "styles.single", "styles.query", "styles.cookie"]

    @Test func everyEndpointIsChecked() throws {
        #expect(try endpointKeys(ofSpec: "PaymentsAPI") == Self.checked.sorted())
    }

    /// The request's query exactly as it goes on the wire.
    func rawQuery(_ endpoint: some HTTPRequestable) throws -> String? {
        try endpoint.httpRequest().urlComponents.percentEncodedQuery
    }

    func rawPath(_ endpoint: some HTTPRequestable) throws -> String {
        try endpoint.httpRequest().urlComponents.percentEncodedPath
    }

    @Test func deepObjectQueries() throws {
        let range = PaymentsAPI.CreatedFilter(rangeQuery: PaymentsAPI.RangeQuery(gte: 1_700_000_000, lt: 1_800_000_000))
        let list = PaymentsAPI.Customers.list(created: range, expand: ["customer", "invoice.subscription"], email: "ada+1@example.com", limit: 3)
        try check(list, .init(method: .get,
                              url: "\(Self.base)/customers?created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000&expand%5B%5D=customer"
                                  + "&expand%5B%5D=invoice.subscription&email=ada%2B1@example.com&limit=3",
                              auth: .bearer),
                  wraps: PaymentsAPI.Call.customers(.list(created: range, expand: ["customer", "invoice.subscription"],
                                                          email: "ada+1@example.com", limit: 3)))
        // Brackets are percent-encoded on the wire (RFC 3986 keeps them for hosts); a `+` in a value too.
        #expect(try rawQuery(list) == "created%5Bgte%5D=1700000000&created%5Blt%5D=1800000000&expand%5B%5D=customer"
                    + "&expand%5B%5D=invoice.subscription&email=ada%2B1%40example.com&limit=3")
        // The union holding its integer alternative is one plain item, as Stripe reads `created=…`.
        #expect(try rawQuery(PaymentsAPI.Customers.list(created: PaymentsAPI.CreatedFilter(int: 1_700_000_000))) == "created=1700000000")
        // Left out when nil, empty lists add nothing.
        #expect(try rawQuery(PaymentsAPI.Customers.list()) == nil)
        #expect(try rawQuery(PaymentsAPI.Customers.get(customer: "cus_1", expand: ["default_source"])) == "expand%5B%5D=default_source")
    }

    @Test func nestedFormBody() throws {
        let customer = PaymentsAPI.NewCustomer(
            email: "ada@example.com", name: "Ada Lovelace",
            address: PaymentsAPI.Address(city: "Paris", country: "FR"),
            metadata: ["order_id": "6735", "note": "a&b=c"],
            expand: ["customer"],
            items: [PaymentsAPI.LineItem(price: "p_1", quantity: 2), PaymentsAPI.LineItem(price: "p_2")],
            preferredLocales: ["fr", "en"])
        try check(PaymentsAPI.Customers.create(body: customer),
                  .init(method: .post, url: "\(Self.base)/customers", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                        auth: .bearer,
                        body: .text("email=ada%40example.com&name=Ada+Lovelace"
                            + "&address%5Bcity%5D=Paris&address%5Bcountry%5D=FR"
                            + "&metadata%5Bnote%5D=a%26b%3Dc&metadata%5Border_id%5D=6735"
                            + "&expand%5B%5D=customer"
                            + "&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2&items%5B1%5D%5Bprice%5D=p_2"
                            + "&preferred_locales=fr,en")),
                  wraps: PaymentsAPI.Call.customers(.create(body: customer)))
    }

    @Test func pathStyles() throws {
        // label: explode writes `.R=100.G=200.B=150`; without it a list is `.blue,black,brown`.
        #expect(try rawPath(PaymentsAPI.Styles.label(color: Self.color, tags: Self.tags))
                    == "/v1/styles/label/.R=100.G=200.B=150/.blue,black,brown")
        // matrix: an object without explode `;color=R,100,G,200,B,150`, a list with explode one `;tags=` each.
        #expect(try rawPath(PaymentsAPI.Styles.matrix(color: Self.color, tags: Self.tags))
                    == "/v1/styles/matrix/;color=R,100,G,200,B,150;tags=blue;tags=black;tags=brown")
        // simple: explode writes `R=100,G=200,B=150`; a union is the alternative it holds.
        #expect(try rawPath(PaymentsAPI.Styles.simple(color: Self.color, workflow: .int(42)))
                    == "/v1/styles/simple/R=100,G=200,B=150/42")
        #expect(try rawPath(PaymentsAPI.Styles.simple(color: Self.color, workflow: .string("ci.yml")))
                    == "/v1/styles/simple/R=100,G=200,B=150/ci.yml")
        // A value never changes the path's structure: its `/`, `;`, `,` and `=` are percent-encoded.
        #expect(try rawPath(PaymentsAPI.Styles.label(color: Self.color, tags: ["a/b", "c,d", "e;f=g"]))
                    == "/v1/styles/label/.R=100.G=200.B=150/.a%2Fb,c%2Cd,e%3Bf%3Dg")
        #expect(try rawPath(PaymentsAPI.Styles.simple(color: Self.color, workflow: .string(".."))) == "/v1/styles/simple/R=100,G=200,B=150/%2E%2E")
        // A dot in a label value is escaped: label separates with dots.
        #expect(try rawPath(PaymentsAPI.Styles.label(color: Self.color, tags: ["a.b", "c"])) == "/v1/styles/label/.R=100.G=200.B=150/.a%2Eb,c")
        // One value keeps its style's mark in a path: `.blue`, `;version=2`.
        #expect(try rawPath(PaymentsAPI.Styles.single(name: "blue", version: 2)) == "/v1/styles/single/.blue/;version=2")
    }

    @Test func headerDictionaryAndExplodedList() throws {
        let request = try PaymentsAPI.Styles.single(name: "a", version: 1, xLabels: ["tier": "gold", "region": "eu"], xTags: Self.tags).httpRequest()
        #expect(request.headers["X-Labels"] == "region,eu,tier,gold")
        #expect(request.headers["X-Tags"] == "blue,black,brown")
    }

    @Test func headerStyle() throws {
        let request = try PaymentsAPI.Styles.simple(color: Self.color, workflow: .int(1), xColor: Self.color).httpRequest()
        #expect(request.headers["X-Color"] == "R,100,G,200,B,150")
        #expect(try PaymentsAPI.Styles.simple(color: Self.color, workflow: .int(1)).httpRequest().headers["X-Color"] == nil)
    }

    /// Cookies: an object and a dictionary joined (`color=R,100,G,200,B,150`), a union as the
    /// alternative it holds, a list a cookie per element; all in one `Cookie` field.
    @Test func cookieStyles() throws {
        let request = try PaymentsAPI.Styles.cookie(color: Self.color, workflow: .string("ci.yml"), tags: ["a b", "c"],
                                                   labels: ["tier": "gold", "region": "eu"]).httpRequest()
        #expect(request.headers["Cookie"] == "color=R,100,G,200,B,150; workflow=ci.yml; tags=a%20b; tags=c; labels=region,eu,tier,gold")
        #expect(try PaymentsAPI.Styles.cookie(color: Self.color, workflow: .int(7)).httpRequest().headers["Cookie"]
                == "color=R,100,G,200,B,150; workflow=7")
    }

    @Test func queryStyles() throws {
        let endpoint = PaymentsAPI.Styles.query(form: Self.color, flat: Self.color, spaced: Self.tags, piped: Self.tags, deep: Self.color,
                                                labels: ["tier": "gold", "region": "eu"])
        #expect(try rawQuery(endpoint) == "R=100&G=200&B=150"
                    + "&flat=R,100,G,200,B,150"
                    + "&spaced=blue%20black%20brown"
                    + "&piped=blue%7Cblack%7Cbrown"
                    + "&deep%5BR%5D=100&deep%5BG%5D=200&deep%5BB%5D=150"
                    + "&labels%5Bregion%5D=eu&labels%5Btier%5D=gold")
        // Each value is encoded on its own: only the separators are bare.
        #expect(try rawQuery(PaymentsAPI.Styles.query(spaced: ["a b", "c"], piped: ["x|y", "z"])) == "spaced=a%20b%20c&piped=x%7Cy%7Cz")
    }

    /// The bytes that arrive at a real server (TestSupport's echo server on 127.0.0.1).
    @Test func overTheWire() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: URL(string: server.baseURLString + "/v1"), middleware: [AuthMiddleware(credentials: .bearer("sk_test"))])

        let list = PaymentsAPI.Customers.list(created: PaymentsAPI.CreatedFilter(rangeQuery: PaymentsAPI.RangeQuery(gte: 1_700_000_000)),
                                              expand: ["customer"])
        let listed = try await client.send(list.call, as: EchoedRequest.self)
        #expect(listed.rawPath == "/v1/customers")
        #expect(listed.rawQuery == "created%5Bgte%5D=1700000000&expand%5B%5D=customer")
        #expect(listed.header("Authorization") == "Bearer sk_test")

        let customer = PaymentsAPI.NewCustomer(email: "ada@example.com", metadata: ["order_id": "6735"], expand: ["customer"],
                                               items: [PaymentsAPI.LineItem(price: "p_1", quantity: 2)])
        let created = try await client.send(PaymentsAPI.Customers.create(body: customer).call, as: EchoedRequest.self)
        #expect(created.method == "POST")
        #expect(created.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(created.bodyText == "email=ada%40example.com&metadata%5Border_id%5D=6735&expand%5B%5D=customer"
                    + "&items%5B0%5D%5Bprice%5D=p_1&items%5B0%5D%5Bquantity%5D=2")

        let styled = try await client.send(PaymentsAPI.Styles.matrix(color: Self.color, tags: ["a b"]).call, as: EchoedRequest.self)
        #expect(styled.rawPath == "/v1/styles/matrix/;color=R,100,G,200,B,150;tags=a%20b")
    }
}
