public import Foundation

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
    /// `Accept-Language` from languages in order of preference (the user's by default), with q-values.
    public static func acceptLanguage(_ languages: [String] = Locale.preferredLanguages) -> Header {
        Header("Accept-Language", HTTPHeaders.acceptLanguage(languages))
    }
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
