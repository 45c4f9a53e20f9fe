import ExampleAPIs
import Foundation
import Testing
@testable import EndpointRuntime

/// The handler's JSON writer against `JSONEncoder` with the same settings: the same bytes for every
/// value, or the same failure.
@Suite struct SortedJSONEncoderTests {
    /// Both encoders of `dateFormat`, slashes escaped or not.
    static func encoders(_ dateFormat: DateFormat, escapesSlashes: Bool) -> (SortedJSONEncoder, JSONEncoder) {
        let reference = dateFormat.makeJSONEncoder()
        if !escapesSlashes { reference.outputFormatting.insert(.withoutEscapingSlashes) }
        // Its own fallback is a separate encoder: what is compared is never the fallback against itself
        // unless the fallback is what answered (counted by `Counting`).
        let fallback = dateFormat.makeJSONEncoder()
        if !escapesSlashes { fallback.outputFormatting.insert(.withoutEscapingSlashes) }
        return (SortedJSONEncoder(dateFormat: dateFormat, escapesSlashes: escapesSlashes, fallback: fallback), reference)
    }

    /// Checks `value` in every date format, slashes escaped and not; whether the fast path wrote it.
    func check<T: Encodable>(_ value: T, fastPath: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        for format in DateFormat.allCases {
            for escapes in [false, true] {
                let (sorted, reference) = Self.encoders(format, escapesSlashes: escapes)
                let expected = Result { try reference.encode(value) }
                let output = JSONOutput(dateFormat: format, escapesSlashes: escapes)
                let fast = Result { () throws -> Data in
                    let root = JSONValueEncoder(output, parent: nil, key: nil)
                    try root.encodeValue(value)
                    try root.finishRoot()
                    guard !output.unsupported, case let .value(range) = root.content else { throw JSONOutput.Unsupported() }
                    return Data(output.bytes[range])
                }
                let actual = Result { try sorted.encode(value) }
                switch (expected, actual) {
                case let (.success(expected), .success(actual)):
                    #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                            "\(format) escapesSlashes: \(escapes)", sourceLocation: sourceLocation)
                    #expect(actual == expected, sourceLocation: sourceLocation)
                case (.failure, .failure): break
                default:
                    Issue.record("\(format): JSONEncoder \(expected), SortedJSONEncoder \(actual)", sourceLocation: sourceLocation)
                }
                // The bytes are the writer's own, not the fallback's, where it is meant to write them.
                if fastPath {
                    if case let .success(bytes) = fast, case let .success(expected) = expected {
                        #expect(bytes == expected, sourceLocation: sourceLocation)
                    } else {
                        Issue.record("\(format): the fast path did not write \(T.self): \(fast)", sourceLocation: sourceLocation)
                    }
                } else {
                    #expect(throws: (any Error).self, "\(format): expected the fallback", sourceLocation: sourceLocation) { try fast.get() }
                }
            }
        }
    }

