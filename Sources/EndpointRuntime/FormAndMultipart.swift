import Foundation

/// An `application/x-www-form-urlencoded` body made from an `Encodable` value's properties
/// (nested objects as `address[city]`, arrays of scalars as the name repeated, arrays of objects
/// as `items[0][name]`; `nil` is left out).
///
/// `styles` writes a property (by its wire name) in a ``ParameterStyle``, as OpenAPI's per-property
/// `encoding` does: `.deepObject` gives `expand[]=customer`, `metadata[order_id]=6735`,
/// `items[0][price]=p_1`; `.comma` gives `expand=a,b`. A property without a style keeps the
/// default naming, which is also `.form`'s: arrays of scalars repeat the name, objects' keys are
/// bracketed under it (OpenAPI's exploded form would drop the property's name, which loses it in a body).
///
/// ```swift
/// struct TokenRequest: Encodable, Sendable { var grant_type = "password"; var username: String; var password: String }
/// FormBody(TokenRequest(username: "ada", password: "p&ss word"))
/// // grant_type=password&username=ada&password=p%26ss+word
/// FormBody(checkout, styles: ["expand": .deepObject, "metadata": .deepObject])
/// // metadata%5Border_id%5D=6735&expand%5B%5D=customer
/// ```
public struct FormBody: RequestComponent {
    let write: @Sendable (DateFormat, inout FormSink) throws -> Void
    let contentType: String

    /// Encodes the properties of `value`; `styles` gives a property (by its wire name) a style.
    public init(_ value: some Encodable & Sendable, contentType: String? = nil, styles: [String: ParameterStyle] = [:]) {
        self.write = { format, sink in
            for (key, node) in try FieldsEncoder(dateFormat: format, dataAsFiles: false).members(value) {
                if let style = styles[key] {
                    guard let styled = StyledValue(node) else { continue }
                    try StyleWriter.writeItems(styled, name: key, style: style, keepsObjectName: true, into: &sink)
                } else {
                    var fields: [(name: String, value: FieldsEncoder.Value)] = []
                    FieldsEncoding.flatten(node, name: key, into: &fields)
                    for field in fields {
                        sink.startItem(name: field.name)
                        switch field.value {
                        case let .text(text): sink.appendText(text)
                        case let .file(file): sink.appendText(file.data.base64EncodedString())
                        }
                    }
                }
            }
        }
        self.contentType = contentType ?? "application/x-www-form-urlencoded"
    }

    /// Sends the given fields, in order.
    init(fields: [(name: String, value: String)], contentType: String? = nil) {
        let copied = fields.map { (name: $0.name, value: $0.value) }
        self.write = { _, sink in FormBody.write(copied, into: &sink) }
        self.contentType = contentType ?? "application/x-www-form-urlencoded"
    }

    /// The encoded body text for `fields`: `name=value` pairs joined with `&`, spaces as `+`.
    static func encode(_ fields: [(name: String, value: String)]) -> String {
        var sink = FormSink()
        write(fields, into: &sink)
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    private static func write(_ fields: [(name: String, value: String)], into sink: inout FormSink) {
        for field in fields {
            sink.startItem(name: field.name)
            sink.appendText(field.value)
        }
    }

    /// Sets the body and `Content-Type`. Throws when the value cannot be encoded or a property
    /// cannot be written in its style.
    public func apply(to request: inout HTTPRequest) throws {
        var sink = FormSink()
        do {
            try write(request.dateFormat, &sink)
        } catch let error as StyleWriter.Failure {
            throw EndpointError.invalidRequest(reason: "The form body could not be encoded: \(error)", underlying: error, request: request)
        } catch {
            throw EndpointError.invalidRequest(reason: "The form body could not be encoded: \(error)", underlying: error, request: request)
        }
        request.body = Data(sink.bytes)
        request.headers.replace("Content-Type", with: contentType)
    }
}

/// One part of a `multipart/form-data` body.
///
/// ```swift
/// MultipartPart(name: "title", text: "Morning run")
/// MultipartPart(name: "file", data: gpx, fileName: "run.gpx", contentType: "application/gpx+xml")
/// ```
struct MultipartPart: Sendable, Hashable {
    /// The form field name.
    var name: String
    /// The file name, for file parts.
    var fileName: String?
    /// The part's `Content-Type`; `nil` sends none (a plain text field).
    var contentType: String?
    /// The part's content.
    var data: Data
    /// More header fields of the part, written after `Content-Type`.
    var headers: HTTPHeaders = [:]

    /// A text field.
    init(name: String, text: String) {
        self.name = name
        self.fileName = nil
        self.contentType = nil
        self.data = Data(text.utf8)
    }

    /// A file part.
    init(name: String, data: Data, fileName: String? = nil, contentType: String = "application/octet-stream") {
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
    var contentType: String?
    /// More header fields of the part.
    var headers: HTTPHeaders

    /// Options for a part.
    public init(contentType: String? = nil, headers: HTTPHeaders = [:]) {
        self.contentType = contentType
        self.headers = headers
    }
}

/// A `multipart/form-data` body: from an `Encodable` value (text properties become fields, `Data`
/// and ``File`` properties become file parts).
///
/// ```swift
/// MultipartBody(Upload(title: "Run", file: File(data: gpx, fileName: "run.gpx")))
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
    init(parts: [MultipartPart], boundary: String? = nil) {
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
    static func encode(_ parts: [MultipartPart], boundary: String) -> Data {
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
