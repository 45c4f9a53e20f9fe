/// What step 2 works out besides its diagnostics, returned by `SpecChecker.check` for
/// `SpecResolver`: the parsed and checked form of the raw tree's strings, by the `RawID` of the node
/// they belong to. The raw tree itself stays as the decoder made it. Complete only when the check
/// found no error (the resolver runs only then): a node with a problem may have no entry.
struct CheckedSpec: Sendable {
    /// An endpoint's path, body, response and the version 2 response contract, checked.
    struct EndpointFacts: Sendable {
        /// The endpoint's own `path` as segments, placeholders by name.
        var segments: [PathSegment] = []
        /// The body's type.
        var bodyType: TypeRef?
        /// The response's type (nil without `response`, or when its type is not given).
        var responseType: TypeRef?
        /// A streamed response's kind and `end`, when they are good.
        var stream: Response.Stream?
        var end: String?
        /// A streamed response's sample elements, each compact JSON text.
        var sampleElements: [String]?
        /// The declared response headers (of `response`, or merged over the statuses of `responses`).
        var responseHeaders: [ResponseHeader] = []
        /// The headers of the endpoint's own error responses, merged (`checkErrorHeaders`).
        var errorHeaders: [ResponseHeader] = []
        /// The statuses of `responses`; nil without it.
        var alternatives: [StatusResponse]?
        var pagination: Pagination?
    }

    struct ParameterFacts: Sendable {
        var type: TypeRef?
        /// The style stated, or the place's default; nil when it is not usable.
        var style: Parameter.Style?
        /// `in`, or where the parameter goes without it (the path when a placeholder has its name,
        /// else the query).
        var place: Parameter.Location = .query
        var defaultValue: DefaultValue?
    }

    struct ModelFacts: Sendable {
        /// The parsed type of each alternative of a union (nil where it has a problem).
        var alternatives: [TypeRef?] = []
        var additionalProperties: TypeRef?
    }

    struct PropertyFacts: Sendable {
        var type: TypeRef?
        /// `style` and `explode` checked; nil when neither is given or not usable.
        var style: Parameter.Style?
        var defaultValue: DefaultValue?
    }

    /// The API's Swift type name ("" when the spec gives none that works).
    var apiName = ""
    /// Each group's own `path` as segments.
    var groupSegments = FactTable<[PathSegment]>()
    var endpoints = FactTable<EndpointFacts>()
    /// The type of each error response (of every level).
    var errorTypes = FactTable<TypeRef>()
    var parameters = FactTable<ParameterFacts>()
    var models = FactTable<ModelFacts>()
    var properties = FactTable<PropertyFacts>()

    /// Adds the facts `other` holds: `other` was filled by a copy of the checker that checked one
    /// top-level group (`SpecChecker.checkGroupsConcurrently`) from an empty `CheckedSpec`.
    mutating func add(_ other: CheckedSpec) {
        groupSegments.add(other.groupSegments)
        endpoints.add(other.endpoints)
        errorTypes.add(other.errorTypes)
        parameters.add(other.parameters)
        models.add(other.models)
        properties.add(other.properties)
    }
}

/// Facts by the `RawID` of what they are about. The decoder numbers the raw tree's nodes from 0 in
/// order, so a slot per id says where a node's fact is, without hashing each id as a dictionary
/// would (the checker writes and the resolver reads a fact for every endpoint, parameter and
/// property). Facts are stored densely, in the order they were first set; the slots span the ids
/// from the lowest set to the highest.
struct FactTable<Value> {
    /// The id of `slots[0]`: a table filled by a checker of one group spans that group's ids only.
    private var first: RawID = 0
    /// By id - `first`: the fact's position in `values` plus one; 0 when the node has none.
    private var slots: [Int32] = []
    private var values: [Value] = []
    /// The id of each of `values`.
    private var ids: [RawID] = []

    subscript(id: RawID) -> Value? {
        get {
            let index = id - first
            guard index >= 0 && index < slots.count else { return nil }
            let slot = Int(slots[index])
            return slot == 0 ? nil : values[slot - 1]
        }
        set {
            if slots.isEmpty {
                guard newValue != nil else { return }
                first = id
            } else if id < first {
                guard newValue != nil else { return }
                slots.insert(contentsOf: repeatElement(0, count: first - id), at: 0)
                first = id
            }
            let index = id - first
            if index >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(0, count: index - slots.count + 1))
            }
            let slot = Int(slots[index])
            if let newValue {
                if slot == 0 {
                    values.append(newValue)
                    ids.append(id)
                    slots[index] = Int32(values.count)
                } else {
                    values[slot - 1] = newValue
                }
            } else {
                slots[index] = 0
            }
        }
    }

    /// Sets here every fact `other` holds.
    mutating func add(_ other: FactTable) {
        for (position, id) in other.ids.enumerated() where other.slots[id - other.first] == position + 1 {
            self[id] = other.values[position]
        }
    }

    subscript(id: RawID, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[id] ?? defaultValue() }
        set { self[id] = newValue }
    }
}

extension FactTable: Sendable where Value: Sendable {}

/// What the checker knows of the spec's models while it checks: which names are models, which are
/// enums (and of integers), and the alternatives of each union. Defaults and styles read it.
struct ModelIndex: Sendable {
    /// Model name -> enum values (nil for an object model or a union).
    var modelKinds: [String: [String]?] = [:]
    var modelNames: Set<String> = []
    /// Enum models declared `"type": "Int"` (their values in `modelKinds` are the integers' text).
    var integerEnumModels: Set<String> = []
    /// Union models (`oneOf` and `anyOf`) -> the alternatives whose types parsed, in the spec's order:
    /// a default on a union fits the first alternative that accepts it.
    var unionAlternatives: [String: [TypeRef]] = [:]

    /// Whether `name` is an enum model.
    func isEnumModel(_ name: String) -> Bool {
        if let kind = modelKinds[name], kind != nil { return true }
        return false
    }
}
