@testable import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

// specs/Torture.endpoints.json: names that are Swift keywords, start with digits, hold dashes, dots,
// spaces, emoji and other scripts, and near-collisions that must stay apart. Its generated Swift
// (Tests/ExampleAPIs/Torture.swift) compiling at all is the first test; these check that whatever
// Swift name a spec key became, the wire name (path, query, header, JSON key, enum value) is sent
// and read exactly as the spec wrote it.

/// The decoded query items of a request, in order.
private func queryItems(_ request: HTTPRequest) -> [(String, String?)] {
    (request.urlComponents.queryItems ?? []).map { ($0.name, $0.value) }
}

private func queryNames(_ request: HTTPRequest) -> [String] { queryItems(request).map(\.0) }

private func jsonObject(_ data: Data?) throws -> [String: Any] {
    let data = try #require(data)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// `application/x-www-form-urlencoded` fields, decoded.
private func formFields(_ data: Data?) throws -> [(String, String)] {
    let text = String(decoding: try #require(data), as: UTF8.self)
    return text.split(separator: "&").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
        }
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }
}

/// The spec's `headers` and `auth` inherited by every top-level endpoint.
private let topHeaders: [(String, String)] = [
    ("X-Default", "default"),
    ("X-Quote", ##"say "hi" \ \(notInterpolated) #"raw"# """"##),
    ("Accept", "application/json"),
]

private func headerPairs(_ request: HTTPRequest) -> [(String, String)] {
    request.headers.map { ($0.name, $0.value) }
}

private func expectHeaders(_ request: HTTPRequest, _ expected: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = headerPairs(request)
    #expect(actual.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
    #expect(actual.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
}

/// Calls the deprecated typed `init` factory without a deprecation warning in this file: the
/// protocol requirement is not deprecated, only the witness that calls the factory. The
/// `TortureAPI.Call.init` case is not deprecated.
private protocol DeprecatedTortureEndpoints {
    func typedInitEndpoint() -> Endpoint<Void>
}

private struct DeprecatedCalls: DeprecatedTortureEndpoints {
    @available(*, deprecated)
    func typedInitEndpoint() -> Endpoint<Void> {
        TortureAPI.`init`(id: 9, userId: 1, userID: 2, pay: "latin", рау: "cyrillic", emoji: "plain", émoji: "accent")
    }
}

@Suite("Torture: wire names survive keyword, digit, punctuation, emoji and other-script names")
struct TortureTests {
    @Test("Keyword-named path, query and header parameters keep their wire names")
    func keywordParameters() throws {
        // The endpoint key `default_endpoint` (the group `default` is also a case of `TortureAPI.Call`).
        let endpoint = TortureAPI.defaultEndpoint(self: "a/b c", default: 7, type: "T", init: true, case: .`self`)
        #expect(endpoint.call as? TortureAPI.Call == .defaultEndpoint(self: "a/b c", default: 7, type: "T", init: true, case: .`self`))
        let request = try endpoint.httpRequest()
        #expect(request.method == .get)
        // Path values are one segment each: the `/` in `self` is encoded, never a new segment.
        #expect(request.urlComponents.percentEncodedPath == "/api/v1/default/a%2Fb%20c/7")
        #expect(queryItems(request).map(\.0) == ["Type"])
        #expect(queryItems(request).map(\.1) == ["T"])
        expectHeaders(request, topHeaders + [("init", "true"), ("X-Case", "self")])
        #expect(request.authOptions == AuthOptions([.apiKey(in: .query, name: "api-key")]))

        // Optional ones left nil are omitted, not sent empty.
        let bare = try TortureAPI.defaultEndpoint(self: "s", default: 0).httpRequest()
        #expect(queryItems(bare).isEmpty)
        expectHeaders(bare, topHeaders)
    }

    @Test("Digit-first, dashed and dotted path parameters; keyword query names in both array styles")
    func digitsDashesDots() throws {
        let request = try TortureAPI.type(_1st: 1, dashName: "x-y", dotName: .dotValue, where: ["a", "b"], in: [1, 2], is: false)
            .httpRequest()
        #expect(request.urlComponents.path == "/api/v1/type/1/x-y/dot.value")
        #expect(queryItems(request).map(\.0) == ["where", "where", "in", "is"])
        #expect(queryItems(request).map(\.1) == ["a", "b", "1,2", "false"])
    }

    @Test("Other scripts, emoji, spaces and brackets in query names; a JSON body keyed by wire names")
    func scriptsAndEmoji() throws {
        let everything = TortureAPI.Everything(self: "s", selfValue: 1, default: 2, type: "t", case: .noneValue, true: true, émoji: "é", u1F642: "smile",
                                    данные: TortureAPI.Данные(数据: .данные, данные: "d"), 数据: .数据, userId: 3, userID: 4, pay: "p", рау: "r")
        let endpoint = TortureAPI.`protocol`(数据: "数据值", émoji: "é/🙂", данные: 1, αβγ: 2.5, spaceName: "a b", filterName: "f",
                                            tags: ["x", "y"], u1F642: "🙂", body: ["key with space": everything])
        let request = try endpoint.httpRequest()
        #expect(request.method == .put)
        #expect(request.urlComponents.path == "/api/v1/protocol/数据值/é/🙂")
        #expect(request.urlComponents.percentEncodedPath.components(separatedBy: "/").count == 6)
        #expect(queryNames(request) == ["данные", "αβγ", "space name", "filter[name]", "tags[]", "tags[]", "🙂"])
        #expect(queryItems(request).map(\.1) == ["1", "2.5", "a b", "f", "x", "y", "🙂"])
        #expect(endpoint.statuses == [204])
        #expect(endpoint.accepts(204) && !endpoint.accepts(200))

        let body = try jsonObject(request.body)
        let object = try #require(body["key with space"] as? [String: Any])
        #expect(Set(object.keys) == [
            "self", "self_value", "default", "Type", "case", "true", "émoji🙂", "🙂", "данные", "数据", "user_id", "userID", "pay", "рау",
        ])
        #expect(object["self"] as? String == "s")
        #expect(object["self_value"] as? Int == 1)
        #expect(object["case"] as? String == "none")
        #expect(object["🙂"] as? String == "smile")
        #expect(object["рау"] as? String == "r" && object["pay"] as? String == "p")
        #expect(object["user_id"] as? Int == 3 && object["userID"] as? Int == 4)
        let nested = try #require(object["данные"] as? [String: Any])
        #expect(nested["数据"] as? String == "данные" && nested["Данные"] as? String == "d")
    }

    @Test("Near-collisions stay distinct: userId/userID, Latin pay/Cyrillic рау, emoji/émoji")
    func nearCollisions() throws {
        let call = TortureAPI.Call.`init`(id: 9, userId: 1, userID: 2, pay: "latin", рау: "cyrillic", emoji: "plain", émoji: "accent")
        let request = try call.httpRequest()
        #expect(request.method == .delete)
        #expect(request.urlComponents.path == "/api/v1/init/9")
        #expect(queryNames(request) == ["user_id", "userID", "pay", "рау", "emoji", "émoji"])
        #expect(queryItems(request).map(\.1) == ["1", "2", "latin", "cyrillic", "plain", "accent"])
        // The deprecated typed factory wraps that case.
        let typed = (DeprecatedCalls() as any DeprecatedTortureEndpoints).typedInitEndpoint()
        #expect(try typed.httpRequest() == request)
        #expect(typed.call as? TortureAPI.Call == call)
        #expect(try typed.httpRequest().call as? TortureAPI.Call == call)
        #expect(try endpointKeys(ofSpec: "Torture", deprecated: true) == ["init"])

        let pairs: [(TortureAPI.Call, Endpoint<Void>, String)] = [
            (.userId, TortureAPI.userId, "/user_id"), (.userID, TortureAPI.userID, "/userID"), (.pay, TortureAPI.pay, "/pay"),
            (.рау, TortureAPI.рау, "/рау"), (.emoji, TortureAPI.emoji, "/emoji"), (.émoji, TortureAPI.émoji, "/émoji"),
        ]
        for (call, endpoint, path) in pairs {
            #expect(try call.httpRequest().urlComponents.path == "/api/v1" + path)
            #expect(endpoint.call as? TortureAPI.Call == call)
            #expect(try endpoint.httpRequest() == call.httpRequest())
        }
        #expect(Set(pairs.map(\.0)).count == pairs.count)
    }

    @Test("Endpoints named with digits, punctuation, spaces, emoji and other scripts send their literal paths",
          arguments: [
              (TortureAPI.Call.`case`, "/case"), (._1stThing, "/1st"), (.dashName, "/dash-name"), (.dotName, "/dot.name"),
              (.spaceName, "/space_name"), (.émoji, "/émoji"), (.emoji, "/emoji"), (.u1F642, "/🙂"), (.данные, "/данные"),
              (.数据List, "/数据"), (.αβγ, "/αβγ"), (.userId, "/user_id"), (.userID, "/userID"), (.pay, "/pay"), (.рау, "/рау"),
              (.httpRequest, "/httpRequest"),
          ])
    func literalPaths(endpoint: TortureAPI.Call, path: String) throws {
        let request = try endpoint.httpRequest()
        #expect(request.method == .get)
        #expect(request.urlComponents.path == "/api/v1" + path)
        #expect((request.urlComponents.queryItems ?? []).isEmpty)
        expectHeaders(request, topHeaders)
    }

    @Test("A form body and a multipart body name their fields by wire name")
    func formAndMultipart() throws {
        let form = try TortureAPI.`func`(self: "me", any: "anything", body: TortureAPI.Form(self: "s", dashName: 5, spaceName: "a b", 数据: ["x"]))
            .httpRequest()
        #expect(form.urlComponents.path == "/api/v1/func/me")
        #expect(queryItems(form).map(\.0) == ["Any"])
        #expect(form.headers["Content-Type"] == "application/x-www-form-urlencoded")
        let fields = try formFields(form.body)
        #expect(fields.map(\.0) == ["self", "dash-name", "space name", "数据"])
        #expect(fields.map(\.1) == ["s", "5", "a b", "x"])

        let upload = try TortureAPI.`any`(body: TortureAPI.Файл(file: Data("bytes".utf8), émoji: "é", default: "d")).httpRequest()
        let text = String(decoding: try #require(upload.body), as: UTF8.self)
        for name in ["file", "émoji🙂", "default"] {
            #expect(text.contains("Content-Disposition: form-data; name=\"\(name)\""), "no part named \(name)")
        }
    }

    @Test("Defaults with quotes, backslashes and interpolation-like text are sent verbatim; enum defaults by raw value")
    func literalDefaults() throws {
        let request = try TortureAPI.`true`().httpRequest()
        #expect(queryNames(request) == ["q", "mode", "modes", "modes", "modes"])
        #expect(queryItems(request).map(\.1) == [##"a "quoted" \ \(x) #"raw"# "## + "\n line", "default", "self", "1st", ""])
        // The sample (in `TortureAPI.samples`, for the stub transport) keeps keys and strings that
        // would end a raw string literal early.
        #expect(TortureAPI.samples.count == 1)
        let sampled = try #require(TortureAPI.samples.first)
        #expect(sampled.method == .get && sampled.path == "/true" && sampled.status == 200)
        #expect(sampled.matches(request))
        #expect(!sampled.matches(try TortureAPI.`case`.httpRequest()))
        let sample = try jsonObject(Data(sampled.json.utf8))
        #expect(sample["raw"] as? String == "\"#")
        #expect(sample["more"] as? String == "\"##")
        #expect(sample["back\\slash"] as? String == "\\(x)")
        #expect(sample["нет"] is NSNull)
        #expect(sample["list"] as? [Any] != nil)
    }

    @Test("Groups named like keywords, with digits and other scripts, nest their paths, headers and auth")
    func groups() throws {
        // The group `default`'s endpoint `default_endpoint`.
        let defaultGroup = try TortureAPI.Default.defaultEndpoint.httpRequest()
        #expect(defaultGroup.call as? TortureAPI.Call == .`default`(.defaultEndpoint))
        #expect(defaultGroup.urlComponents.path == "/api/v1/groups/default")
        // The group removes X-Default (null) and adds x-group.
        expectHeaders(defaultGroup, Array(topHeaders.dropFirst()) + [("x-group", "default")])

        let selfInGroup = try TortureAPI.Default.`self`(self: 5).httpRequest()
        #expect(selfInGroup.call as? TortureAPI.Call == .`default`(.`self`(self: 5)))
        #expect(selfInGroup.urlComponents.path == "/api/v1/groups/default/5")

        let nested = try TortureAPI.Default.Default.`case`.httpRequest()
        #expect(nested.call as? TortureAPI.Call == .`default`(.`default`(.`case`)))
        #expect(try TortureAPI.Default.Default.Call.`case`.httpRequest() == nested)
        #expect(nested.urlComponents.path == "/api/v1/groups/default/default/case")
        #expect(nested.authOptions == AuthOptions([.bearer]))

        #expect(try TortureAPI.For.`in`.httpRequest().urlComponents.path == "/api/v1/for/in")
        #expect(TortureAPI.For.`in`.call as? TortureAPI.Call == .`for`(.`in`))
        #expect(try TortureAPI._1stGroup.`init`.httpRequest().urlComponents.path == "/api/v1/1st-group/init")
        #expect(TortureAPI._1stGroup.`init`.call as? TortureAPI.Call == ._1stGroup(.`init`))
        let cyrillic = try TortureAPI.ДругиеДанные.数据.httpRequest()
        #expect(cyrillic.call as? TortureAPI.Call == .другиеДанные(.数据))
        #expect(cyrillic.urlComponents.path == "/api/v1/другие-данные/数据")
        #expect(cyrillic.authOptions == AuthOptions([]))
    }

    @Test("Typed factories wrap the cases and build the same requests")
    func typedFactories() throws {
        let endpoint: Endpoint<TortureAPI.Case> = TortureAPI.defaultEndpoint(self: "x", default: 1, case: .userID)
        #expect(try endpoint.httpRequest() == TortureAPI.Call.defaultEndpoint(self: "x", default: 1, case: .userID).httpRequest())
        #expect(endpoint.call as? TortureAPI.Call == .defaultEndpoint(self: "x", default: 1, case: .userID))
        let type: Endpoint<[TortureAPI.Keyword]> = TortureAPI.type(_1st: 2, dashName: "d", dotName: .u1F642)
        #expect(try type.httpRequest() == TortureAPI.Call.type(_1st: 2, dashName: "d", dotName: .u1F642).httpRequest())
        let caseEndpoint: Endpoint<TortureAPI.数据> = TortureAPI.`case`
        #expect(try caseEndpoint.httpRequest() == TortureAPI.Call.`case`.httpRequest())
        let list: Endpoint<Void> = TortureAPI.数据List
        #expect(list.call as? TortureAPI.Call == .数据List)
        let inGroup: Endpoint<[TortureAPI.Case]> = TortureAPI.Default.`self`(self: 3)
        #expect(try inGroup.httpRequest() == TortureAPI.Default.Call.`self`(self: 3).httpRequest())
        #expect(try inGroup.httpRequest() == TortureAPI.Call.`default`(.`self`(self: 3)).httpRequest())
        let optional: Endpoint<TortureAPI.Case?> = TortureAPI.Default.Default.`case`
        #expect(optional.call as? TortureAPI.Call == .`default`(.`default`(.`case`)))
        // An endpoint named `httpRequest` is a case and a typed value like any other.
        #expect(try TortureAPI.httpRequest.httpRequest() == TortureAPI.Call.httpRequest.httpRequest())
        #expect(TortureAPI.defaults.auth == AuthOptions([.apiKey(in: .query, name: "api-key")]))
    }

    @Test("A model decodes from and encodes to its exact wire keys")
    func modelWireKeys() throws {
        let json = #"""
        {"self": "s", "self_value": 1, "default": 2, "Type": "t", "Protocol": "p", "init": 3, "case": "Type",
         "func": ["func", "🙂", "brand-new"], "Any": {"k": [1]}, "true": false, "1st": 4, "dash-name": "dn",
         "dot.name": "do", "space name": "sn", "émoji🙂": "em", "🙂": "sm", "данные": {"数据": "数据"}, "数据": "данные",
         "αβγ": 1.5, "user_id": 5, "userID": 6, "pay": "latin", "рау": "cyrillic", "CodingKeys": "ck",
         "description": "desc", "rawValue": "rv", "decoder": "dec", "encoder": "enc", "from": "fr"}
        """#
        let value = try JSONDecoder().decode(TortureAPI.Everything.self, from: Data(json.utf8))
        #expect(value.`self` == "s" && value.selfValue == 1 && value.`default` == 2 && value.type == "t")
        #expect(value.`protocol` == "p" && value.`init` == 3 && value.`case` == .type && value.`true` == false)
        #expect(value.`func` == [.`func`, .u1F642, TortureAPI.Keyword(rawValue: "brand-new")])
        #expect(value.`any` == .object(["k": .array([.int(1)])]))
        #expect(value._1st == 4 && value.dashName == "dn" && value.dotName == "do" && value.spaceName == "sn")
        #expect(value.émoji == "em" && value.u1F642 == "sm" && value.данные == TortureAPI.Данные(数据: .数据) && value.数据 == .данные)
        #expect(value.αβγ == 1.5 && value.userId == 5 && value.userID == 6 && value.pay == "latin" && value.рау == "cyrillic")
        #expect(value.codingKeys == "ck" && value.description == "desc" && value.rawValue == "rv")
        #expect(value.decoder == "dec" && value.encoder == "enc" && value.from == "fr")

        let reencoded = try jsonObject(try JSONEncoder().encode(value))
        let original = try jsonObject(Data(json.utf8))
        #expect(Set(reencoded.keys) == Set(original.keys))
        #expect(try JSONDecoder().decode(TortureAPI.Everything.self, from: try JSONEncoder().encode(value)) == value)

        let pet = try JSONDecoder().decode(TortureAPI.Pet🐶.self, from: Data(#"{"🐶": "woof", "name": "Rex"}"#.utf8))
        #expect(pet.u1F436 == "woof" && pet.name == "Rex")
        let first = try JSONDecoder().decode(TortureAPI._1st.self, from: Data(#"{"1st": 1, "2nd": "two"}"#.utf8))
        #expect(first._1st == 1 && first._2nd == "two")
        #expect(try jsonObject(try JSONEncoder().encode(TortureAPI.Case(default: "d", self: 1))).keys.sorted() == ["default", "self"])
    }

    @Test("Enum values that are keywords, empty, digit-first, punctuated or in other scripts round-trip by raw value")
    func enumWireValues() throws {
        let expected: [(String, TortureAPI.Keyword)] = [
            ("default", .`default`), ("self", .`self`), ("Type", .type), ("Protocol", .`protocol`), ("init", .`init`),
            ("case", .`case`), ("func", .`func`), ("Any", .`any`), ("true", .`true`), ("false", .`false`), ("nil", .`nil`),
            ("none", .noneValue), ("unknown", .unknown), ("rawValue", .rawValue), ("", .unnamed), ("1st", ._1st),
            ("dash-value", .dashValue), ("dot.value", .dotValue), ("space value", .spaceValue), ("émoji🙂", .émoji),
            ("🙂", .u1F642), ("данные", .данные), ("数据", .数据), ("αβγ", .αβγ), ("user_id", .userId), ("userID", .userID),
        ]
        for (raw, value) in expected {
            #expect(TortureAPI.Keyword(rawValue: raw) == value, "\(raw.debugDescription)")
            #expect(value.rawValue == raw)
            let decoded = try JSONDecoder().decode([TortureAPI.Keyword].self, from: try JSONEncoder().encode([raw]))
            #expect(decoded == [value])
            #expect(try JSONEncoder().encode(value) == JSONEncoder().encode(raw))
        }
        // A value not listed (`unknown` is a listed one here) is kept as it came.
        #expect(!expected.map(\.1).contains(TortureAPI.Keyword(rawValue: "brand-new")))
        #expect(TortureAPI.Keyword(rawValue: "brand-new").rawValue == "brand-new")
        #expect(!expected.map(\.1).contains(TortureAPI.Keyword(rawValue: "Self")))
        #expect(TortureAPI.数据(rawValue: "数据") == .数据 && TortureAPI.数据(rawValue: "x").rawValue == "x" && TortureAPI.数据(rawValue: "x") != .数据)
    }
}
