import Foundation

/// One piece of a request (a path, a query item, a header, a body…) listed in a ``RequestBuilder`` block.
///
/// Write your own to package a habit:
///
/// ```swift
/// struct JSONAPI: RequestComponent {
///     func apply(to request: inout HTTPRequest) throws {
///         request.headers["Accept"] = "application/vnd.api+json"
///     }
/// }
/// ```
public protocol RequestComponent: Sendable {
    /// Changes `request`. Throws when the component cannot be applied.
    func apply(to request: inout HTTPRequest) throws
}

/// An optional component changes the request when it is there and leaves it alone when it is `nil`:
/// `body.map { JSONBody($0) }` in a list of components.
extension Optional: RequestComponent where Wrapped: RequestComponent {
    public func apply(to request: inout HTTPRequest) throws {
        try self?.apply(to: &request)
    }
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
    // A block's statements are added one at a time to a single list (`buildPartialBlock`), and a
    // component is added as itself, so a block of n components makes one array, not n + 2. The
    // functions are inlinable so that the list is appended to in place and the generic ones are
    // specialized for the caller's component types.

    /// The first statement of a block: one component.
    @inlinable
    public static func buildPartialBlock(first: some RequestComponent) -> [any RequestComponent] {
        var list: [any RequestComponent] = []
        list.reserveCapacity(8)
        list.append(first)
        return list
    }
    /// The first statement of a block: a list (an `if`, a `for`).
    @inlinable
    public static func buildPartialBlock(first: [any RequestComponent]) -> [any RequestComponent] { first }
    /// The next statement of a block: one component.
    @inlinable
    public static func buildPartialBlock(accumulated: consuming [any RequestComponent], next: some RequestComponent) -> [any RequestComponent] {
        accumulated.append(next)
        return accumulated
    }
    /// The next statement of a block: a list.
    @inlinable
    public static func buildPartialBlock(accumulated: consuming [any RequestComponent], next: [any RequestComponent]) -> [any RequestComponent] {
        accumulated.append(contentsOf: next)
        return accumulated
    }
    /// An empty block.
    @inlinable
    public static func buildBlock() -> [any RequestComponent] { [] }
    /// An `if` without `else`.
    @inlinable
    public static func buildOptional(_ part: [any RequestComponent]?) -> [any RequestComponent] { part ?? [] }
    /// The first branch of `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(first part: [any RequestComponent]) -> [any RequestComponent] { part }
    /// The second branch of `if`/`else` or `switch`.
    @inlinable
    public static func buildEither(second part: [any RequestComponent]) -> [any RequestComponent] { part }
    /// A `for` loop.
    @inlinable
    public static func buildArray(_ parts: [[any RequestComponent]]) -> [any RequestComponent] { parts.flatMap { $0 } }
    /// An `if #available` block.
    @inlinable
    public static func buildLimitedAvailability(_ part: [any RequestComponent]) -> [any RequestComponent] { part }
}

extension String {
    /// Whether every UTF-8 byte passes `test`, read in place: walking the `UTF8View` with
    /// `allSatisfy` cost a tenth of building a request where headers and values are checked.
    @inline(__always)
    func allUTF8(_ test: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            for byte in bytes where !test(byte) { return false }
            return true
        }
    }
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
        if text.allUTF8(isUnreserved) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` percent-encoded as ``encode(_:)`` does, without making a string of it.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        // A native string's bytes are contiguous: read them in place (one pass, no iterator).
        // Runs of unreserved bytes are appended whole (most values are one run).
        text.withUTF8 { source in
            var start = 0
            for (index, byte) in source.enumerated() where !isUnreserved(byte) {
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index])) }
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
                start = index + 1
            }
            if start < source.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start...])) }
        }
    }

    /// `0`-`9`, `A`-`F`.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
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

    /// Appends one path segment, percent-encoded; a segment of only dots is escaped so it is never
    /// read as `.` or `..`.
    static func appendSegment(_ text: String, to bytes: inout [UInt8]) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            for _ in 0..<text.utf8.count { bytes.append(contentsOf: [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "E")]) }
            return
        }
        append(text, to: &bytes)
    }

    /// `application/x-www-form-urlencoded` value encoding: like ``encode(_:)`` but a space becomes `+`.
    static func encodeForm(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        appendForm(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as ``encodeForm(_:)`` does, without making a string of it.
    static func appendForm(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else if byte == UInt8(ascii: " ") {
                bytes.append(UInt8(ascii: "+"))
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
    }
}

extension HTTPRequest {
    /// Changes the path and query: in place while ``apply(_:)`` collects them, else written through
    /// (a component applied by hand).
    mutating func editURL(_ edit: (inout PendingURL) throws -> Void) rethrows {
        if pendingURL != nil {
            try edit(&pendingURL!)
        } else {
            var pending = PendingURL(storedComponents)
            try edit(&pending)
            pending.write(into: &storedComponents)
        }
    }
}

extension PendingURL {
    /// Appends `/segment`, the segment percent-encoded. The base path's trailing slashes go before
    /// the first segment, so `https://host/v1/` and `https://host/v1` give the same URLs; an empty
    /// segment stays one (`//`).
    mutating func appendPathSegment(_ segment: String) {
        startPathSegment()
        PercentEncoding.appendSegment(segment, to: &path)
    }

    /// Appends `/segment`, the segment already percent-encoded; a segment of only dots is escaped
    /// so it is never read as `.` or `..`.
    mutating func appendEncodedPathSegment(_ segment: [UInt8]) {
        startPathSegment()
        if !segment.isEmpty, segment.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            for _ in segment { path.append(contentsOf: [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "E")]) }
        } else {
            path.append(contentsOf: segment)
        }
    }

    /// The base path's trailing slashes removed before the first segment, then `/`.
    private mutating func startPathSegment() {
        if !pathChanged {
            while path.last == UInt8(ascii: "/") { path.removeLast() }
        }
        path.append(UInt8(ascii: "/"))
        pathChanged = true
    }

    /// Starts a query item: `&name=` (or `name=` first), the name percent-encoded. Its value follows
    /// with ``appendQueryValue(_:)``.
    mutating func startQueryItem(name: String) {
        if query == nil { query = [] }
        if !query!.isEmpty { query!.append(UInt8(ascii: "&")) }
        PercentEncoding.append(name, to: &query!)
        query!.append(UInt8(ascii: "="))
        queryChanged = true
    }

    /// Appends text to the current query item's value, percent-encoded.
    mutating func appendQueryValue(_ value: String) {
        PercentEncoding.append(value, to: &query!)
    }

    /// Appends a bare separator (`,`) to the current query item's value.
    mutating func appendQuerySeparator(_ byte: UInt8) {
        query!.append(byte)
    }

    /// `name=value`, both percent-encoded.
    mutating func appendQueryItem(name: String, value: String) {
        startQueryItem(name: name)
        appendQueryValue(value)
    }
}
