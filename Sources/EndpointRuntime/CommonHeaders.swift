public import Foundation

/// The value of an `Authorization` header.
///
/// ```swift
/// Header.authorization(.bearer("abc"))                              // Authorization: Bearer abc
/// Header.authorization(.basic(username: "ada", password: "pw"))     // Authorization: Basic YWRhOnB3
/// Header.authorization(.custom(scheme: "Token", credentials: "t"))  // Authorization: Token t
/// ```
public enum AuthorizationValue: Sendable, Hashable, CustomStringConvertible {
    /// `Bearer <token>`.
    case bearer(String)
    /// `Basic <base64(username:password)>`.
    case basic(username: String, password: String)
    /// `<scheme> <credentials>`.
    case custom(scheme: String, credentials: String)

    /// The header value.
    var headerValue: String {
        switch self {
        case let .bearer(token): return "Bearer \(token)"
        case let .basic(username, password): return "Basic \(Data("\(username):\(password)".utf8).base64EncodedString())"
        case let .custom(scheme, credentials): return "\(scheme) \(credentials)"
        }
    }

    /// The scheme only; the secret is never shown.
    public var description: String {
        switch self {
        case .bearer: return "Bearer <redacted>"
        case .basic: return "Basic <redacted>"
        case let .custom(scheme, _): return "\(scheme) <redacted>"
        }
    }
}

/// A `Cache-Control` directive.
public enum CacheDirective: Sendable, Hashable {
    /// `no-cache`.
    case noCache
    /// `no-store`.
    case noStore
    /// `no-transform`.
    case noTransform
    /// `only-if-cached`.
    case onlyIfCached
    /// `must-revalidate`.
    case mustRevalidate
    /// `public`.
    case `public`
    /// `private`.
    case `private`
    /// `immutable`.
    case immutable
    /// `max-age=<seconds>`.
    case maxAge(Int)
    /// `max-stale` or `max-stale=<seconds>`.
    case maxStale(Int?)
    /// `min-fresh=<seconds>`.
    case minFresh(Int)
    /// `stale-while-revalidate=<seconds>`.
    case staleWhileRevalidate(Int)
    /// Any other directive, as written.
    case custom(String)

    /// The directive's text.
    var text: String {
        switch self {
        case .noCache: return "no-cache"
        case .noStore: return "no-store"
        case .noTransform: return "no-transform"
        case .onlyIfCached: return "only-if-cached"
        case .mustRevalidate: return "must-revalidate"
        case .public: return "public"
        case .private: return "private"
        case .immutable: return "immutable"
        case let .maxAge(seconds): return "max-age=\(seconds)"
        case let .maxStale(seconds): return seconds.map { "max-stale=\($0)" } ?? "max-stale"
        case let .minFresh(seconds): return "min-fresh=\(seconds)"
        case let .staleWhileRevalidate(seconds): return "stale-while-revalidate=\(seconds)"
        case let .custom(text): return text
        }
    }
}

extension HTTPHeaders {
    /// An `Accept-Language` value from languages in order of preference, with decreasing q-values:
    /// `["en-GB", "fr"]` gives `en-GB, fr;q=0.9`. At most six languages are listed.
    ///
    /// ```swift
    /// HTTPHeaders.acceptLanguage(Locale.preferredLanguages)
    /// ```
    static func acceptLanguage(_ languages: [String] = Locale.preferredLanguages) -> String {
        var seen = Set<String>()
        let unique = languages.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }.prefix(6)
        guard !unique.isEmpty else { return "*" }
        return unique.enumerated().map { index, language in
            index == 0 ? language : "\(language);q=0.\(Swift.max(1, 10 - index))"
        }.joined(separator: ", ")
    }
}

extension Header {
    /// `Accept: <types>`.
    ///
    /// ```swift
    /// Header.accept("application/json", "text/plain;q=0.5")
    /// ```
    public static func accept(_ mediaTypes: String...) -> Header { Header("Accept", mediaTypes.joined(separator: ", ")) }
    /// `Authorization: <value>`.
    ///
    /// ```swift
    /// Header.authorization(.bearer(token))
    /// ```
    public static func authorization(_ value: AuthorizationValue) -> Header { Header("Authorization", value.headerValue) }
    /// `Accept-Language` from languages in order of preference (the user's by default), with q-values.
    public static func acceptLanguage(_ languages: [String] = Locale.preferredLanguages) -> Header {
        Header("Accept-Language", HTTPHeaders.acceptLanguage(languages))
    }
    /// `Cache-Control: <directives>`.
    ///
    /// ```swift
    /// Header.cacheControl(.noCache, .maxAge(0))
    /// ```
    public static func cacheControl(_ directives: CacheDirective...) -> Header {
        Header("Cache-Control", directives.map(\.text).joined(separator: ", "))
    }
    /// `Idempotency-Key: <key>` (a new UUID by default).
    public static func idempotencyKey(_ key: String = UUID().uuidString) -> Header { Header("Idempotency-Key", key) }
    /// `User-Agent: MyApp/1.2 EndpointRuntime/1 (Linux)`: the product, then the runtime and the system.
    public static func userAgent(product: String, version: String) -> Header {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #elseif os(iOS)
        let system = "iOS"
        #elseif os(tvOS)
        let system = "tvOS"
        #elseif os(watchOS)
        let system = "watchOS"
        #else
        let system = "unknown"
        #endif
        return Header("User-Agent", "\(product)/\(version) EndpointRuntime/1 (\(system))")
    }
}