    @Test func strings() {
        var everyByte = ""
        for scalar in 0..<0x80 { everyByte.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        check(everyByte)
        check(["", "a/b", "\"quoted\"", "back\\slash", "tab\there\nline\r\u{8}\u{C}", "é", "e\u{301}", "日本語", "😀 \u{2028}\u{2029}\u{7F}", "/"])
        check(["key/with\"escapes\\": "value", "\n": "line", "😀": "emoji"])
    }

    @Test func numbers() {
        check([0.0, -0.0, 0.1, 1.5, 10_000, 1e20, 1e-7, 1e15, 1e16, 123_456_789_012_345_680, 3.141592653589793,
               .greatestFiniteMagnitude, .leastNonzeroMagnitude, -2.5e-300])
        check([Float(0.1), 1e20, -3.25, .greatestFiniteMagnitude])
        check([Int.min, Int.max, 0, -1, 42])
        check([UInt64.max, 0])
        check(Numbers())
        check(Decimal(string: "12.50")!)
        check([Decimal(string: "-0.001")!, Decimal(1_000_000)])
        // Not numbers in JSON: JSONEncoder's error either way.
        check([Double.nan], fastPath: false)
        check(["x": Double.infinity], fastPath: false)
    }

    /// Whole `Double`s are written from their digits below 10^15 and from `description` above:
    /// both sides of that bound, of each power of ten and of two, and of the largest whole doubles.
    @Test func wholeDoubles() {
        var values: [Double] = [0, -0.0, 1, -1, 9, 10, 11, 99, 100, 4_294_967_296, 999_999_999_999_999, 1e15 - 1, 1e15, 1e15 + 1,
                                -999_999_999_999_999, -1e15, 9_007_199_254_740_991, 9_007_199_254_740_992, (9_007_199_254_740_992.0).nextUp,
                                (1e15).nextDown, (1e15).nextUp, 0.5, -0.5, (1.0).nextUp, (2.0).nextDown, 1e15 - 0.5]
        var power = 1.0
        for _ in 0...17 {
            values += [power, power - 1, power + 1, -power, power.nextDown, power.nextUp]
            power *= 10
        }
        for exponent in 0...60 {
            let value = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [value, value - 1, -value, value + 1]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 { values.append(Double(Int64.random(in: -1_000_000_000_000_000...1_000_000_000_000_000, using: &generator))) }
        check(values)
        // Each one alone, so that a value's bytes do not hide among its neighbours'.
        for value in values.prefix(40) { check(["value": value]) }
    }

    @Test func nested() {
        check([[1, 2], [], [3]])
        check(["b": ["y": [1, 2], "x": []], "a": [:], "c": ["z": [3]]])
        check([["a": [["b": [true, false]]]]] as [[String: [[String: [Bool]]]]])
        check([Optional<Int>.none, 1, nil])
        check(["present": Optional(1), "absent": nil])
        check(Containers(value: 3))
        check([Containers(value: 1), Containers(value: 2)])
        check(Child(name: "kid", age: 3))
        check(Empty.Holder())
        check([1: "one", 20: "twenty", 3: "three"])
    }

    /// Members left open (nested containers, super encoders) among members written at once, in an
    /// object and in an array, each open one written to after later siblings: every member lands
    /// in its own place, in the order `JSONEncoder` writes them.
    @Test func openMembersAmongWrittenOnes() {
        check(Interleaved(seed: 1))
        check([Interleaved(seed: 2), Interleaved(seed: 3)])
        check(["x": Interleaved(seed: 4)])
    }

    /// `ModelKey` (the generated models' key) has a container of its own; any other key type the
    /// general one. Both write what `JSONEncoder` writes, and the same bytes for the same members.
    @Test func modelKeyAndOtherKeysWriteTheSame() throws {
        let model = TwoKeyTypes(useModelKey: true)
        let other = TwoKeyTypes(useModelKey: false)
        check(model)
        check(other)
        check([model, other])
        let (sorted, _) = Self.encoders(.iso8601, escapesSlashes: false)
        #expect(try sorted.encode(model) == sorted.encode(other))
    }

    /// The model container's own methods (a string, a boolean, integers, doubles, and any other
    /// value through the generic one) write what the general container and `JSONEncoder` write,
    /// called directly and through `encodeMember`, at the top and nested.
    @Test func modelContainersOwnMethods() throws {
        for values in [ScalarMembers.Values(text: "a/\"b\"\n", flag: true, count: -12, big: .min, ratio: 0.1, whole: -3),
                       ScalarMembers.Values(text: "", flag: false, count: .max, big: .max, ratio: 1e300, whole: 0)] {
            let model = ScalarMembers(values: values, useModelKey: true)
            let other = ScalarMembers(values: values, useModelKey: false)
            check(model)
            check(other)
            check(["list": [model, model]])
            let (sorted, _) = Self.encoders(.iso8601, escapesSlashes: false)
            #expect(try sorted.encode(model) == sorted.encode(other))
        }
        // Not finite: `JSONEncoder`'s to answer (it throws), through the model container too.
        check(ScalarMembers(values: .init(text: "", flag: true, count: 0, big: 0, ratio: .nan, whole: 0), useModelKey: true), fastPath: false)
    }

    /// A model container kept past its encoding and written to then: it writes into its own
    /// output, which its encoder keeps alive, and that output is not handed to later encodings.
    @Test func heldModelContainerWritesEveryKind() throws {
        let (sorted, reference) = Self.encoders(.iso8601, escapesSlashes: false)
        let holder = ContainerHolder()
        _ = try sorted.encode(holder)
        #expect(sorted.spareOutputCount == 0)
        try holder.container?.encode("text", forKey: "s")
        try holder.container?.encode(true, forKey: "b")
        try holder.container?.encode(3, forKey: "i")
        try holder.container?.encode(Int64(4), forKey: "l")
        try holder.container?.encode(5.5, forKey: "d")
        try holder.container?.encode(Date(timeIntervalSince1970: 0), forKey: "t")
        holder.container = nil
        let value = ScalarMembers(values: .init(text: "x", flag: false, count: 1, big: 2, ratio: 3.25, whole: 4), useModelKey: true)
        #expect(try sorted.encode(value) == reference.encode(value))
    }

    /// Opens a nested container twice under one key, as hand-written `Encodable` code may:
    /// `JSONEncoder` merges the two, and the writer hands the value to it.
    struct ReopenedContainer: Encodable {
        enum Key: String, CodingKey { case inner, list, a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var first = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
            try first.encode(1, forKey: .a)
            var second = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
            try second.encode(2, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var again = container.nestedUnkeyedContainer(forKey: .list)
            try again.encode(2)
        }
    }

    @Test func whatJSONEncoderWritesItsOwnWay() {
        check(ReopenedContainer(), fastPath: false)
        check([Int128(1) << 100, -5], fastPath: false)
        check(["big": UInt128.max], fastPath: false)
    }

    @Test func keys() {
        // Sorted by their UTF-8 bytes; a key written twice keeps its last value; keys equal as
        // strings but spelled apart (é and e + U+0301) are one member, as in JSONEncoder's dictionary.
        check(Keyed(keys: ["b", "a10", "a2", "A", "_x", "a", "a-b", "a_b", "aa", "Z"]))
        check(Keyed(keys: ["b", "a", "b", "a", "c"]))
        check(Keyed(keys: ["f", "e\u{301}", "é", "e", "\u{212B}", "\u{C5}", "Z", "ß", "ss"]))
        check(Keyed(keys: ["é", "e\u{301}", "f"]))
        // Keys alike in their first eight bytes (compared as one number) and shorter than eight.
        check(Keyed(keys: ["abcdefgh2", "abcdefgh", "abcdefgh10", "abcdefg", "abcdefgh\u{0}", "abcdefgh1", "", "abcdefgh2"]))
        // More members than a model's few (the general sort), some written twice.
        check(Keyed(keys: (0..<50).map { "member_\(($0 * 7) % 40)" }))
    }

    @Test func dates() {
        var dates: [Date] = []
        // Whole seconds across the years (leap days, centuries, the last second of 9999), and dates
        // the format style writes itself: fractions, before 1970, after 9999.
        var seconds = 0.0
        while seconds < 253_402_300_800 {
            dates.append(Date(timeIntervalSince1970: seconds))
            seconds += 86_400 * 97 + 3_607
        }
        for text in ["2000-02-29T23:59:59Z", "1972-12-31T00:00:00Z", "2100-03-01T12:00:00Z", "9999-12-31T23:59:59Z", "2024-02-29T00:00:00Z"] {
            dates.append(try! Date(text, strategy: .iso8601))
        }
        dates += [Date(timeIntervalSince1970: 1_714_566_600.25), Date(timeIntervalSince1970: 0.999), Date(timeIntervalSince1970: -1),
                  Date(timeIntervalSince1970: -86_400 * 400), Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: 1e-6)]
        check(dates)
        check(["start": Date(timeIntervalSince1970: 1_714_566_600)])
        check(Date(timeIntervalSince1970: 86_400))
    }

    @Test func foundationValues() {
        check([Data(), Data([0, 1, 2, 255]), Data("hello/world".utf8)])
        check([URL(string: "https://example.com/a/b?c=d&e=%20")!, URL(string: "relative/path")!])
        check(UUIDHolder(id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!))
    }

    @Test func generatedModels() throws {
        // Unions (discriminated, with an open `unknown`), open enums, optional members, nested models.
        let pets = try JSONDecoder().decode([Shapes.Pet].self, from: Data("""
            [{"petType":"cat","name":"Tom","lives":9},{"petType":"dog","name":"Rex","goodBoy":true},
             {"petType":"Lizard","scales":120},{"petType":"parrot","name":"Polly","words":["hi","a/b"],"age":3.5,"owner":{"z":1,"a":null}}]
            """.utf8))
        check(pets)
        check(Shapes.Reaction(rawValue: "+1"))
        check([Shapes.Reaction(rawValue: "unlisted/value")])
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"b":[1,2.5,"x",null,true],"a":{"c":{},"d":[]},"é":"\u0001"}"#.utf8))
        check(json)
    }

    /// An object whose keys were met before is written in the order kept for them: the same bytes
    /// as `JSONEncoder` every time, slashes escaped or not; lists with a key twice or a key beyond
    /// ASCII are sorted each time and never kept; no more lists are kept than the capacity.
    @Test func keyOrdersKeptAcrossObjects() throws {
        for escapes in [false, true] {
            let (sorted, reference) = Self.encoders(.iso8601, escapesSlashes: escapes)
            func same<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let expected = try reference.encode(value)
                let actual = try sorted.encode(value)
                #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
            }
            let model = KeyList(keys: ["zeta", "alpha", "a/b", "mid", "a\"quote", "alphabetically_long_key", "alphabetically_long"])
            try same(model)
            #expect(sorted.keyOrders.count == 1)
            try same(model)
            try same([model, model, model])
            try same(["outer": [model], "other": [model]])
            #expect(sorted.keyOrders.count == 2) // the model's and the dictionary's
            // The same keys in another order: a list of their own, sorted the same.
            try same(KeyList(keys: model.keys.reversed()))
            #expect(sorted.keyOrders.count == 3)
            // Never kept: a key written twice (the last value wins), a key beyond ASCII.
            for keys in [["b", "a", "b"], ["é", "a"], ["a", "e\u{301}", "é"]] {
                try same(KeyList(keys: keys))
                try same([KeyList(keys: keys), KeyList(keys: keys)])
            }
            #expect(sorted.keyOrders.count == 3)
            // More lists than are kept: the oldest go, and every object is still written right.
            for index in 0..<(KeyOrders.capacity + 6) { try same(KeyList(keys: ["k\(index)", "a", "z\(index)"])) }
            #expect(sorted.keyOrders.count == KeyOrders.capacity)
            try same(model)
        }
    }

