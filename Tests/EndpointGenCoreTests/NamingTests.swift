import Testing
@testable import EndpointGenCore

@Suite struct NamingTests {
    @Test(arguments: [
        ("include_all_efforts", "includeAllEfforts"),
        ("If-None-Match", "ifNoneMatch"),
        ("HTTPStatus", "httpStatus"),
        ("userID", "userID"),
        ("user_ID", "userID"),
        ("ID", "id"),
        ("id", "id"),
        ("X-API-KEY", "xApiKey"),
        ("X-API-Key", "xAPIKey"),
        ("FOO_BAR", "fooBar"),
        ("per page", "perPage"),
        ("a.b.c", "aBC"),
        ("list activities", "listActivities"),
        ("getURLForUser", "getURLForUser"),
        ("v2_api", "v2Api"),
        ("2fa", "_2fa"),
        ("404", "_404"),
        ("größe", "größe"),
        ("créé_le", "crééLe"),
        ("名前", "名前"),
        ("🎉party", "party"),
        ("🎉", "u1F389"),
        ("-", "u2D"),
        ("", "unnamed"),
        ("__private__", "private"),
        ("default", "default"),
        ("IDs", "ids"),
        ("userIDs", "userIDs"),
        ("URLs", "urls"),
        ("APIsList", "apisList"),
        ("ETag", "eTag"),
        ("Ünïcode_IDs", "ünïcodeIDs"),
        ("ÄÖÜs", "äöüs"),
        ("HTTPStatuses", "httpStatuses"),
    ])
    func lowerCamel(key: String, expected: String) {
        let name = Naming.lowerCamel(key)
        #expect(name == expected)
        #expect(Naming.isValidIdentifier(name) || Naming.escapedKeywords.contains(name))
    }

    @Test(arguments: [
        ("activities", "Activities"),
        ("user_profile", "UserProfile"),
        ("HTTPStatus", "HTTPStatus"),
        ("athlete-stats", "AthleteStats"),
        ("FOO_BAR", "FooBar"),
        ("2fa", "_2fa"),
        ("🎉", "U1F389"),
        ("straße", "Straße"),
        ("ßig", "ßig"),
        ("user_IDs", "UserIDs"),
        ("URLs", "URLs"),
    ])
    func upperCamel(key: String, expected: String) {
        #expect(Naming.upperCamel(key) == expected)
    }

    @Test func everyConversionIsAValidIdentifier() {
        let keys = ["", " ", "_", "__", "1", "😀😀", "a-b-c", "Ünïcödé", "ǅemal", "x\u{301}", "$ref", "@type", "self", "Type", "in"]
        for key in keys {
            for name in [Naming.lowerCamel(key), Naming.upperCamel(key)] {
                #expect(!name.isEmpty, "\(key)")
                let unescaped = name
                let valid = Naming.isValidIdentifier(unescaped) || Naming.escapedKeywords.contains(unescaped)
                #expect(valid, "\(key) -> \(name)")
            }
        }
    }

    @Test func asciiFastPathAgreesWithTheGeneralPath() {
        var keys = ["include_all_efforts", "If-None-Match", "HTTPStatus", "userID", "X-API-KEY", "a.b.c", "2fa", "v2_api", "IDs",
                    "URLsList", "ETag", "aB", "AB", "Ab", "a1B2c3", "__x__", "-", "", "_", "s", "S", "sS", "Ss", "ABCs", "ABCsd"]
        // Every short string over a small alphabet: separators, digits, cases, plural s.
        let alphabet: [Character] = ["a", "s", "B", "S", "1", "_", " "]
        var current = [""]
        for _ in 0..<4 {
            current = current.flatMap { prefix in alphabet.map { prefix + String($0) } }
            keys += current
        }
        for key in keys {
            #expect(Naming.lowerCamel(key) == Naming.generalLowerCamel(key), "\(key)")
            #expect(Naming.upperCamel(key) == Naming.generalUpperCamel(key), "\(key)")
        }
    }

