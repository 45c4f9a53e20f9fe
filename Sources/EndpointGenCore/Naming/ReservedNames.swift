// The one table of names that generated code claims: what a model, group or endpoint may not be
// called, because generated code uses the name or a declaration of that name would hide one it
// uses. The Validator checks specs against it; the importer renames around it.
enum ReservedNames {
    /// The enum of each level's endpoints (`StravaAPI.Call`, `StravaAPI.Activities.Call`).
    static let callEnum = "Call"

    /// The property of an object model with `additionalProperties` that holds the other members.
    static let additionalProperties = "additionalProperties"

    /// Static members of the API type besides its endpoints.
    enum Members {
        static let defaults = "defaults"
        static let samples = "samples"
        /// The private method of each `Call` enum that `==` and `hash(into:)` compare. An instance
        /// method, so a case of the same name does not collide with it.
        static let callIdentity = "identity"
    }

    /// Static members of the API type that an endpoint at the top level would collide with, and
    /// what they are.
    static let apiMemberUses: [String: String] = [
        Members.defaults: "what its endpoints share (base URL, headers, auth, error bodies)",
        Members.samples: "the spec's sample responses",
    ]
    static let apiMembers = Set(apiMemberUses.keys)

    /// Most cases in one level's `Call` enum (endpoints plus groups). Swift gives up checking that a
    /// `switch` over a few hundred payload cases is exhaustive (measured with Swift 6.3: 450 cases
    /// compile in 4 s, 1,000 fail), and every level's request builder is one exhaustive `switch`.
    static let maximumCasesPerLevel = 300

    /// Names no nested type can usefully take.
    static let swiftTypeKeywords: Set<String> = ["Type", "Self", "Any", "Protocol"]

    /// The names of the type-string grammar.
    static let builtinTypes: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "UUID", "URL", "Data", "Void", "JSON",
        "File",
    ]

    /// Swift and Foundation types that generated code names.
    static let swiftAndFoundationTypes: Set<String> = [
        "Array", "Dictionary", "Optional", "Set", "Error", "AnyObject", "Never", "Result", "Character", "Decimal",
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable", "Identifiable", "Swift",
        "Foundation", "TimeInterval", "URLComponents", "URLRequest", "JSONDecoder", "JSONEncoder", "Decoder",
        "Encoder", "CodingKey", "CodingKeys", "KeyedDecodingContainer",
    ]

    /// Every name a group may not take: a group is a namespace holding only endpoints, so the
    /// runtime's types may be shadowed (generated code then qualifies them: `EndpointRuntime.Auth`),
    /// but not the Swift and Foundation types generated code names unqualified, the runtime's
    /// module and version marker, or `Call`.
    static let groupTypeNames: Set<String> = swiftTypeKeywords.union(builtinTypes).union(swiftAndFoundationTypes)
        .union([RuntimeNames.module, RuntimeNames.versionMarker, callEnum])

    /// Every name a model or the API may not take: it would hide, inside the API's namespace, a type
    /// that generated code names.
    static let typeNames: Set<String> = swiftTypeKeywords.union(builtinTypes).union(swiftAndFoundationTypes)
        .union(RuntimeNames.typeNames).union([callEnum])
}