    /// One encoder writes answer after answer with the outputs and object storage of earlier ones
    /// (emptied, kept for the next): every answer is still `JSONEncoder`'s bytes, after an answer
    /// too large to keep, after one that fell back, and after nested containers and super encoders.
    @Test func outputsReusedAcrossEncodings() throws {
        let (sorted, reference) = Self.encoders(.iso8601, escapesSlashes: false)
        func same<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let actual = try sorted.encode(value)
            #expect(String(decoding: actual, as: UTF8.self) == String(decoding: try reference.encode(value), as: UTF8.self),
                    sourceLocation: sourceLocation)
        }
        let large = (0..<2_000).map { KeyList(keys: ["key\($0 % 7)", "value", "a/b"]) } // over the kept buffer's limit
        for _ in 0..<3 {
            try same(KeyList(keys: ["zeta", "alpha", "mid"]))
            try same(["outer": ["inner": [KeyList(keys: ["b", "a"])], "x": []], "y": [:]])
            try same(Containers(value: 7))
            try same(Child(name: "n", age: 3))
            try same(large)
            try same(Empty.Holder())
            #expect(throws: (any Error).self) { try sorted.encode(["x": Double.nan]) }
            try same([Date(timeIntervalSince1970: 86_400), Date(timeIntervalSince1970: 1.5)])
            try same(KeyList(keys: ["one"]))
        }
    }

    /// A container kept by the code that encoded with it, and written to after its object was
    /// written, keeps its own storage: it is never handed to a later object (whose bytes would then
    /// hold the stray members).
    @Test func heldContainerIsNotReused() throws {
        let (sorted, reference) = Self.encoders(.iso8601, escapesSlashes: false)
        let holder = ContainerHolder()
        _ = try sorted.encode([holder])
        // The output the held container writes into is not kept for the next encodings (it could
        // be written into while another encoding, on another thread, uses it).
        #expect(sorted.spareOutputCount == 0)
        try holder.container?.encode("stray", forKey: "stray")
        for value in [KeyList(keys: ["b", "a"]), KeyList(keys: ["c"])] {
            #expect(try sorted.encode([value, value]) == reference.encode([value, value]))
        }
        #expect(sorted.spareOutputCount == 1)
    }

    /// Few spare objects are kept, and none that had room for many members: an output kept between
    /// answers does not hold on to the storage of a large one. The bytes are `JSONEncoder`'s.
    @Test func spareObjectsAreBounded() throws {
        func encode<T: Encodable>(_ value: T) throws -> (bytes: Data, spares: Int) {
            let output = JSONOutput(dateFormat: .iso8601, escapesSlashes: false)
            let root = JSONValueEncoder(output, parent: nil, key: nil)
            try root.encodeValue(value)
            try root.finishRoot()
            guard case let .value(range) = root.content else { throw JSONOutput.Unsupported() }
            return (Data(output.bytes[range]), output.spareObjectCount)
        }
        let (_, reference) = Self.encoders(.iso8601, escapesSlashes: false)
        // 40 nested objects, all open until their holder is written: 16 of them kept.
        let nested = try encode(NestedObjects(count: 40))
        #expect(nested.bytes == (try reference.encode(NestedObjects(count: 40))))
        #expect(nested.spares == JSONOutput.spareObjectLimit)
        // One object of 100 members: too large to keep. Ten small ones in turn: one kept, reused.
        let wide = KeyList(keys: (0..<100).map { "k\($0)" })
        #expect(try encode(wide).spares == 0)
        let small = Array(repeating: KeyList(keys: ["b", "a"]), count: 10)
        let written = try encode(small)
        #expect(written.bytes == (try reference.encode(small)))
        #expect(written.spares == 1)
    }

    /// Answers encoded at once from many tasks with one encoder: each gets its own output.
    @Test func concurrentEncodings() async throws {
        let (sorted, reference) = Self.encoders(.iso8601, escapesSlashes: false)
        let values = (0..<64).map { index in KeyList(keys: (0...(index % 9)).map { "k\($0 * index)" }) }
        let expected = try values.map { try reference.encode(["list": [$0, $0]]) }
        try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for _ in 0..<4 {
                for (index, value) in values.enumerated() {
                    group.addTask { (index, try sorted.encode(["list": [value, value]])) }
                }
            }
            for try await (index, data) in group { #expect(data == expected[index]) }
        }
    }

    @Test func topLevelValues() {
        check("text")
        check(42)
        check(true)
        check(Optional<String>.none)
        // Nothing encoded at the top: JSONEncoder's error.
        check(Empty(), fastPath: false)
    }

    @Test func encodesWhatTheHandlerAnswers() throws {
        // The encoder the handler uses: its settings are JSONEncoder's for the API's date format.
        for format in DateFormat.allCases {
            let encoder = ServiceRequest.jsonEncoder(format)
            #expect(encoder.dateFormat == format)
            #expect(!encoder.escapesSlashes)
            let reference = format.makeJSONEncoder()
            reference.outputFormatting.insert(.withoutEscapingSlashes)
            let value = ["url": "https://x/y", "when": "now"]
            #expect(try encoder.encode(value) == reference.encode(value))
        }
    }
}

