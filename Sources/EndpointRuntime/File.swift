public import Foundation

/// A file: its bytes, with the file name and content type that travel with them.
///
/// A spec's `File` type. Where it goes decides how it is sent:
/// - as a property of a multipart body, it is a file part: `Content-Disposition` carries
///   ``fileName`` (the property's name when `nil`), `Content-Type` carries ``contentType``
///   (`application/octet-stream` when `nil`);
/// - as a request body (`DataBody(file)`), it is sent as raw bytes with
///   its own content type, else the endpoint's, else `application/octet-stream`;
/// - as a response (``ResponseDecoder/file``), it holds the body's bytes, the response's
///   `Content-Type` and the file name of its `Content-Disposition`.
///
/// A file has no JSON form: encoding one into a JSON or form body throws, so building such a request
/// fails with ``EndpointError/invalidRequest(reason:underlying:request:)``, and decoding one from
/// JSON throws a `DecodingError`.
///
/// ```swift
/// let photo = File(data: png, fileName: "cat.png", contentType: "image/png")
/// try await client.send(PetAPI.uploadPhoto(petId: 1, body: .init(file: photo)))
/// let download = try await client.send(PetAPI.downloadPhoto(petId: 1))  // File
/// print(download.fileName ?? "unnamed", download.data.count)
/// ```
public struct File: Sendable, Hashable, Codable {
    /// The bytes.
    public var data: Data
    /// The file name: sent in a multipart part's `Content-Disposition`, read from a response's.
    public var fileName: String?
    /// The media type (`image/png`), parameters included.
    public var contentType: String?

    /// A file of `data`, with an optional name and content type.
    public init(data: Data, fileName: String? = nil, contentType: String? = nil) {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }

    /// Always throws: a file is sent as a multipart part or a raw body, never as JSON.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(File.self, DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "A File is read from a whole response body (ResponseDecoder.file), not from JSON."))
    }

    /// Throws, except inside a multipart body (where ``MultipartBody`` makes it a file part): a file
    /// has no JSON or form encoding.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "A File is sent as a multipart file part or as a whole body, not inside JSON or a form."))
    }

    /// The multipart part this file becomes for the field `name`.
    func part(name: String) -> MultipartFile {
        MultipartFile(data, fileName: fileName ?? name, contentType: contentType ?? "application/octet-stream")
    }
}

extension DataBody {
    /// The bytes of `file`, sent as the file's own content type, else `contentType`, else
    /// `application/octet-stream`.
    ///
    /// ```swift
    /// DataBody(File(data: png, contentType: "image/png"))
    /// ```
    public init(_ file: File, contentType: String? = nil) {
        self.init(file.data, contentType: file.contentType ?? contentType ?? "application/octet-stream")
    }
}

extension ResponseDecoder where Response == File {
    /// The body as a ``File``: its bytes, the `Content-Type` header, and the file name of the
    /// `Content-Disposition` header (`filename*=UTF-8''…` preferred over `filename="…"`) when present.
    public static var file: ResponseDecoder<File> {
        ResponseDecoder { response in
            File(data: response.body, fileName: response.headers["Content-Disposition"].flatMap(ContentDisposition.fileName),
                 contentType: response.headers["Content-Type"])
        }
    }
}

/// Reads the file name of a `Content-Disposition` value (RFC 6266), and writes one.
enum ContentDisposition {
    /// `attachment; filename="report.pdf"`; a name beyond printable ASCII also as RFC 8187
    /// `filename*=UTF-8''…` (which readers prefer), its plain `filename` with `_` for those characters.
    static func attachment(fileName: String) -> String {
        let plain = String(String.UnicodeScalarView(fileName.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? $0 : "_" }))
        let quoted = plain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var value = "attachment; filename=\"\(quoted)\""
        if plain != fileName {
            let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~")
            value += "; filename*=UTF-8''" + (fileName.addingPercentEncoding(withAllowedCharacters: allowed) ?? plain)
        }
        return value
    }

    /// `report.pdf` for `attachment; filename="report.pdf"`; the RFC 8187 `filename*` wins when it
    /// decodes. `nil` when there is no file name.
    static func fileName(_ value: String) -> String? {
        var plain: String?
        var extended: String?
        for parameter in parameters(value) {
            switch parameter.name.lowercased() {
            case "filename*": extended = decodeExtended(parameter.value)
            case "filename": plain = parameter.value
            default: break
            }
        }
        let name = extended ?? plain
        return name?.isEmpty == false ? name : nil
    }

    /// The `name=value` parameters after the disposition type, quoted values unquoted.
    static func parameters(_ value: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var scalars = Substring(value).unicodeScalars[...]
        // Skip the disposition type.
        guard let semicolon = scalars.firstIndex(of: ";") else { return [] }
        scalars = scalars[scalars.index(after: semicolon)...]
        while !scalars.isEmpty {
            while let first = scalars.first, first == " " || first == "\t" || first == ";" { scalars.removeFirst() }
            guard let equals = scalars.firstIndex(of: "=") else { break }
            let name = String(String.UnicodeScalarView(scalars[..<equals])).trimmingCharacters(in: .whitespaces)
            scalars = scalars[scalars.index(after: equals)...]
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
            var text = String.UnicodeScalarView()
            let isQuoted = scalars.first == "\""
            if isQuoted {
                scalars.removeFirst()
                while let scalar = scalars.popFirst(), scalar != "\"" {
                    if scalar == "\\", let escaped = scalars.popFirst() { text.append(escaped) } else { text.append(scalar) }
                }
                if let end = scalars.firstIndex(of: ";") { scalars = scalars[end...] } else { scalars = scalars[scalars.endIndex...] }
            } else {
                let end = scalars.firstIndex(of: ";") ?? scalars.endIndex
                text.append(contentsOf: scalars[..<end])
                scalars = scalars[end...]
            }
            // A quoted value is the name as written, spaces at its ends included; a token is trimmed.
            result.append((name, isQuoted ? String(text) : String(text).trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    /// `UTF-8''na%C3%AFve.txt` -> `naïve.txt`; nil for another charset or bad escapes.
    static func decodeExtended(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        return String(pieces[2]).removingPercentEncoding
    }
}
