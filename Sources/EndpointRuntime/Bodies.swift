public import Foundation

/// A JSON body: encodes `value` with the request's ``DateFormat`` (or your own encoder) and sets
/// `Content-Type: application/json` unless a content type is given.
///
/// ```swift
/// JSONBody(NewNote(text: "hi"))
/// JSONBody(patch, contentType: "application/merge-patch+json")
/// ```
public struct JSONBody: RequestComponent {
    let encode: @Sendable (DateFormat) throws -> Data
    let contentType: String

    /// Encodes `value` with a `JSONEncoder` whose dates follow the request's ``DateFormat``, after
    /// `configure`, if given, has adjusted it (key strategy, output formatting…).
    ///
    /// ```swift
    /// JSONBody(profile) { $0.keyEncodingStrategy = .convertToSnakeCase }
    /// ```
    public init(_ value: some Encodable & Sendable, contentType: String? = nil,
                configure: (@Sendable (JSONEncoder) -> Void)? = nil) {
        self.encode = { format in
            // Without `configure`, the runtime's own encoder writes the very bytes the format's
            // `JSONEncoder` writes (falling back on it for what it does not write itself), without
            // a tree of boxed values or an encoder made per body.
            guard let configure else { return try SortedJSONEncoder.shared(format, escapesSlashes: true).encode(value) }
            let encoder = format.makeJSONEncoder()
            configure(encoder)
            return try encoder.encode(value)
        }
        self.contentType = contentType ?? "application/json"
    }

    /// Sets the body and `Content-Type`. Throws when the value cannot be encoded.
    public func apply(to request: inout HTTPRequest) throws {
        do {
            request.body = try encode(request.dateFormat)
        } catch {
            throw EndpointError.invalidRequest(reason: "The JSON body could not be encoded: \(error)", underlying: error, request: request)
        }
        request.headers.replace("Content-Type", with: contentType)
    }
}

/// Raw bytes, or text in UTF-8, as the body.
///
/// ```swift
/// DataBody(pngData, contentType: "image/png")
/// DataBody("hello")                                   // text/plain; charset=utf-8
/// DataBody(csv, contentType: "text/csv; charset=utf-8")
/// ```
public struct DataBody: RequestComponent {
    let data: Data
    let contentType: String

    /// The body `data`, sent as `contentType`.
    public init(_ data: Data, contentType: String = "application/octet-stream") {
        self.data = data
        self.contentType = contentType
    }

    /// The body `text` in UTF-8, sent as `contentType`.
    public init(_ text: String, contentType: String = "text/plain; charset=utf-8") {
        self.init(Data(text.utf8), contentType: contentType)
    }

    /// Sets the body and `Content-Type`.
    public func apply(to request: inout HTTPRequest) throws {
        request.body = data
        request.headers.replace("Content-Type", with: contentType)
    }
}