/// An object with the given keys, in that order, each with its index as value.
private struct KeyList: Encodable {
    var keys: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: ModelKey(stringValue: key)) }
    }
}

private struct Numbers: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        try container.encode(Int8.min, forKey: "int8")
        try container.encode(Int16.max, forKey: "int16")
        try container.encode(Int32.min, forKey: "int32")
        try container.encode(Int64.min, forKey: "int64")
        try container.encode(UInt.max, forKey: "uint")
        try container.encode(UInt8.max, forKey: "uint8")
        try container.encode(UInt16.max, forKey: "uint16")
        try container.encode(UInt32.max, forKey: "uint32")
        try container.encode(Float(2.5), forKey: "float")
        try container.encodeNil(forKey: "nothing")
        var list = container.nestedUnkeyedContainer(forKey: "list")
        try list.encode(Int8(-1))
        try list.encode(UInt16(7))
        try list.encode(Float(0.5))
        try list.encode(false)
        try list.encodeNil()
        var single = container.superEncoder(forKey: "single").singleValueContainer()
        try single.encode(Int32(-9))
    }
}

/// Nested keyed and unkeyed containers, written to after later siblings, and super encoders.
private struct Containers: Encodable {
    var value: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        var nested = container.nestedContainer(keyedBy: ModelKey.self, forKey: "nested")
        try container.encode("after", forKey: "z")
        try nested.encode(value, forKey: "value")
        var items = container.nestedUnkeyedContainer(forKey: "items")
        try items.encode("one")
        var inner = items.nestedContainer(keyedBy: ModelKey.self)
        try inner.encode([1, 2], forKey: "pair")
        var deeper = items.nestedUnkeyedContainer()
        try deeper.encode(Date(timeIntervalSince1970: 60))
        try items.encode(["k": "v"])
        try Date(timeIntervalSince1970: 1).encode(to: container.superEncoder())
        try "from super".encode(to: items.superEncoder())
    }
}

