// Models: object models become Codable structs, enum models String- or Int-backed enums that keep
// values they do not know, `oneOf` models enums with a case per alternative and one keeping the raw
// JSON, `anyOf` models structs holding every alternative that decodes.
extension Translator {
    func modelDeclaration(_ model: Model) -> Declaration {
        switch model.kind {
        case let .object(properties): return structDeclaration(model, properties: properties)
        case let .enumeration(cases): return enumDeclaration(model, cases: cases, rawType: "String")
        case let .integerEnumeration(cases): return enumDeclaration(model, cases: cases, rawType: "Int")
        case let .oneOf(union): return oneOfDeclaration(model, union: union)
        case let .anyOf(alternatives): return anyOfDeclaration(model, alternatives: alternatives)
        }
    }

    /// A stored property, or, when it closes a cycle of models held by value, a computed property
    /// over a private `Indirect` box named `_name` (its coding key keeps the wire name).
    func storedProperty(_ swiftName: String, type: TypeName, isIndirect: Bool, documentation lines: [String] = []) -> [Declaration] {
        let name = Identifier(swiftName)
        guard isIndirect else {
            return [Declaration(documentation: lines, kind: .variable(VariableDecl(access: access, isMutable: true, name: name, type: type)))]
        }
        let storage = Translator.storageName(swiftName)
        return [
            Declaration(documentation: lines, kind: .variable(VariableDecl(
                access: access, isMutable: true, name: name, type: type,
                getter: [.expression(.member(.identifier(storage), RuntimeNames.indirectValue))],
                setter: [.assignment(target: .member(.identifier(storage), RuntimeNames.indirectValue), value: .identifier("newValue"))]))),
            Declaration(kind: .variable(VariableDecl(access: "private", isMutable: true, name: Identifier(storage),
                                                     type: .generic(runtime(RuntimeNames.indirect), [type])))),
        ]
    }

    /// The private box of a property stored out of line: `_parent`. Converted names never start
    /// with `_` followed by a letter, so no property has it.
    static func storageName(_ swiftName: String) -> String { "_" + swiftName }

    /// `self.name = value`, or `self._name = Indirect(value)` for a property stored out of line.
    func storedAssignment(_ swiftName: String, isIndirect: Bool, _ value: Expression) -> Statement {
        guard isIndirect else { return .assignment(target: .member(.identifier("self"), Identifier(swiftName)), value: value) }
        return .assignment(target: .member(.identifier("self"), Translator.storageName(swiftName)),
                           value: .call(.type(runtime(RuntimeNames.indirect)), [Argument(value)]))
    }

    /// `ModelCoding.<name>(arguments)`.
    func modelCoding(_ member: RuntimeNames.ModelCodingMember, _ arguments: [Argument]) -> Expression {
        .call(.member(.type(runtime(RuntimeNames.modelCoding)), member.rawValue), arguments)
    }

    // MARK: Object models

