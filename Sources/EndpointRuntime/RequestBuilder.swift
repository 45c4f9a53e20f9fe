import Foundation

/// One piece of a request (a path, a query item, a header, a body…) listed in a ``RequestBuilder`` block.
///
/// Write your own to package a habit:
///
/// ```swift
/// struct JSONAPI: RequestComponent {
///     func apply(to request: inout HTTPRequest) throws {
///         request.headers.replace("Accept", with: "application/vnd.api+json")
///     }
/// }
/// ```
public protocol RequestComponent: Sendable {
    /// Changes `request`. Throws when the component cannot be applied.
    func apply(to request: inout HTTPRequest) throws
}

/// Collects ``RequestComponent``s for ``HTTPRequest/init(_:baseURL:dateFormat:_:)``.
///
/// Blocks may use `if`, `if let`, `if`/`else`, `switch`, `for` loops and optional components:
///
/// ```swift
/// try HTTPRequest(.get, baseURL: base) {
///     Path("search")
///     if let term { Query("q", term) }
///     for tag in tags { Query("tag", tag) }
///     verbose ? Header("X-Debug", "1") : nil
/// }
/// ```
@resultBuilder
public enum RequestBuilder {
    /// One component.
    public static func buildExpression(_ component: some RequestComponent) -> [any RequestComponent] { [component] }
    /// An optional component: nothing when `nil`.
    public static func buildExpression(_ component: (some RequestComponent)?) -> [any RequestComponent] {
        component.map { [$0] } ?? []
    }
    /// A list of components, as returned by a helper.
    public static func buildExpression(_ components: [any RequestComponent]) -> [any RequestComponent] { components }
    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [any RequestComponent]...) -> [any RequestComponent] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [any RequestComponent]?) -> [any RequestComponent] { part ?? [] }
    /// The first branch of `if`/`else` or `switch`.
    public static func buildEither(first part: [any RequestComponent]) -> [any RequestComponent] { part }
    /// The second branch of `if`/`else` or `switch`.
    public static func buildEither(second part: [any RequestComponent]) -> [any RequestComponent] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[any RequestComponent]]) -> [any RequestComponent] { parts.flatMap { $0 } }
    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [any RequestComponent]) -> [any RequestComponent] { part }
}

/// Percent-encoding rules shared by paths, queries and form bodies.
enum PercentEncoding {
    /// RFC 3986 unreserved characters: the only ones left as they are.
    static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// Encodes every byte outside the unreserved set, so `/ ? # % & = + ;` and spaces are all escaped.
    /// Percent-encodes every UTF-8 byte outside the unreserved set (upper-case hex), as
    /// `addingPercentEncoding(withAllowedCharacters: unreserved)` does, without going through
    /// CharacterSet and CFString (which made it most of the cost of building a request).
    static func encode(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `A-Z a-z 0-9 - . _ ~`
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Encodes one path segment; a segment of only dots is escaped so it is never read as `.` or `..`.
    static func encodeSegment(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0 == "." }) {
            return String(repeating: "%2E", count: text.count)
        }
        return encode(text)
    }

    /// `application/x-www-form-urlencoded` value encoding: like ``encode(_:)`` but a space becomes `+`.
    static func encodeForm(_ text: String) -> String {
        encode(text).replacingOccurrences(of: "%20", with: "+")
    }
}

extension HTTPRequest {
    /// Appends already-encoded segments to the path, with exactly one slash between segments.
    mutating func appendPath(encodedSegments: [String]) {
        guard !encodedSegments.isEmpty else { return }
        var path = urlComponents.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        for segment in encodedSegments {
            path += "/" + segment
        }
        urlComponents.percentEncodedPath = path
    }

    /// Appends query items whose names are not yet encoded and whose values are.
    mutating func appendQuery(_ items: [(name: String, encodedValue: String)]) {
        guard !items.isEmpty else { return }
        // Appended as text: reading and writing `percentEncodedQueryItems` for each component
        // re-parsed the whole query every time (most of the cost of a request with a few queries).
        var query = urlComponents.percentEncodedQuery ?? ""
        for item in items {
            if !query.isEmpty { query += "&" }
            query += PercentEncoding.encode(item.name) + "=" + item.encodedValue
        }
        urlComponents.percentEncodedQuery = query
    }
}