/// A subclass-style encoding: the parent's members under `super`, the child's beside them.
private struct Child: Encodable {
    var name: String
    var age: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        try container.encode(age, forKey: "age")
        var parent = container.superEncoder().container(keyedBy: ModelKey.self)
        try parent.encode(name, forKey: "name")
    }
}

/// An object holding `count` objects opened as nested containers, written when the holder is.
private struct NestedObjects: Encodable {
    var count: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        var nested: [KeyedEncodingContainer<ModelKey>] = []
        for index in 0..<count { nested.append(container.nestedContainer(keyedBy: ModelKey.self, forKey: ModelKey(stringValue: "n\(index)"))) }
        for index in nested.indices { try nested[index].encode(index, forKey: "value") }
    }
}

/// Keeps the keyed container it encoded with, for a test to write to after the encoding.
/// `@unchecked Sendable`: one test uses it, on one task.
private final class ContainerHolder: Encodable, @unchecked Sendable {
    var container: KeyedEncodingContainer<ModelKey>?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        try container.encode(1, forKey: "kept")
        self.container = container
    }
}

/// Encodes nothing: `{}` inside a container, an error at the top.
private struct Empty: Encodable {
    func encode(to encoder: any Encoder) throws {}

    struct Holder: Encodable {
        var empty = Empty()
        var list = [Empty()]
    }
}