    @Test func keywordsAreEscaped() {
        for keyword in ["default", "self", "Self", "Type", "Protocol", "init", "case", "in", "func", "class", "let", "var", "inout", "true", "nil", "Any", "repeat", "where"] {
            #expect(Identifier(keyword).isKeyword)
            #expect(Renderer.spelling(Identifier(keyword), .declaration) == "`\(keyword)`")
            #expect(Renderer.spelling(Identifier(keyword), .label) == (["inout", "var", "let"].contains(keyword) ? "`\(keyword)`" : keyword))
        }
        for plain in ["name", "get", "set", "type", "protocol_", "value"] {
            #expect(!Identifier(plain).isKeyword)
            #expect(Renderer.spelling(Identifier(plain), .declaration) == plain)
        }
    }

    @Test func typeNames() {
        #expect(Naming.typeNameProblem("StravaAPI") == nil)
        #expect(Naming.typeNameProblem("Größe") == nil)
        #expect(Naming.typeNameProblem("Type") == "'Type' cannot be used as a Swift type name")
        #expect(Naming.typeNameProblem("Self") == "'Self' cannot be used as a Swift type name")
        #expect(Naming.typeNameProblem("class") == "'class' is a Swift keyword")
        #expect(Naming.typeNameProblem("My-API") == "'My-API' is not a valid Swift type name")
        #expect(Naming.typeNameProblem("1API") == "'1API' is not a valid Swift type name")
    }

    @Test func collisionsAfterConversion() {
        #expect(Naming.lowerCamel("per_page") == Naming.lowerCamel("perPage"))
        #expect(Naming.lowerCamel("per-page") == Naming.lowerCamel("per page"))
        #expect(Naming.upperCamel("user_profile") == Naming.upperCamel("UserProfile"))
    }

    @Test func enumCasesNeverReadAsOptionalCases() {
        #expect(Naming.enumCase("NONE") == "noneValue")
        #expect(Naming.enumCase("none") == "noneValue")
        #expect(Naming.enumCase("Some") == "someValue")
        #expect(Naming.enumCase("none_of_these") == "noneOfThese")
        #expect(Naming.enumCase("in-progress") == "inProgress")
    }

    /// An enum's names are chosen together: values that signs alone tell apart (Stripe's time zones)
    /// spell every sign of the enum as a word; a sign is a `+` or `-` before a digit and not after one.
    @Test func enumCasesSpellSignsWhereTheyTellValuesApart() {
        #expect(Naming.enumCases(["Etc/GMT", "Etc/GMT+1", "Etc/GMT-1", "Etc/GMT-13", "America/Port-au-Prince", "2020-08-27", "none"])
                == ["etcGMT", "etcGMTPlus1", "etcGMTMinus1", "etcGMTMinus13", "americaPortAuPrince", "_20200827", "noneValue"])
        // Names that differ anyway are kept: a valid spec keeps its names.
        #expect(Naming.enumCases(["Etc/GMT+1", "Etc/GMT-13", "UTC-5", "tier-1"]) == ["etcGMT1", "etcGMT13", "utc5", "tier1"])
        #expect(Naming.enumCases(["+1", "-1", "laugh"]) == ["plus1", "minus1", "laugh"])
        // Signs that do not tell the values apart change nothing: the check reports the names.
        #expect(Naming.enumCases(["a_b", "a b", "UTC-5"]) == ["aB", "aB", "utc5"])
        #expect(Naming.enumCases([]) == [])
    }

    @Test func didYouMean() {
        let keys = ["method", "path", "parameters", "response", "description", "deprecated", "errors"]
        #expect(Naming.didYouMean("methdo", candidates: keys) == "method")
        #expect(Naming.didYouMean("paramters", candidates: keys) == "parameters")
        #expect(Naming.didYouMean("Response", candidates: keys) == "response")
        #expect(Naming.didYouMean("pth", candidates: keys) == "path")
        #expect(Naming.didYouMean("zzz", candidates: keys) == nil)
        #expect(Naming.didYouMean("query", candidates: keys) == nil)
    }
}
