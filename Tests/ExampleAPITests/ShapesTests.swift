import EndpointRuntime
import ExampleAPIs
import Foundation
import TestSupport
import Testing

/// specs/Shapes.endpoints.json: unions, recursion, `additionalProperties` and integer enums, decoded
/// from payloads shaped like real documents (a pet store, GitHub events, OpenAI chat messages) and
/// written back. "Round trip" means: decode, encode, and the JSON is the same (keys and values).
@Suite struct ShapesTests {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Two JSON values are the same: equal objects and arrays, numbers equal as numbers (`2` and
    /// `2.0`), and an object member that is `null` the same as an absent one (the format's rule: an
    /// optional property absent or `null` decodes to `nil`, and `nil` is left out when encoding).
    static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            let a = a.filter { $0.value != .null }, b = b.filter { $0.value != .null }
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (.int(a), .double(b)), let (.double(b), .int(a)):
            return Double(a) == b
        default:
            return lhs == rhs
        }
    }

    /// Decodes `text` as `T`, encodes the value, and checks the JSON is the same; returns the value.
    @discardableResult
    static func roundTrip<T: Codable>(_ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let value = try decoder().decode(T.self, from: Data(text.utf8))
        let written = try encoder().encode(value)
        let original = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let again = try JSONDecoder().decode(JSONValue.self, from: written)
        #expect(same(original, again), "\(original.description)\n!=\n\(again.description)", sourceLocation: sourceLocation)
        return value
    }

    // MARK: oneOf with a discriminator

    /// A model's `==` is written out (one `ModelEquality.same` per stored property) and its
    /// `hash(into:)` synthesized: together they must agree with each other and see every property,
    /// a boxed one by its value and `additionalProperties` too.
    @Test func modelsAreEqualWhenEveryPropertyIsAndHashAlike() throws {
        let root = Shapes.Comment(id: 1, text: "root")
        let reply = Shapes.Comment(id: 2, text: "reply", parent: root, byId: ["1": root])
        let same = Shapes.Comment(id: 2, text: "reply", parent: Shapes.Comment(id: 1, text: "root"), byId: ["1": root])
        #expect(reply == same)
        #expect(reply.hashValue == same.hashValue)
        #expect(Set([reply, same, root]).count == 2)
        // Differing only deep inside the boxed parent, or only in the last property.
        #expect(reply != Shapes.Comment(id: 2, text: "reply", parent: Shapes.Comment(id: 1, text: "Root"), byId: ["1": root]))
        #expect(reply != Shapes.Comment(id: 2, text: "reply", parent: root, byId: ["1": reply]))
        #expect(reply != Shapes.Comment(id: 2, text: "reply", parent: root))

        let labels = Shapes.Labels(count: 1, name: "a", additionalProperties: ["x": "1"])
        #expect(labels == Shapes.Labels(count: 1, name: "a", additionalProperties: ["x": "1"]))
        #expect(labels != Shapes.Labels(count: 1, name: "a", additionalProperties: ["x": "2"]))
        #expect(labels != Shapes.Labels(count: 1, name: nil, additionalProperties: ["x": "1"]))

        // A decoded model equals the one built by hand, down to its last property.
        let athlete = try JSONDecoder().decode(StravaAPI.SummaryAthlete.self, from: Data(#"{"id": 7, "firstname": "Ada"}"#.utf8))
        #expect(athlete == StravaAPI.SummaryAthlete(id: 7, firstname: "Ada"))
        #expect(athlete != StravaAPI.SummaryAthlete(id: 7, firstname: "Ada", lastname: "L"))
    }

    @Test func petStorePetsChooseTheirAlternativeByDiscriminator() throws {
        let cat = try Self.roundTrip(Shapes.Pet.self, #"{"petType":"cat","name":"Tom","lives":9}"#)
        #expect(cat == .cat(Shapes.Cat(petType: "cat", name: "Tom", lives: 9)))
        let dog = try Self.roundTrip(Shapes.Pet.self, #"{"petType":"dog","name":"Rex","good_boy":true}"#)
        #expect(dog == .dog(Shapes.Dog(petType: "dog", name: "Rex", goodBoy: true)))
        // Not in the mapping: chosen by the model's own name.
        let lizard = try Self.roundTrip(Shapes.Pet.self, #"{"petType":"Lizard","scales":120}"#)
        #expect(lizard == .lizard(Shapes.Lizard(petType: "Lizard", scales: 120)))
    }

    @Test func anUnknownDiscriminatorOrAPayloadThatDoesNotFitKeepsTheRawJSON() throws {
        let hamster = try Self.roundTrip(Shapes.Pet.self, #"{"petType":"hamster","name":"Hammy","cheeks":2}"#)
        #expect(hamster == .unknown(["petType": "hamster", "name": "Hammy", "cheeks": 2]))
        // A known value whose payload lacks a required property: the raw case, not a thrown error.
        let badDog = try Self.roundTrip(Shapes.Pet.self, #"{"petType":"dog","name":"Rex"}"#)
        #expect(badDog == .unknown(["petType": "dog", "name": "Rex"]))
        // A payload of the wrong type for its alternative (`lives` a string): the raw case too.
        let badCat = try Self.roundTrip(Shapes.Pet.self, #"{"petType":"cat","name":"Tom","lives":"nine"}"#)
        #expect(badCat == .unknown(["petType": "cat", "name": "Tom", "lives": "nine"]))
        // A discriminator that is not a string, or null, chooses nothing.
        #expect(try Self.roundTrip(Shapes.Pet.self, #"{"petType":7,"name":"Tom","lives":9}"#)
            == .unknown(["petType": 7, "name": "Tom", "lives": 9]))
        #expect(try Self.roundTrip(Shapes.Pet.self, #"{"petType":null,"name":"Tom","lives":9}"#)
            == .unknown(["petType": .null, "name": "Tom", "lives": 9]))
        // No discriminator at all, or not even an object.
        #expect(try Self.roundTrip(Shapes.Pet.self, #"{"name":"Nobody"}"#) == .unknown(["name": "Nobody"]))
        #expect(try Self.roundTrip(Shapes.Pet.self, #""cat""#) == .unknown("cat"))
        #expect(try Self.roundTrip(Shapes.Pet.self, #"[1,2]"#) == .unknown([1, 2]))
        #expect(try Self.roundTrip(Shapes.Pet.self, #"null"#) == .unknown(.null))
    }

    /// The discriminator property may be a string enum, as OpenAPI documents often declare it.
    @Test func aStringEnumDiscriminatorChoosesToo() throws {
        #expect(try Self.roundTrip(Shapes.Figure.self, #"{"kind":"circle","radius":2}"#) == .circle(Shapes.Circle(kind: .circle, radius: 2)))
        #expect(try Self.roundTrip(Shapes.Figure.self, #"{"kind":"square","side":1.5}"#) == .square(Shapes.Square(kind: .square, side: 1.5)))
        #expect(try Self.roundTrip(Shapes.Figure.self, #"{"kind":"hexagon","side":1}"#) == .unknown(["kind": "hexagon", "side": 1]))
    }

    @Test func gitHubEventsRoundTrip() throws {
        let text = #"""
        [
          {"type":"PushEvent","id":"1","actor":{"id":583231,"login":"octocat"},"created_at":"2024-05-01T10:00:00Z",
           "payload":{"ref":"refs/heads/main","size":2,"commits":[{"sha":"6dcb09b","message":"Fix all the bugs","distinct":true},
                                                                 {"sha":"7a1b2c3","message":"Merge","distinct":false}]}},
          {"type":"IssuesEvent","id":"2","actor":{"id":1,"login":"hubot"},
           "payload":{"action":"opened","issue":{"number":1347,"title":"Found a bug","labels":[{"name":"bug","color":"f29513"},{"name":"triage"}],
                      "reactions":{"total_count":5,"+1":3,"-1":1,"laugh":1}}}},
          {"type":"WatchEvent","id":"3","actor":{"id":2,"login":"mona"}},
          {"type":"ForkEvent","id":"4","actor":{"id":3,"login":"spoon"},"payload":{"forkee":{"id":99}}}
        ]
        """#
        let events = try Self.roundTrip([Shapes.Event].self, text)
        #expect(events.count == 4)
        guard case let .pushEvent(push) = events[0], case let .issuesEvent(issues) = events[1], case .watchEvent = events[2],
              case let .unknown(fork) = events[3] else {
            Issue.record("wrong cases: \(events)")
            return
        }
        #expect(push.payload.commits.map(\.sha) == ["6dcb09b", "7a1b2c3"])
        #expect(push.createdAt == Date(timeIntervalSince1970: 1_714_557_600))
        // `+1` and `-1` are distinct properties.
        #expect(issues.payload.issue.reactions?.plus1 == 3)
        #expect(issues.payload.issue.reactions?.minus1 == 1)
        #expect(fork["payload"]?["forkee"]?["id"] == 99)
    }

    /// `tool_choice` ("auto"), `stop` ("\n") and `n` (1) are defaults on unions: each is the first
    /// alternative that takes it, written back as the plain value it was in the spec.
    @Test func unionDefaultsAreTheirAlternativesCase() throws {
        let request = Shapes.ChatRequest(model: "gpt-4o", messages: [])
        #expect(request.toolChoice == .toolChoiceMode(.auto))
        #expect(request.stop == .string("\n"))
        #expect(request.n == Shapes.Number(int: 1))
        let written = try JSONDecoder().decode(JSONValue.self, from: try Self.encoder().encode(request))
        #expect(written["tool_choice"] == "auto")
        #expect(written["stop"] == "\n")
        #expect(written["n"] == 1)
        let again = try Self.decoder().decode(Shapes.ChatRequest.self, from: try Self.encoder().encode(request))
        #expect(again.toolChoice == request.toolChoice)
        #expect(again.stop == request.stop)
        // Decoding `1` fits both alternatives of the anyOf; the default set only the first.
        #expect(again.n == Shapes.Number(int: 1, double: 1))
    }

    @Test func openAIChatMessagesRoundTrip() throws {
        let text = #"""
        {"model":"gpt-4o","temperature":0.2,"tool_choice":"none","stop":["END","STOP"],"n":2,"messages":[
          {"role":"system","content":"You are terse."},
          {"role":"user","content":"Hello"},
          {"role":"user","content":[{"type":"text","text":"What is this?"},
                                    {"type":"image_url","image_url":{"url":"https://example.com/cat.png","detail":"low"}},
                                    {"type":"input_audio","input_audio":{"data":"AAAA","format":"wav"}}]},
          {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"lookup","arguments":"{\"q\":1}"}}]},
          {"role":"tool","tool_call_id":"call_1","content":"42"}
        ]}
        """#
        let request = try Self.roundTrip(Shapes.ChatRequest.self, text)
        #expect(request.toolChoice == .toolChoiceMode(.noneValue))
        #expect(request.stop == .stringArray(["END", "STOP"]))
        let messages = request.messages
        #expect(messages.count == 5)
        #expect(messages[0] == .systemMessage(Shapes.SystemMessage(role: "system", content: "You are terse.")))
        #expect(messages[1] == .userMessage(Shapes.UserMessage(role: "user", content: .string("Hello"))))
        guard case let .userMessage(user) = messages[2], case let .contentPartArray(parts) = user.content else {
            Issue.record("not a list of parts: \(messages[2])")
            return
        }
        #expect(parts[0] == .textPart(Shapes.TextPart(type: "text", text: "What is this?")))
        #expect(parts[1] == .imagePart(Shapes.ImagePart(type: "image_url", imageUrl: Shapes.ImageURL(url: "https://example.com/cat.png", detail: "low"))))
        #expect(parts[2] == .unknown(["type": "input_audio", "input_audio": ["data": "AAAA", "format": "wav"]]))
        guard case let .assistantMessage(assistant) = messages[3] else { Issue.record("\(messages[3])"); return }
        #expect(assistant.content == nil)
        #expect(assistant.toolCalls?.first?.function.name == "lookup")
        #expect(messages[4] == .unknown(["role": "tool", "tool_call_id": "call_1", "content": "42"]))
    }

    // MARK: oneOf without a discriminator, anyOf

    @Test func alternativesWithoutADiscriminatorAreTriedInOrder() throws {
        #expect(try Self.roundTrip(Shapes.IdOrName.self, "42") == .int(42))
        #expect(try Self.roundTrip(Shapes.IdOrName.self, #""octocat""#) == .string("octocat"))
        #expect(try Self.roundTrip(Shapes.IdOrName.self, "true") == .unknown(true))
        #expect(try Self.roundTrip(Shapes.IdOrName.self, "1.5") == .unknown(1.5))
    }

    @Test func anyOfKeepsEveryAlternativeThatDecodesAndEncodesOnce() throws {
        let whole = try Self.roundTrip(Shapes.Number.self, "3")
        #expect(whole.int == 3 && whole.double == 3.0 && whole.unknown == nil)
        #expect(String(decoding: try Self.encoder().encode(whole), as: UTF8.self) == "3")
        let fraction = try Self.roundTrip(Shapes.Number.self, "2.5")
        #expect(fraction.int == nil && fraction.double == 2.5)
        let text = try Self.roundTrip(Shapes.Number.self, #""three""#)
        #expect(text == Shapes.Number(unknown: "three"))

        // Merged in the encoder itself: the date keeps the encoder's ISO 8601 strategy.
        let both = try Self.roundTrip(Shapes.Contact.self,
                                      #"{"email":"a@example.com","verified":true,"verified_at":"2024-05-01T10:00:00Z","phone":"+1 555"}"#)
        #expect(both.email == Shapes.Email(email: "a@example.com", verified: true, verifiedAt: Date(timeIntervalSince1970: 1_714_557_600)))
        #expect(both.phone == Shapes.Phone(phone: "+1 555"))
        let phoneOnly = try Self.roundTrip(Shapes.Contact.self, #"{"phone":"+1 555"}"#)
        #expect(phoneOnly == Shapes.Contact(phone: Shapes.Phone(phone: "+1 555")))
        #expect(try Self.roundTrip(Shapes.Contact.self, #"{"fax":"1"}"#) == Shapes.Contact(unknown: ["fax": "1"]))
    }

    // MARK: additionalProperties, JSON, integer enums

    @Test func additionalPropertiesAreKeptAndWrittenBack() throws {
        let labels = try Self.roundTrip(Shapes.Labels.self, #"{"count":2,"name":"n","env":"prod","team":"core"}"#)
        #expect(labels.count == 2 && labels.name == "n")
        #expect(labels.additionalProperties == ["env": "prod", "team": "core"])
        let built = Shapes.Labels(count: 1, additionalProperties: ["x": "y"])
        let written = try JSONDecoder().decode(JSONValue.self, from: try Self.encoder().encode(built))
        #expect(written == ["count": 1, "x": "y"])
        // A member of the wrong type is a decoding error, as for a declared property.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Shapes.Labels.self, from: Data(#"{"count":1,"env":5}"#.utf8))
        }
        let metadata = try Self.roundTrip(Shapes.Metadata.self, #"{"id":"m1","big":9007199254740993,"nested":{"a":[1,null,"x"]}}"#)
        #expect(metadata.additionalProperties["big"] == .int(9_007_199_254_740_993))
    }

    @Test func jsonKeepsIntegersBeyond2To53Exactly() throws {
        for text in ["9007199254740993", "-9007199254740993", "9223372036854775807", "-9223372036854775808"] {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            #expect(value == .int(Int64(text)!))
            #expect(String(decoding: try JSONEncoder().encode(value), as: UTF8.self) == text)
        }
        let object = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"id":9007199254740993}"#.utf8))
        #expect(object.description == #"{"id":9007199254740993}"#)
    }

    @Test func integerEnumsAreForwardCompatibleAndWorkAsParameters() throws {
        #expect(try Self.roundTrip(Shapes.Priority.self, "2") == ._2)
        #expect(try Self.roundTrip(Shapes.Priority.self, "-1") == .minus1)
        #expect(try Self.roundTrip(Shapes.Priority.self, "7") == Shapes.Priority(rawValue: 7))
        #expect(try Self.roundTrip(Shapes.Priority.self, "7").rawValue == 7)
        #expect(Shapes.Priority(rawValue: 3) == ._3)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Shapes.Priority.self, from: Data(#""2""#.utf8)) }
        // The spec's default is the enum case.
        #expect(Shapes.Task(title: "t").priority == ._2)
        try check(Shapes.tasks(priority: ._3, atLeast: .init(rawValue: 9), anyOf: [._1, .minus1], reaction: .plus1),
                  ExpectedRequest(method: .get, url: "https://shapes.example.com/v1/tasks/3?at_least=9&any_of=1&any_of=-1&reaction=%2B1"),
                  wraps: Shapes.Call.tasks(priority: ._3, atLeast: .init(rawValue: 9), anyOf: [._1, .minus1], reaction: .plus1))
        #expect(Shapes.Reaction(rawValue: "-1") == .minus1 && Shapes.Reaction.plus1.rawValue == "+1")
    }

    /// A `UUID` or `URL` default (the format takes them; they take no string literal) is the value the
    /// spec writes, and is sent when the caller leaves it.
    @Test func uuidAndURLDefaultsAreTheirValues() throws {
        let member = Shapes.Member()
        #expect(member.id == UUID(uuidString: "3FA85F64-5717-4562-B3FC-2C963F66AFA6"))
        #expect(member.schemas == [URL(string: "urn:ietf:params:scim:schemas:core:2.0:User")!])
        try check(Shapes.members(),
                  ExpectedRequest(method: .get, url: "https://shapes.example.com/v1/members?profile=https://shapes.example.com/profiles/default"),
                  wraps: Shapes.Call.members(profile: URL(string: "https://shapes.example.com/profiles/default")!))
    }

    /// Values that only their signs tell apart are named by them, and decode and encode as written.
    @Test func enumValuesThatDifferInTheirSignKeepTheirOwnCases() throws {
        #expect(Shapes.TimeZoneName.etcGMTPlus1.rawValue == "Etc/GMT+1")
        #expect(Shapes.TimeZoneName.etcGMTMinus1.rawValue == "Etc/GMT-1")
        #expect(Shapes.TimeZoneName.americaPortAuPrince.rawValue == "America/Port-au-Prince")
        #expect(try Self.roundTrip(Shapes.TimeZoneName.self, #""Etc/GMT-13""#) == .etcGMTMinus13)
        #expect(try Self.roundTrip(Shapes.TimeZoneName.self, #""2020-08-27""#) == ._20200827)
        #expect(Shapes.TimeZoneName.etcGMTPlus1 != .etcGMTMinus1)
    }

    // MARK: Multipart parts

    /// Per-part `contentType` and `headers` reach a real server: the untyped file takes the spec's
    /// type, a typed file keeps its own, the text part is sent as JSON.
    @Test func multipartPartsCarryTheirOwnContentTypeAndHeaders() async throws {
        let server = try await LocalHTTPServer.start()
        defer { server.stop() }
        let client = HTTPClient(baseURL: server.baseURL)
        let untyped = Shapes.AvatarUpload(photo: File(data: Data("PNG!".utf8), fileName: "me.png"), metadata: #"{"size":4}"#)
        let echo = try await client.send(Shapes.uploadAvatar(body: untyped), as: EchoedRequest.self)
        #expect(echo.method == "POST" && echo.rawPath == "/avatars")
        let boundary = try #require(echo.header("Content-Type")?.components(separatedBy: "boundary=").last)
        #expect(echo.bodyText == "--\(boundary)\r\n"
            + "Content-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n"
            + "X-Photo-Checksum: sha256\r\n\r\nPNG!\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n"
            + "{\"size\":4}\r\n--\(boundary)--\r\n")

        let typed = Shapes.AvatarUpload(photo: File(data: Data("JPG".utf8), fileName: "me.jpg", contentType: "image/jpeg"), metadata: "{}",
                                        note: "hi")
        let typedEcho = try await client.send(Shapes.uploadAvatar(body: typed), as: EchoedRequest.self)
        #expect(typedEcho.bodyText.contains("filename=\"me.jpg\"\r\nContent-Type: image/jpeg\r\nX-Photo-Checksum: sha256\r\n\r\nJPG"))
        #expect(typedEcho.bodyText.contains("name=\"note\"\r\n\r\nhi\r\n"))
    }

    // MARK: Recursion

    /// A comment 50 replies deep (each reply also pointing at its parent) and an expression 50
    /// operators deep decode, encode and compare, on a thread with the default stack size.
    @Test func recursiveModelsFiftyLevelsDeep() async throws {
        var comment = #"{"id":50,"text":"leaf"}"#
        for level in (0..<50).reversed() {
            comment = #"{"id":\#(level),"text":"t\#(level)","parent":{"id":-1,"text":"p"},"by_id":{"k":{"id":-2,"text":"x"}},"replies":[\#(comment)]}"#
        }
        var expr = #"{"kind":"Literal","value":1}"#
        for level in 0..<50 {
            expr = level % 2 == 0
                ? #"{"kind":"Binary","op":"+","left":\#(expr),"right":{"kind":"Literal","value":\#(level)}}"#
                : #"{"kind":"Apply","function":"f","arguments":[\#(expr),{"kind":"Mystery"}]}"#
        }
        let (commentText, exprText) = (comment, expr)
        let depth: Int = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    let decoded = try Self.roundTrip(Shapes.Comment.self, commentText)
                    try Self.roundTrip(Shapes.Expr.self, exprText)
                    var depth = 0
                    var node: Shapes.Comment? = decoded
                    while let current = node {
                        depth += 1
                        node = current.replies?.first
                    }
                    continuation.resume(returning: depth)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
        #expect(depth == 51)

        // Built by hand: mutation through the boxed property does not leak into copies.
        var tree = Shapes.Comment(id: 0, text: "root")
        for level in 1...50 { tree = Shapes.Comment(id: level, text: "c", parent: tree) }
        var copy = tree
        copy.parent?.text = "changed"
        #expect(tree.parent?.text == "c" && copy.parent?.text == "changed")
        #expect(tree != copy)
        let node = Shapes.Tree.treeNode(Shapes.TreeNode(name: "a", child: .treeNode(Shapes.TreeNode(name: "b", child: .string("leaf")))))
        let written = try Self.encoder().encode(node)
        #expect(String(decoding: written, as: UTF8.self) == #"{"child":{"child":"leaf","name":"b"},"name":"a"}"#)
        #expect(try Self.decoder().decode(Shapes.Tree.self, from: written) == node)
    }

    // MARK: Property test

    /// Random payloads of the recursive and union shapes (seeded, so a failure repeats) round-trip.
    @Test func randomShapesRoundTrip() throws {
        var random = SplitMix(seed: 0x5EED_0F_5A_A9E5)
        for _ in 0..<300 {
            try Self.roundTrip(Shapes.Expr.self, Self.expr(&random, depth: 0).description)
            try Self.roundTrip(Shapes.Comment.self, Self.comment(&random, depth: 0).description)
            try Self.roundTrip([Shapes.ContentPart].self, JSONValue.array((0..<random.below(4)).map { _ in Self.part(&random) }).description)
            try Self.roundTrip(Shapes.Labels.self, Self.labels(&random).description)
            try Self.roundTrip(Shapes.Metadata.self, Self.metadata(&random).description)
            try Self.roundTrip(Shapes.Number.self, Self.scalar(&random).description)
            try Self.roundTrip(Shapes.IdOrName.self, Self.scalar(&random).description)
            try Self.roundTrip(Shapes.Contact.self, Self.contact(&random).description)
            try Self.roundTrip(Shapes.Pet.self, Self.pet(&random).description)
        }
    }

    static func text(_ random: inout SplitMix) -> JSONValue {
        .string(["", "a", "héllo", "+1", "line\nbreak", "\"quoted\"", "🎉"][random.below(7)])
    }

    static func scalar(_ random: inout SplitMix) -> JSONValue {
        switch random.below(6) {
        case 0: return .int(Int64(random.below(2_000)) - 1_000)
        case 1: return .double(Double(random.below(10_000)) / 8 + 0.125)
        case 2: return text(&random)
        case 3: return .bool(random.below(2) == 0)
        case 4: return .null
        default: return .int(9_007_199_254_740_993)
        }
    }

    static func anyJSON(_ random: inout SplitMix, depth: Int) -> JSONValue {
        guard depth < 3 else { return scalar(&random) }
        switch random.below(3) {
        case 0: return .array((0..<random.below(3)).map { _ in anyJSON(&random, depth: depth + 1) })
        case 1: return .object(Dictionary(uniqueKeysWithValues: (0..<random.below(3)).map { ("k\($0)", anyJSON(&random, depth: depth + 1)) }))
        default: return scalar(&random)
        }
    }

    static func expr(_ random: inout SplitMix, depth: Int) -> JSONValue {
        switch depth > 6 ? 0 : random.below(4) {
        case 0: return ["kind": "Literal", "value": .double(Double(random.below(100)) / 4)]
        case 1: return ["kind": "Binary", "op": text(&random), "left": expr(&random, depth: depth + 1), "right": expr(&random, depth: depth + 1)]
        case 2: return ["kind": "Apply", "function": text(&random),
                        "arguments": .array((0..<random.below(3)).map { _ in expr(&random, depth: depth + 1) })]
        default: return ["kind": .string("Unknown\(random.below(3))"), "x": anyJSON(&random, depth: 1)]
        }
    }

    static func comment(_ random: inout SplitMix, depth: Int) -> JSONValue {
        var members: [String: JSONValue] = ["id": .int(Int64(random.below(1_000))), "text": text(&random)]
        if depth < 4 {
            if random.below(2) == 0 { members["parent"] = comment(&random, depth: depth + 2) }
            if random.below(2) == 0 { members["replies"] = .array((0..<random.below(3)).map { _ in comment(&random, depth: depth + 1) }) }
            if random.below(3) == 0 { members["by_id"] = ["x": comment(&random, depth: depth + 1)] }
        }
        return .object(members)
    }

    static func part(_ random: inout SplitMix) -> JSONValue {
        switch random.below(3) {
        case 0: return ["type": "text", "text": text(&random)]
        case 1:
            var image: [String: JSONValue] = ["url": .string("https://example.com/\(random.below(9)).png")]
            if random.below(2) == 0 { image["detail"] = "high" }
            return ["type": "image_url", "image_url": .object(image)]
        default: return ["type": "file", "file": anyJSON(&random, depth: 1)]
        }
    }

    static func labels(_ random: inout SplitMix) -> JSONValue {
        var members: [String: JSONValue] = ["count": .int(Int64(random.below(50)))]
        if random.below(2) == 0 { members["name"] = text(&random) }
        for index in 0..<random.below(4) { members["extra\(index)"] = text(&random) }
        return .object(members)
    }

    static func metadata(_ random: inout SplitMix) -> JSONValue {
        var members: [String: JSONValue] = ["id": text(&random)]
        for index in 0..<random.below(4) { members["m\(index)"] = anyJSON(&random, depth: 0) }
        return .object(members)
    }

    static func contact(_ random: inout SplitMix) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if random.below(2) == 0 {
            members["email"] = text(&random)
            if random.below(3) == 0 { members["verified"] = .bool(true) }
        }
        if random.below(2) == 0 { members["phone"] = text(&random) }
        return random.below(8) == 0 ? scalar(&random) : .object(members)
    }

    static func pet(_ random: inout SplitMix) -> JSONValue {
        switch random.below(4) {
        case 0: return random.below(2) == 0 ? ["petType": "cat", "name": text(&random)] : ["petType": "cat", "name": text(&random), "lives": 7]
        case 1: return ["petType": "dog", "name": text(&random), "good_boy": .bool(random.below(2) == 0)]
        case 2: return ["petType": "Lizard", "scales": .int(Int64(random.below(300)))]
        default: return ["petType": text(&random), "name": anyJSON(&random, depth: 1)]
        }
    }

    /// A property with a `name` reads and writes that JSON name; its Swift name comes from its key.
    @Test func aPropertyNamedApartFromItsKeyUsesItsNameInJSON() throws {
        let json = #"{"id":583231,"login":"octocat","siteAdmin":false,"site_admin":true}"#
        let actor = try Self.decoder().decode(Shapes.Actor.self, from: Data(json.utf8))
        #expect(actor.siteAdmin == true)
        #expect(actor.siteAdminLegacy == false)
        #expect(String(decoding: try Self.encoder().encode(actor), as: UTF8.self) == json)
        let older = try Self.decoder().decode(Shapes.Actor.self, from: Data(#"{"id":1,"login":"a","siteAdmin":true}"#.utf8))
        #expect(older.siteAdmin == nil && older.siteAdminLegacy == true)
    }
}
