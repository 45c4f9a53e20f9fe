import Foundation

/// An HTTP request method such as `GET` or `POST`.
///
/// The common methods are static members; any other token can be written as a string literal:
///
/// ```swift
/// let method: HTTPMethod = .post
/// let custom: HTTPMethod = "PROPFIND"
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the wire, for example `"GET"`.
    public var rawValue: String

    /// Makes a method from its token. The token is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// Makes a method from a string literal: `let m: HTTPMethod = "PURGE"`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The method token.
    public var description: String { rawValue }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: create or submit.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET` without a response body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: ask what the server allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110, 9.2.2).
    ///
    /// The retry middleware only repeats idempotent requests after a failure that may have reached
    /// the server.
    var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE": return true
        default: return false
        }
    }
}