/// Members under the given keys, in order, each with its position as the value.
private struct Keyed: Encodable {
    var keys: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: ModelKey(stringValue: key)) }
    }
}

private struct UUIDHolder: Encodable {
    var id: UUID
}

/// Open members at the first, a middle and the last place of an object and of an array, written
/// to after the members that follow them.
private struct Interleaved: Encodable {
    var seed: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelKey.self)
        var first = container.nestedContainer(keyedBy: ModelKey.self, forKey: "m")
        try container.encode(seed, forKey: "b")
        var middle = container.nestedUnkeyedContainer(forKey: "k")
        try container.encode("text \(seed)", forKey: "a")
        let last = container.superEncoder(forKey: "c")
        var list = container.nestedUnkeyedContainer(forKey: "list")
        var head = list.nestedUnkeyedContainer()
        try list.encode(seed * 10)
        var inside = list.nestedContainer(keyedBy: ModelKey.self)
        try list.encode(true)
        let tail = list.superEncoder()
        var tailValue = tail.singleValueContainer()
        try tailValue.encode(seed + 100)
        try inside.encode([seed, seed], forKey: "pair")
        try head.encode("head")
        var deeper = first.nestedContainer(keyedBy: ModelKey.self, forKey: "deeper")
        try first.encode(seed + 1, forKey: "z")
        try deeper.encode(Date(timeIntervalSince1970: Double(seed)), forKey: "when")
        try middle.encode(seed + 2)
        try middle.encodeNil()
        var lastValue = last.singleValueContainer()
        try lastValue.encode(["only": seed])
    }
}

