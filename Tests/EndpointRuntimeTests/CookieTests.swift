import Foundation
import Testing
@testable import EndpointRuntime

/// Cookie parameters (OpenAPI's `in: cookie`): the `Cookie` field a request carries.
@Suite struct CookieTests {
    static func cookieField(_ build: () -> [any RequestComponent], headers: HTTPHeaders = [:]) throws -> String? {
        var request = HTTPRequest(method: .get, urlComponents: URLComponents(string: "https://api.test/a")!, additionalHeaders: headers)
        for component in build() { try component.apply(to: &request) }
        return request.headers["Cookie"]
    }

    @Test func valuesListsAndNilAreWrittenAsCookies() throws {
        #expect(try Self.cookieField { [Cookie("session", "abc"), Cookie("theme", "dark")] } == "session=abc; theme=dark")
        #expect(try Self.cookieField { [Cookie("ids", [1, 2, 3])] } == "ids=1; ids=2; ids=3")
        #expect(try Self.cookieField { [Cookie("ids", [1, 2, 3], style: .comma)] } == "ids=1,2,3")
        // nil and an empty list add nothing; a cookie set before stays first.
        #expect(try Self.cookieField { [Cookie("session", String?.none), Cookie("ids", [Int]())] } == nil)
        #expect(try Self.cookieField({ [Cookie("b", 2)] }, headers: ["Cookie": "a=1"]) == "a=1; b=2")
        #expect(try Self.cookieField { [Cookie("flag", true), Cookie("at", Date(timeIntervalSince1970: 0))] }?.hasPrefix("flag=true; at=") == true)
    }

    /// A value never adds or ends a cookie: what a cookie value cannot hold is percent-encoded.
    @Test func aValueCannotChangeTheField() throws {
        #expect(try Self.cookieField { [Cookie("note", "a; b=c, \"d\" 100% é\\")] }
                == "note=a%3B%20b=c%2C%20%22d%22%20100%25%20%C3%A9%5C")
        #expect(try Self.cookieField { [Cookie("tags", ["x,y", "z"], style: .comma)] } == "tags=x%2Cy,z")
        #expect(try Self.cookieField { [Cookie("line", "a\r\nX-Injected: 1")] } == "line=a%0D%0AX-Injected:%201")
    }

    struct RGB: Encodable, Sendable { var R = 100; var G = 200 }
    enum Either: Encodable, Sendable {
        case number(Int), text(String)
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    /// Objects, dictionaries and unions through `encoding:`; empty lists and objects send nothing.
    @Test func encodedValuesObjectsAndEmptyCollections() throws {
        #expect(try Self.cookieField { [Cookie("color", encoding: RGB())] } == "R=100; G=200")
        #expect(try Self.cookieField { [Cookie("color", encoding: RGB(), style: .comma)] } == "color=R,100,G,200")
        #expect(try Self.cookieField { [Cookie("either", encoding: Either.text("a b")), Cookie("n", encoding: Either.number(3))] }
                == "either=a%20b; n=3")
        #expect(try Self.cookieField { [Cookie("labels", encoding: ["b": "2", "a": "1"], style: .comma)] } == "labels=a,1,b,2")
        #expect(try Self.cookieField { [Cookie("ids", [Int](), style: .comma), Cookie("e", encoding: [String: Int]()), Cookie("o", encoding: RGB?.none)] } == nil)
        // A value that nests cannot be written in a cookie.
        #expect(throws: EndpointError.self) { try Self.cookieField { [Cookie("grid", encoding: [[1]], style: .comma)] } }
    }

    /// Cookies set before in several `Cookie` fields are joined with `; `, never with the `, ` that
    /// other repeated headers take (a cookie reader would read it into a value).
    @Test func severalCookieFieldsStayApart() throws {
        var headers = HTTPHeaders()
        headers.append("Cookie", "a=1")
        headers.append("Cookie", "b=2")
        #expect(try Self.cookieField({ [Cookie("c", 3)] }, headers: headers) == "a=1; b=2; c=3")
    }

    @Test func aNameThatIsNotATokenIsRefused() {
        #expect(throws: EndpointError.self) { try Self.cookieField { [Cookie("bad name", "x")] } }
        #expect(throws: EndpointError.self) { try Self.cookieField { [Cookie("", "x")] } }
    }
}

/// An API key in a cookie (`AuthRequirement.apiKey(in: .cookie, name:)`), added by `AuthMiddleware`.
@Suite struct CookieAPIKeyTests {
    static func authorized(_ headers: HTTPHeaders, key: String) throws -> String? {
        var request = HTTPRequest(method: .get, urlComponents: URLComponents(string: "https://api.test/a")!, additionalHeaders: headers)
        request.auth = .apiKey(in: .cookie, name: "session")
        return try AuthMiddleware.apply(.apiKey(key), to: request).headers["Cookie"]
    }

    @Test func theKeyJoinsTheRequestsCookiesAndReplacesOneOfItsName() throws {
        #expect(try Self.authorized([:], key: "k1") == "session=k1")
        #expect(try Self.authorized(["Cookie": "theme=dark"], key: "k1") == "theme=dark; session=k1")
        // A cookie of the key's name is replaced, whatever else is there.
        #expect(try Self.authorized(["Cookie": "session=old; theme=dark"], key: "k2") == "theme=dark; session=k2")
        // A key cannot add a cookie of its own.
        #expect(try Self.authorized([:], key: "a; admin=1") == "session=a%3B%20admin=1")
        var two = HTTPHeaders()
        two.append("Cookie", "a=1")
        two.append("Cookie", "session=old")
        #expect(try Self.authorized(two, key: "k3") == "a=1; session=k3")
    }

    @Test func aCookieKeyAndAnotherInTheSameCookieCannotBeSentTogether() {
        #expect(AuthMiddleware.sharedSlot([.apiKey(in: .cookie, name: "s"), .apiKey(in: .cookie, name: "s")]) != nil)
        #expect(AuthMiddleware.sharedSlot([.apiKey(in: .cookie, name: "s"), .apiKey(in: .header, name: "s")]) == nil)
    }
}