    private func structDeclaration(_ model: Model, properties: [Property]) -> Declaration {
        let typeName = model.swiftName
        var members: [Declaration] = properties.flatMap { property in
            storedProperty(property.swiftName, type: swiftType(property.type), isIndirect: property.isIndirect,
                           documentation: documentation(property.description))
        }
        let additionalType = model.additionalProperties.map { TypeName.dictionary(key: .named("String"), value: swiftType($0)) }
        if let additionalType {
            members.append(Declaration(
                documentation: ["The members not declared above, by key: decoded and written back as they are."],
                kind: .variable(VariableDecl(access: access, isMutable: true, name: Identifier(word: ReservedNames.additionalProperties),
                                             type: additionalType))))
        }
        // A property named `self` cannot be an initializer's parameter name (it would hide `self`).
        // Its inner name is `self_`: converted names never end in `_`, so no other property has it
        // (`selfValue` clashed with a property `self_value`).
        func parameterName(_ property: Property) -> Identifier {
            property.swiftName == "self" ? "self_" : Identifier(property.swiftName)
        }
        var parameters = properties.map { property in
            FunctionParameter(label: label(property.swiftName),
                      name: property.swiftName == "self" ? parameterName(property) : nil,
                      type: swiftType(property.type),
                      defaultValue: defaultExpression(property.defaultValue, type: property.type)
                          ?? (property.type.isOptional ? .nilLiteral : nil))
        }
        var assignments: [Statement] = properties.map { property in
            storedAssignment(property.swiftName, isIndirect: property.isIndirect, .identifier(parameterName(property)))
        }
        if let additionalType {
            let name = Identifier(word: ReservedNames.additionalProperties)
            parameters.append(FunctionParameter(label: name, type: additionalType, defaultValue: .dictionaryLiteral([])))
            assignments.append(.assignment(target: .member(.identifier("self"), name), value: .identifier(name)))
        }
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false), parameters: parameters, body: assignments))))
        if !properties.isEmpty || model.additionalProperties != nil {
            members += codingMembers(properties, additional: model.additionalProperties,
                                     fromContainer: objectAlternativeNames.contains(model.swiftName))
        }
        members.append(equalityFunction(properties.map { Identifier($0.swiftName) }
                                        + (additionalType == nil ? [] : [Identifier(word: ReservedNames.additionalProperties)])))
        var inheritance: [TypeName] = [.named("Codable"), .named("Hashable"), .named("Sendable")]
        if let (conformance, member) = pageBodyConformance(model, properties: properties) {
            inheritance.append(conformance)
            if let member { members.append(member) }
        }
        return Declaration(
            documentation: documentation(model.description),
            kind: .structure(StructDecl(access: access, name: typeName, inheritance: inheritance, members: members)))
    }

    /// `==` of an enum whose cases hold one value or none: the same case, and its values equal by
    /// `ModelEquality.same`. The synthesized `==` compares the values with the `==` operator, which
    /// the compiler checks against every `==` in the module: with a spec's other models' own `==`,
    /// that grew with the square of the number of unions (33 ms a union among 3,000 models, 4 ms
    /// among 300).
    func enumEqualityFunction(cases: [(name: Identifier, hasValue: Bool)]) -> Declaration {
        var switchCases = cases.map { name, hasValue in
            guard hasValue else {
                return SwitchCase(patterns: [.tuple([.enumCase(name: name, bindings: []), .enumCase(name: name, bindings: [])])],
                                  body: [.return(.booleanLiteral(true))])
            }
            return SwitchCase(patterns: [.tuple([.enumCase(name: name, bindings: ["left"]), .enumCase(name: name, bindings: ["right"])])],
                              body: [.return(same(.identifier("left"), .identifier("right")))])
        }
        switchCases.append(SwitchCase(patterns: [.default], body: [.return(.booleanLiteral(false))]))
        return equalityDeclaration([.switch(subject: .tuple([.identifier("lhs"), .identifier("rhs")]), cases: switchCases)])
    }

    /// `==` comparing each stored property with `ModelEquality.same`, in one `guard`: the same result
    /// as the synthesized `==`, which compares with the `==` operator, at a fraction of the compile
    /// time (docs/generated-code.md, "Compile time and size"). `hash(into:)` stays synthesized: its
    /// `hasher.combine` calls are quick to check. Two values of a struct without properties are equal.
    func equalityFunction(_ propertyNames: [Identifier]) -> Declaration {
        let conditions = propertyNames.map { name in same(.member(.identifier("lhs"), name), .member(.identifier("rhs"), name)) }
        return equalityDeclaration(conditions.isEmpty ? [.return(.booleanLiteral(true))]
            : [.guard(conditions: conditions, elseBody: .return(.booleanLiteral(false))), .return(.booleanLiteral(true))])
    }

    /// `public static func == (lhs: Self, rhs: Self) -> Bool { body }`.
    private func equalityDeclaration(_ body: [Statement]) -> Declaration {
        let selfType = TypeName.named("Self")
        return Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: "==", isStatic: true, isMutating: false),
            parameters: [FunctionParameter(label: "lhs", type: selfType), FunctionParameter(label: "rhs", type: selfType)],
            returnType: .named("Bool"), body: body)))
    }

    /// `ModelEquality.same(lhs, rhs)`.
    private func same(_ lhs: Expression, _ rhs: Expression) -> Expression {
        .call(.member(.type(runtime(RuntimeNames.modelEquality)), RuntimeNames.modelEqualitySame), [Argument(lhs), Argument(rhs)])
    }

    /// `init(from:)` and `encode(to:)` of an object model: each declared property by its wire name
    /// (`decode` / `decodeIfPresent`, `encode` / `encodeIfPresent`, as the synthesized ones do), then,
    /// with `additionalProperties`, every other member. The keys are string literals of the
    /// runtime's `ModelKey`: a synthesized conformance declares a `CodingKeys` enum per model, whose
    /// own conformances (`init(stringValue:)`, `stringValue`, `==`, `hash(into:)`) were a fifth of the
    /// code the compiler wrote for a model-heavy spec (docs/generated-code.md, "Compile time and size").
    ///
    /// With `fromContainer` (an alternative of a discriminated union: see `objectAlternativeNames(in:)`)
    /// the properties are read in a second initializer, `init(from container:)`, which the union
    /// calls with the container it read the discriminator from, and `init(from:)` calls it with a
    /// container of its own.
    private func codingMembers(_ properties: [Property], additional: TypeRef?, fromContainer: Bool = false) -> [Declaration] {
        /// The property reads, after `let container = try decoder.container(keyedBy: ModelKey.self)`
        /// (which `init(from container:)` has as its parameter instead).
        var reads: [Statement] = []
        var encode: [Statement] = []
        let keyType = Expression.metatype(runtime(RuntimeNames.modelKey))
        // In the model's own members a property hides a type of its name (`数据: 数据`, `_1st: _1st`):
        // then the types in `T.self` are qualified with the API's name.
        var types = self
        if properties.contains(where: { model(named: $0.swiftName) != nil }) { types.modelQualifier = apiTypeName }
        let containerDeclaration = Statement.declaration(isMutable: false, name: "container", value: .try(decoderModelContainer))
        if !properties.isEmpty {
            encode.append(.declaration(isMutable: true, name: "container", value: .call(
                .member(.identifier("encoder"), "container"), [Argument("keyedBy", keyType)])))
        }
        for property in properties {
            let swiftName = Identifier(property.swiftName)
            let optional = property.type.isOptional
            // `container.member("key")`: the type comes from the property (RuntimeNames.ModelMember).
            reads.append(storedAssignment(property.swiftName, isIndirect: property.isIndirect, .try(.call(
                .member(.identifier("container"), optional ? RuntimeNames.ModelMember.decodeIfPresent : RuntimeNames.ModelMember.decode),
                [Argument(.stringLiteral(property.key))]))))
            encode.append(.expression(.try(.call(
                .member(.identifier("container"), optional ? RuntimeNames.ModelMember.encodeIfPresent : RuntimeNames.ModelMember.encode),
                [Argument(.member(.identifier("self"), swiftName)), Argument(.stringLiteral(property.key))]))))
        }
        if let additional {
            let name = ReservedNames.additionalProperties
            reads.append(.assignment(target: .member(.identifier("self"), name), value: .try(modelCoding(.additionalProperties, [
                Argument(.metatype(types.swiftType(additional))), Argument(RuntimeNames.Label.from, .identifier("decoder")),
                Argument(RuntimeNames.Label.excluding, .arrayLiteral(properties.map { .stringLiteral($0.key) })),
            ]))))
            encode.append(.expression(.try(modelCoding(.encodeAdditionalProperties, [
                Argument(.member(.identifier("self"), name)), Argument(RuntimeNames.Label.to, .identifier("encoder")),
            ]))))
        }
        guard fromContainer, additional == nil, !properties.isEmpty else {
            return [decodingInitializer((properties.isEmpty ? [] : [containerDeclaration]) + reads), encodingFunction(encode)]
        }
        // `let container = try decoder.container(keyedBy: ModelKey.self)` is the parameter instead.
        let fromDecoder = decodingInitializer([.expression(.try(.call(.member(.identifier("self"), "init"), [
            Argument(RuntimeNames.Label.from, decoderModelContainer),
        ])))])
        let fromContainer = Declaration(
            documentation: ["Decodes the members of `container`: a union that has read its discriminator there decodes",
                            "this alternative from the same container rather than reading the object's keys again."],
            kind: .function(FunctionDecl(
                access: nil, kind: .initializer(failable: false),
                parameters: [FunctionParameter(label: "from", name: "container", type: modelContainerType)],
                throwsErrors: true, body: reads)))
        return [fromDecoder, fromContainer, encodingFunction(encode)]
    }

    /// `decoder.container(keyedBy: ModelKey.self)`: the members of the object being decoded.
    private var decoderModelContainer: Expression {
        .call(.member(.identifier("decoder"), "container"), [Argument("keyedBy", .metatype(runtime(RuntimeNames.modelKey)))])
    }

    /// `try? Model(from: source)`: a model of the spec decoded from `source` (a decoder or a container), nil when it does not fit.
    private func modelOrNil(_ type: TypeRef, from source: Identifier) -> Expression {
        .tryOptional(.call(.type(swiftType(type)), [Argument(RuntimeNames.Label.from, .identifier(source))]))
    }

    /// `KeyedDecodingContainer<ModelKey>`: an object model's members.
    private var modelContainerType: TypeName { .generic(.named("KeyedDecodingContainer"), [runtime(RuntimeNames.modelKey)]) }

    /// The object models that are an alternative of a discriminated union (`oneOf` with a
    /// discriminator): each property declared (no `additionalProperties`, which reads every key of
    /// the decoder's own). The union reads the discriminator from a keyed container and decodes the
    /// chosen one from that container: `JSONDecoder` copies an object's members into a dictionary
    /// for each container it makes, and doing that once rather than twice made decoding a union
    /// cheaper than a hand-written enum's (issue 24).
    static func objectAlternativeNames(in spec: Spec) -> Set<String> {
        let objects = Set(spec.models.compactMap { model -> String? in
            guard case let .object(properties) = model.kind, !properties.isEmpty, model.additionalProperties == nil else { return nil }
            return model.swiftName
        })
        var names: Set<String> = []
        for model in spec.models {
            guard case let .oneOf(union) = model.kind, union.discriminator != nil else { continue }
            for alternative in union.alternatives {
                if case let .model(name, true) = alternative.type, objects.contains(name) { names.insert(name) }
            }
        }
        return names
    }

    func decodingInitializer(_ body: [Statement]) -> Declaration {
        Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false),
            parameters: [FunctionParameter(label: "from", name: "decoder", type: .existential(.named("Decoder")))], throwsErrors: true,
            body: body)))
    }

    func encodingFunction(_ body: [Statement]) -> Declaration {
        Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: "encode", isStatic: false, isMutating: false),
            parameters: [FunctionParameter(label: "to", name: "encoder", type: .existential(.named("Encoder")))], throwsErrors: true,
            body: body)))
    }

    // MARK: Unions

    /// The raw case's (oneOf) or property's (anyOf) name: `unknown`, or a variant no alternative takes.
    func rawAlternativeName(for alternatives: [UnionAlternative]) -> String {
        catchAllName(for: alternatives.map { EnumCase(value: "", swiftName: $0.swiftName) })
    }

    /// The whole value being decoded as an alternative of type `type`, or nil when it does not fit.
    /// A model of the spec is `try? Model(from: decoder)`: the same value `ModelCoding.attempt`
    /// gives (a generated model is none of the types a decoder's strategies apply to, so a single
    /// value container would only call its `init(from:)`), without the detour through the
    /// container, which made decoding a discriminated union slower than a hand-written one
    /// (issue 24). Any other type (`Date`, `[Pet]`, a type the module defines) goes through
    /// `ModelCoding.attempt`, so the decoder's strategies apply.
    private func attemptExpression(_ type: TypeRef) -> Expression {
        if case .model(_, defined: true) = type { return modelOrNil(type, from: "decoder") }
        return modelCoding(.attempt, [Argument(.metatype(swiftType(type))), Argument(RuntimeNames.Label.from, .identifier("decoder"))])
    }

    /// `if let value = try? T(from: decoder) { then(value) }` (see `attemptExpression`).
    private func attempt(_ type: TypeRef, then body: [Statement]) -> Statement {
        .ifLet(name: "value", value: attemptExpression(type), body: body)
    }

    private var decodeRawJSON: Expression {
        .try(.call(.type(runtime(RuntimeNames.jsonValue)), [Argument("from", .identifier("decoder"))]))
    }

    private func oneOfDeclaration(_ model: Model, union: Union) -> Declaration {
        let typeName = model.swiftName
        let raw = Identifier(rawAlternativeName(for: union.alternatives))
        var members: [Declaration] = union.alternatives.map { alternative in
            Declaration(
                documentation: union.discriminator == nil || alternative.tags == [alternative.type.specText]
                    ? [] : ["`\(union.discriminator ?? "")`: " + alternative.tags.map { "`\($0)`" }.joined(separator: ", ")],
                kind: .enumCase(EnumCaseDecl(name: Identifier(alternative.swiftName),
                                             associatedValues: [FunctionParameter(label: nil, type: swiftType(alternative.type))],
                                             isIndirect: alternative.isIndirect)))
        }
        members.append(Declaration(
            documentation: union.discriminator == nil
                ? ["A payload no alternative matches, kept as it came and written back as it was."]
                : ["An unknown discriminator value, or a payload that does not fit its alternative,",
                   "kept as it came and written back as it was."],
            kind: .enumCase(EnumCaseDecl(name: raw, associatedValues: [FunctionParameter(label: nil, type: runtime(RuntimeNames.jsonValue))]))))

        func chosen(_ alternative: UnionAlternative) -> [Statement] {
            [.assignment(target: .identifier("self"), value: .call(.dotMember(Identifier(alternative.swiftName)), [Argument(.identifier("value"))])),
             .return(nil)]
        }
        var decode: [Statement]
        if let discriminator = union.discriminator {
            // `if let object = try? decoder.container(keyedBy: ModelKey.self)`, `switch try? object.decode(String.self,
            // forKey: "petType")`: an object model is decoded from `object` (`try? Cat(from: object)`), any other
            // alternative from the decoder. Not an object, no such member or not a string: the raw case.
            var cases = union.alternatives.map { alternative in
                let value: Expression
                if case let .model(name, true) = alternative.type, objectAlternativeNames.contains(name) {
                    value = modelOrNil(alternative.type, from: "object")
                } else {
                    value = attemptExpression(alternative.type)
                }
                return SwitchCase(patterns: alternative.tags.map { .expression(.stringLiteral($0)) },
                                  body: [.ifLet(name: "value", value: value, body: chosen(alternative))])
            }
            cases.append(SwitchCase(patterns: [.default], body: [.break]))
            let object = Expression.tryOptional(decoderModelContainer)
            let tag = Expression.tryOptional(.call(.member(.identifier("object"), "decode"),
                                                   [Argument(.metatype(.named("String"))), Argument("forKey", .stringLiteral(discriminator))]))
            decode = [.ifLet(name: "object", value: object, body: [.switch(subject: tag, cases: cases)])]
        } else {
            decode = union.alternatives.map { attempt($0.type, then: chosen($0)) }
        }
        decode.append(.assignment(target: .identifier("self"), value: .call(.dotMember(raw), [Argument(decodeRawJSON)])))
        members.append(decodingInitializer(decode))

        let encodeValue: [Statement] = [.expression(.try(modelCoding(.encode, [Argument(.identifier("value")), Argument(RuntimeNames.Label.to, .identifier("encoder"))])))]
        var encodeCases = union.alternatives.map { alternative in
            SwitchCase(patterns: [.enumCase(name: Identifier(alternative.swiftName), bindings: ["value"])], body: encodeValue)
        }
        encodeCases.append(SwitchCase(patterns: [.enumCase(name: raw, bindings: ["value"])], body: encodeValue))
        members.append(encodingFunction([.switch(subject: .identifier("self"), cases: encodeCases)]))
        members.append(enumEqualityFunction(cases: (union.alternatives.map { Identifier($0.swiftName) } + [raw]).map { ($0, true) }))

        return Declaration(
            documentation: documentation(model.description),
            kind: .enumeration(EnumDecl(access: access, name: typeName,
                                        inheritance: [.named("Codable"), .named("Hashable"), .named("Sendable")], members: members)))
    }

    private func anyOfDeclaration(_ model: Model, alternatives: [UnionAlternative]) -> Declaration {
        let typeName = model.swiftName
        let raw = Identifier(rawAlternativeName(for: alternatives))
        var members: [Declaration] = alternatives.flatMap { alternative in
            storedProperty(alternative.swiftName, type: .optional(swiftType(alternative.type)), isIndirect: alternative.isIndirect)
        }
        members.append(Declaration(
            documentation: ["The payload when no alternative decodes it, kept as it came and written back."],
            kind: .variable(VariableDecl(access: access, isMutable: true, name: raw, type: .optional(runtime(RuntimeNames.jsonValue))))))
        let names = alternatives.map { Identifier($0.swiftName) } + [raw]
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false),
            parameters: zip(alternatives.map { swiftType($0.type) } + [runtime(RuntimeNames.jsonValue)], names).map { type, name in
                FunctionParameter(label: name, type: .optional(type), defaultValue: .nilLiteral)
            },
            body: alternatives.map { storedAssignment($0.swiftName, isIndirect: $0.isIndirect, .identifier(Identifier($0.swiftName))) }
                + [.assignment(target: .member(.identifier("self"), raw), value: .identifier(raw))]))))

        var decode: [Statement] = alternatives.map { alternative in
            storedAssignment(alternative.swiftName, isIndirect: alternative.isIndirect, attemptExpression(alternative.type))
        }
        // Conditions of their own rather than one `&&` chain, which is one expression and could not
        // wrap: Stripe's union of 17 alternatives made a line of 300 columns.
        let noneDecoded = alternatives.map { Expression.binary(.member(.identifier("self"), Identifier($0.swiftName)), "==", .nilLiteral) }
        decode.append(.if(conditions: noneDecoded, body: [.assignment(target: .member(.identifier("self"), raw), value: decodeRawJSON)]))
        members.append(decodingInitializer(decode))
        // Object models encode into a keyed container, so several merge in the encoder itself.
        let allObjects = alternatives.allSatisfy { alternative in
            guard case let .model(name, true) = alternative.type,
                  case .object? = self.model(named: name)?.kind else { return false }
            return true
        }
        var encodeArguments = [Argument(.arrayLiteral(names.map { .member(.identifier("self"), $0) }))]
        if allObjects { encodeArguments.append(Argument(RuntimeNames.Label.objects, .booleanLiteral(true))) }
        encodeArguments.append(Argument(RuntimeNames.Label.to, .identifier("encoder")))
        members.append(encodingFunction([.expression(.try(modelCoding(.encodeAnyOf, encodeArguments)))]))
        members.append(equalityFunction(names))
        return Declaration(
            documentation: documentation(model.description),
            kind: .structure(StructDecl(access: access, name: typeName,
                                        inheritance: [.named("Codable"), .named("Hashable"), .named("Sendable")], members: members)))
    }

    // MARK: Enum models

    /// The catch-all case's name: `unknown`, or a variant no listed value already maps to.
    func catchAllName(for cases: [EnumCase]) -> String {
        let taken = Set(cases.map(\.swiftName))
        var name = "unknown"
        var counter = 1
        while taken.contains(name) {
            name = counter == 1 ? "unknownValue" : "unknownValue\(counter)"
            counter += 1
        }
        return name
    }

    /// An open enum: a struct holding its raw value, with a static member per listed value, as
    /// swift-http-types' `HTTPField.Name` and Apple's extensible names spell them. A value the spec
    /// does not list is kept as it came and written back (`Status(rawValue: "paused")`); `==` and
    /// `hash(into:)` go by the raw value; a `switch` matches the members (`case .active:`) and ends
    /// with `default:`. `Codable` comes from the standard library's `RawRepresentable` conformances
    /// (the raw value, read and written as a single value) and `ParameterValue` from the runtime's.
    /// An enum with a `case` per value and a catch-all case cost its two `switch`es and four
    /// written-out members in every enum (docs/generated-code.md, "Compile time and size").
    private func enumDeclaration(_ model: Model, cases: [EnumCase], rawType: String) -> Declaration {
        func literal(_ value: String) -> Expression { rawType == "Int" ? .numberLiteral(value) : .stringLiteral(value) }
        let typeName = model.swiftName
        let selfType = TypeName.named("Self")
        var members: [Declaration] = [
            Declaration(kind: .variable(VariableDecl(access: access, isMutable: true, name: "rawValue", type: .named(rawType)))),
            Declaration(
                documentation: ["The value `rawValue`, listed below or not: a value the spec does not list is kept as it is."],
                kind: .function(FunctionDecl(
                    access: access, kind: .initializer(failable: false),
                    parameters: [FunctionParameter(label: "rawValue", type: .named(rawType))],
                    body: [.assignment(target: .member(.identifier("self"), "rawValue"), value: .identifier("rawValue"))]))),
        ]
        members += cases.map { enumCase in
            Declaration(
                documentation: enumCase.value == enumCase.swiftName || rawType == "Int" ? []
                    : [enumCase.value.isEmpty ? "The empty string, `\"\"`." : "`\(enumCase.value)`"],
                kind: .variable(VariableDecl(
                    access: access, isStatic: true, name: Identifier(enumCase.swiftName), type: selfType,
                    getter: [.expression(.call(.type(selfType), [Argument("rawValue", literal(enumCase.value))]))])))
        }
        return Declaration(
            documentation: documentation(model.description),
            kind: .structure(StructDecl(
                access: access, name: typeName,
                inheritance: [.named("RawRepresentable"), .named("Codable"), .named("Hashable"), .named("Sendable"),
                              runtime(RuntimeNames.parameterValue)],
                members: members)))
    }
}
