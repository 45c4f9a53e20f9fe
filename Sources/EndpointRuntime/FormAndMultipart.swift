public import Foundation

/// An `application/x-www-form-urlencoded` body made from an `Encodable` value's properties
/// (see ``FieldsEncoder`` for how nested values are named).
///
/// ```swift
/// struct TokenRequest: Encodable, Sendable { var grant_type = "password"; var username: String; var password: String }
/// FormBody(TokenRequest(username: "ada", password: "p&ss word"))
/// // grant_type=password&username=ada&password=p%26ss+word
/// ```
public struct FormBody: RequestComponent {
    let fields: @Sendable (DateFormat) throws -> [(name: String, value: String)]
    let contentType: String

    /// Encodes the properties of `value`.
    public init(_ value: some Encodable & Sendable, contentType: String? = nil) {
        self.fields = { format in
            try FieldsEncoder(dateFormat: format, dataAsFiles: false).fields(value).map { field in
                switch field.value {
                case let .text(text): return (field.name, text)
                case let .file(file): return (field.name, file.data.base64EncodedString())
                }
            }
        }
        self.contentType = contentType ?? "application/x-www-form-urlencoded"
    }

    /// Sends the given fields, in order.
    public init(fields: [(name: String, value: String)], contentType: String? = nil) {
        let copied = fields.map { (name: $0.name, value: $0.value) }
        self.fields = { _ in copied }
        self.contentType = contentType ?? "application/x-www-form-urlencoded"
    }

    /// The encoded body text for `fields`: `name=value` pairs joined with `&`, spaces as `+`.
    public static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { PercentEncoding.encodeForm($0.name) + "=" + PercentEncoding.encodeForm($0.value) }.joined(separator: "&")
    }

    /// Sets the body and `Content-Type`. Throws when the value cannot be encoded.
    public func apply(to request: inout HTTPRequest) throws {
        do {
            request.body = Data(FormBody.encode(try fields(request.dateFormat)).utf8)
        } catch {
            throw EndpointError.invalidRequest(reason: "The form body could not be encoded: \(error)", underlying: error, request: request)
        }
        request.headers.replace("Content-Type", with: contentType)
    }
}

/// One part of a `multipart/form-data` body.
///
/// ```swift
/// MultipartPart(name: "title", text: "Morning run")
/// MultipartPart(name: "file", data: gpx, fileName: "run.gpx", contentType: "application/gpx+xml")
/// ```
public struct MultipartPart: Sendable, Hashable {
    /// The form field name.
    public var name: String
    /// The file name, for file parts.
    public var fileName: String?
    /// The part's `Content-Type`; `nil` sends none (a plain text field).
    public var contentType: String?
    /// The part's content.
    public var data: Data
    /// More header fields of the part, written after `Content-Type`.
    public var headers: HTTPHeaders = [:]

    /// A text field.
    public init(name: String, text: String) {
        self.name = name
        self.fileName = nil
        self.contentType = nil
        self.data = Data(text.utf8)
    }

    /// A file part.
    public init(name: String, data: Data, fileName: String? = nil, contentType: String = "application/octet-stream") {
        self.name = name
        self.fileName = fileName ?? name
        self.contentType = contentType
        self.data = data
    }
}

/// How the part of one field of a multipart body is sent, beside its content: the spec's per-part
/// `contentType` and `headers`.
///
/// ```swift
/// MultipartBody(upload, parts: ["metadata": MultipartPartOptions(contentType: "application/json"),
///                               "photo": MultipartPartOptions(headers: ["X-Checksum": "abc"])])
/// ```
public struct MultipartPartOptions: Sendable, Hashable {
    /// The part's `Content-Type`. A text field is sent with it; a file part keeps its file's own
    /// content type and uses this one when the file has none (`application/octet-stream`).
    public var contentType: String?
    /// More header fields of the part.
    public var headers: HTTPHeaders

    /// Options for a part.
    public init(contentType: String? = nil, headers: HTTPHeaders = [:]) {
        self.contentType = contentType
        self.headers = headers
    }
}

/// A `multipart/form-data` body: from an `Encodable` value (text properties become fields, `Data`,
/// ``File`` and ``MultipartFile`` properties become file parts) or from explicit parts.
///
/// ```swift
/// MultipartBody(Upload(title: "Run", file: MultipartFile(gpx, fileName: "run.gpx")))
/// MultipartBody(parts: [MultipartPart(name: "title", text: "Run"),
///                       MultipartPart(name: "file", data: gpx, fileName: "run.gpx")])
/// ```
public struct MultipartBody: RequestComponent {
    let parts: @Sendable (DateFormat) throws -> [MultipartPart]
    let boundary: String

    /// The parts made from the properties of `value`; `parts` gives the part of a property (by its
    /// wire name; every element of an array property) its own content type and headers.
    public init(_ value: some Encodable & Sendable, boundary: String? = nil, parts options: [String: MultipartPartOptions] = [:]) {
        self.parts = { format in
            try FieldsEncoder(dateFormat: format, dataAsFiles: true).fields(value).map { field in
                var part: MultipartPart
                var untypedFile = false
                switch field.value {
                case let .text(text): part = MultipartPart(name: field.name, text: text)
                case let .file(file):
                    part = MultipartPart(name: field.name, data: file.data, fileName: file.fileName, contentType: file.contentType)
                    untypedFile = file.contentType == "application/octet-stream"
                }
                if let option = options[field.name] ?? MultipartBody.arrayOptions(field.name, options) {
                    if let contentType = option.contentType, part.contentType == nil || untypedFile { part.contentType = contentType }
                    part.headers = option.headers
                }
                return part
            }
        }
        self.boundary = boundary ?? MultipartBody.makeBoundary()
    }

    /// The given parts, in order.
    public init(parts: [MultipartPart], boundary: String? = nil) {
        self.parts = { _ in parts }
        self.boundary = boundary ?? MultipartBody.makeBoundary()
    }

    /// The options of an array property's field (`tags[]`, `files[0]`), by the property's name.
    static func arrayOptions(_ name: String, _ options: [String: MultipartPartOptions]) -> MultipartPartOptions? {
        guard !options.isEmpty, let bracket = name.firstIndex(of: "[") else { return nil }
        return options[String(name[..<bracket])]
    }

    static func makeBoundary() -> String {
        "endpoint-boundary-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The encoded body for `parts` separated by `boundary`.
    public static func encode(_ parts: [MultipartPart], boundary: String) -> Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let fileName = part.fileName { head += "; filename=\"\(quoted(fileName))\"" }
            head += "\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            for field in part.headers { head += "\(field.name): \(field.value)\r\n" }
            head += "\r\n"
            body.append(Data(head.utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// Escapes a name for a quoted `Content-Disposition` parameter the way browsers do.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Sets the body and `Content-Type: multipart/form-data; boundary=…`. Throws when the value
    /// cannot be encoded or a part's content type holds a line break.
    public func apply(to request: inout HTTPRequest) throws {
        let list: [MultipartPart]
        do {
            list = try parts(request.dateFormat)
        } catch {
            throw EndpointError.invalidRequest(reason: "The multipart body could not be encoded: \(error)", underlying: error, request: request)
        }
        for part in list {
            if let contentType = part.contentType { try HTTPHeaders.validate(name: "Content-Type", value: contentType) }
            for field in part.headers { try HTTPHeaders.validate(name: field.name, value: field.value) }
        }
        request.body = MultipartBody.encode(list, boundary: boundary)
        request.headers.replace("Content-Type", with: "multipart/form-data; boundary=\(boundary)")
    }
}
