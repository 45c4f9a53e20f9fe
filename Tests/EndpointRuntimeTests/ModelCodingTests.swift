import EndpointRuntime
import Foundation
import Testing

/// `ModelCoding` on its own, with hand-written types (the generated ones are exercised in
/// ExampleAPITests/ShapesTests).
@Suite struct ModelCodingTests {
    struct First: Codable { var shared = 1; var first = "f"; var at = Date(timeIntervalSince1970: 0) }
    struct Second: Codable { var shared = 2; var second = true }

    /// An `anyOf`-like value holding any of its three alternatives.
    struct Both: Encodable {
        var values: [(any Encodable)?]
        var objects: Bool
        func encode(to encoder: any Encoder) throws { try ModelCoding.encodeAnyOf(values, objects: objects, to: encoder) }
    }

    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func anyOfWritesOnceAndTheFirstAlternativeWinsASharedKey() throws {
        // Merged in the encoder: its date strategy applies.
        #expect(try Self.text(Both(values: [First(), Second()], objects: true))
            == #"{"at":"1970-01-01T00:00:00Z","first":"f","second":true,"shared":1}"#)
        // Merged through a plain JSONEncoder: the same members, its own date form.
        #expect(try Self.text(Both(values: [First(), nil, Second()], objects: false)) == #"{"at":-978307200,"first":"f","second":true,"shared":1}"#)
        // Not objects: the first alone.
        #expect(try Self.text(Both(values: [3, 3.0], objects: false)) == "3")
        #expect(try Self.text(Both(values: [nil, 2.5], objects: false)) == "2.5")
        #expect(try Self.text([Both(values: [nil, nil], objects: false)]) == "[null]")
    }

    struct Tagged: Codable, Equatable {
        var id: Int
        var extra: [String: Int]

        private enum CodingKeys: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            extra = try ModelCoding.additionalProperties(Int.self, from: decoder, excluding: ["id"])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try ModelCoding.encodeAdditionalProperties(extra, to: encoder)
        }
    }

    @Test func additionalPropertiesAreReadAndWrittenBesideTheDeclaredOnes() throws {
        let value = try JSONDecoder().decode(Tagged.self, from: Data(#"{"id":1,"b":2,"a":3}"#.utf8))
        #expect(value.id == 1 && value.extra == ["a": 3, "b": 2])
        #expect(try Self.text(value) == #"{"a":3,"b":2,"id":1}"#)
    }

    @Test func discriminatorAndAttemptNeverThrow() throws {
        struct Probe: Decodable {
            var tag: String?
            var asInt: Int?
            init(from decoder: any Decoder) throws {
                tag = ModelCoding.discriminator("type", in: decoder)
                asInt = ModelCoding.attempt(Int.self, from: decoder)
            }
        }
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Probe.self, from: Data(#"{"type":"a"}"#.utf8)).tag == "a")
        #expect(try decoder.decode(Probe.self, from: Data(#"{"type":1}"#.utf8)).tag == nil)
        #expect(try decoder.decode(Probe.self, from: Data(#"{"type":null}"#.utf8)).tag == nil)
        #expect(try decoder.decode(Probe.self, from: Data(#"{"kind":"a"}"#.utf8)).tag == nil)
        #expect(try decoder.decode(Probe.self, from: Data(#""a""#.utf8)).tag == nil)
        #expect(try decoder.decode(Probe.self, from: Data("[1]".utf8)).tag == nil)
        #expect(try decoder.decode(Probe.self, from: Data("7".utf8)).asInt == 7)
        #expect(try decoder.decode(Probe.self, from: Data("7.5".utf8)).asInt == nil)
    }

    /// A model written as generated code writes it: `member` / `memberIfPresent` and their
    /// encoding counterparts on a `ModelKey` container.
    struct Member: Codable, Equatable {
        var id: Int64
        var at: Date
        var note: String?
        init(id: Int64, at: Date, note: String?) { (self.id, self.at, self.note) = (id, at, note) }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ModelKey.self)
            self.id = try container.member("id")
            self.at = try container.member("at")
            self.note = try container.memberIfPresent("note")
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ModelKey.self)
            try container.encodeMember(self.id, "id")
            try container.encodeMember(self.at, "at")
            try container.encodeMemberIfPresent(self.note, "note")
        }
    }

    @Test func membersDecodeAndEncodeAsDecodeAndEncodeDo() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let full = Data(#"{"at":"1970-01-01T00:00:10Z","id":7,"note":"n"}"#.utf8)
        let value = try decoder.decode(Member.self, from: full)
        #expect(value == Member(id: 7, at: Date(timeIntervalSince1970: 10), note: "n"))
        // The decoder's date strategy applies, and the bytes come back as they were.
        #expect(try Self.text(value) == String(decoding: full, as: UTF8.self))
        // Absent or null: nil, and nothing written back.
        let bare = try decoder.decode(Member.self, from: Data(#"{"at":"1970-01-01T00:00:10Z","id":7,"note":null}"#.utf8))
        #expect(bare.note == nil)
        #expect(try Self.text(bare) == #"{"at":"1970-01-01T00:00:10Z","id":7}"#)
        // A required member absent, or of the wrong type: the errors `decode` gives.
        #expect(throws: DecodingError.self) { try decoder.decode(Member.self, from: Data(#"{"at":"1970-01-01T00:00:10Z"}"#.utf8)) }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Member.self, from: Data(#"{"at":"1970-01-01T00:00:10Z","id":"7"}"#.utf8))
        }
    }
}