/// The same members under `ModelKey` or under an enum of keys: values, a nested object and list,
/// and a super encoder under a key.
private struct TwoKeyTypes: Encodable {
    enum Key: String, CodingKey { case id, name, when, inner, list, parent, flag, note }
    var useModelKey: Bool

    func encode(to encoder: any Encoder) throws {
        if useModelKey {
            var container = encoder.container(keyedBy: ModelKey.self)
            try container.encodeMember(Int64(42), "id")
            try container.encodeMember("ünïcode \"q\"", "name")
            try container.encodeMember(Date(timeIntervalSince1970: 86_400), "when")
            var inner = container.nestedContainer(keyedBy: ModelKey.self, forKey: "inner")
            try inner.encodeMember(2.5, "note")
            var list = container.nestedUnkeyedContainer(forKey: "list")
            try list.encode(1)
            try container.encodeNil(forKey: "flag")
            var parent = container.superEncoder(forKey: "parent").container(keyedBy: ModelKey.self)
            try parent.encodeMember(true, "flag")
        } else {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Int64(42), forKey: .id)
            try container.encode("ünïcode \"q\"", forKey: .name)
            try container.encode(Date(timeIntervalSince1970: 86_400), forKey: .when)
            var inner = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
            try inner.encode(2.5, forKey: .note)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try container.encodeNil(forKey: .flag)
            var parent = container.superEncoder(forKey: .parent).container(keyedBy: Key.self)
            try parent.encode(true, forKey: .flag)
        }
    }
}

/// Members of each kind the model container writes with a method of its own, under `ModelKey`
/// (directly and through `encodeMember`) or a key enum, with a date, a nested object and an open
/// enum's raw value through the generic method.
private struct ScalarMembers: Encodable {
    struct Values {
        var text: String
        var flag: Bool
        var count: Int
        var big: Int64
        var ratio: Double
        var whole: Double
    }

    enum Key: String, CodingKey { case text, flag, count, big, ratio, whole, when, nested, kind, member }

    struct Kind: RawRepresentable, Encodable {
        var rawValue: String
    }

    var values: Values
    var useModelKey: Bool

    func encode(to encoder: any Encoder) throws {
        if useModelKey {
            var container = encoder.container(keyedBy: ModelKey.self)
            try container.encode(values.text, forKey: "text")
            try container.encode(values.flag, forKey: "flag")
            try container.encode(values.count, forKey: "count")
            try container.encode(values.big, forKey: "big")
            try container.encode(values.ratio, forKey: "ratio")
            try container.encodeMember(values.whole, "whole")
            try container.encodeMember(Date(timeIntervalSince1970: 86_400), "when")
            try container.encodeMember(Kind(rawValue: "Run"), "kind")
            try container.encodeMember(["a": values.count], "nested")
            try container.encodeMember(values.text, "member")
        } else {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(values.text, forKey: .text)
            try container.encode(values.flag, forKey: .flag)
            try container.encode(values.count, forKey: .count)
            try container.encode(values.big, forKey: .big)
            try container.encode(values.ratio, forKey: .ratio)
            try container.encode(values.whole, forKey: .whole)
            try container.encode(Date(timeIntervalSince1970: 86_400), forKey: .when)
            try container.encode(Kind(rawValue: "Run"), forKey: .kind)
            try container.encode(["a": values.count], forKey: .nested)
            try container.encode(values.text, forKey: .member)
        }
    }
}
