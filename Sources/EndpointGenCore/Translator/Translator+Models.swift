// Models: object models become Codable structs, enum models String-backed enums that keep values
// they do not know.
extension Translator {
    func modelDeclaration(_ model: Model) -> Declaration {
        switch model.kind {
        case let .object(properties): return structDeclaration(model, properties: properties)
        case let .enumeration(cases): return enumDeclaration(model, cases: cases)
        }
    }

    // MARK: Object models

    private func structDeclaration(_ model: Model, properties: [Property]) -> Declaration {
        let typeName = Naming.escaped(model.swiftName)
        var members: [Declaration] = properties.map { property in
            Declaration(
                documentation: documentation(property.description),
                kind: .variable(VariableDecl(access: access, isMutable: true, name: Naming.escaped(property.swiftName),
                                             type: swiftType(property.type))))
        }
        // A property named `self` cannot be an initializer's parameter name (it would hide `self`).
        // Its inner name is `self_`: converted names never end in `_`, so no other property has it
        // (`selfValue` clashed with a property `self_value`).
        func parameterName(_ property: Property) -> String {
            property.swiftName == "self" ? "self_" : Naming.escaped(property.swiftName)
        }
        let parameters = properties.map { property in
            FunctionParameter(label: label(property.swiftName),
                      name: parameterName(property) == Naming.escaped(property.swiftName) ? nil : parameterName(property),
                      type: swiftType(property.type),
                      defaultValue: defaultExpression(property.defaultValue, type: property.type)
                          ?? (property.type.isOptional ? .nilLiteral : nil))
        }
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false), parameters: parameters,
            body: properties.map { property in
                let name = Naming.escaped(property.swiftName)
                return .assignment(target: .member(.identifier("self"), name), value: .identifier(parameterName(property)))
            }))))
        if properties.contains(where: { $0.key != $0.swiftName }) {
            let keys = properties.map { property in
                Declaration(kind: .enumCase(EnumCaseDecl(
                    name: Naming.escaped(property.swiftName),
                    rawValue: property.key == property.swiftName ? nil : .stringLiteral(property.key))))
            }
            members.append(Declaration(kind: .enumeration(EnumDecl(
                access: "private", name: "CodingKeys", inheritance: [.named("String"), .named("CodingKey")], members: keys))))
        }
        var inheritance: [TypeName] = [.named("Codable"), .named("Hashable"), .named("Sendable")]
        if let (conformance, member) = pageBodyConformance(model, properties: properties) {
            inheritance.append(conformance)
            if let member { members.append(member) }
        }
        return Declaration(
            documentation: documentation(model.description),
            kind: .structure(StructDecl(access: access, name: typeName, inheritance: inheritance, members: members)))
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

    private func enumDeclaration(_ model: Model, cases: [EnumCase]) -> Declaration {
        let typeName = Naming.escaped(model.swiftName)
        let catchAll = Naming.escaped(catchAllName(for: cases))
        var members: [Declaration] = cases.map { enumCase in
            Declaration(
                documentation: enumCase.value == enumCase.swiftName ? [] : ["`\(enumCase.value)`"],
                kind: .enumCase(EnumCaseDecl(name: Naming.escaped(enumCase.swiftName))))
        }
        members.append(Declaration(
            documentation: ["A value this version of the spec does not list: decoding keeps it instead of failing."],
            kind: .enumCase(EnumCaseDecl(name: catchAll, associatedValues: [FunctionParameter(label: nil, type: .named("String"))]))))

        var initCases = cases.map { enumCase in
            SwitchCase(patterns: [.expression(.stringLiteral(enumCase.value))],
                       body: [.assignment(target: .identifier("self"), value: .dotMember(Naming.escaped(enumCase.swiftName)))])
        }
        initCases.append(SwitchCase(patterns: [.default], body: [
            .assignment(target: .identifier("self"), value: .call(.dotMember(catchAll), [Argument(.identifier("rawValue"))])),
        ]))
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false),
            parameters: [FunctionParameter(label: "rawValue", type: .named("String"))],
            body: [.switch(subject: .identifier("rawValue"), cases: initCases)]))))

        var rawCases = cases.map { enumCase in
            SwitchCase(patterns: [.enumCase(name: Naming.escaped(enumCase.swiftName), bindings: [])],
                       body: [.return(.stringLiteral(enumCase.value))])
        }
        rawCases.append(SwitchCase(patterns: [.enumCase(name: catchAll, bindings: ["value"])], body: [.return(.identifier("value"))]))
        members.append(Declaration(kind: .variable(VariableDecl(
            access: access, name: "rawValue", type: .named("String"),
            getter: [.switch(subject: .identifier("self"), cases: rawCases)]))))

        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .initializer(failable: false),
            parameters: [FunctionParameter(label: "from", name: "decoder", type: .existential(.named("Decoder")))], throwsErrors: true,
            body: [.expression(.call(.member(.identifier("self"), "init"), [Argument("rawValue", .try(.call(
                .member(.call(.member(.identifier("decoder"), "singleValueContainer"), []), "decode"),
                [Argument(.metatype(.named("String")))])))]))]))))
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: "encode", isStatic: false, isMutating: false),
            parameters: [FunctionParameter(label: "to", name: "encoder", type: .existential(.named("Encoder")))], throwsErrors: true,
            body: [
                .declaration(isMutable: true, name: "container", value: .call(.member(.identifier("encoder"), "singleValueContainer"), [])),
                .expression(.try(.call(.member(.identifier("container"), "encode"), [Argument(.identifier("rawValue"))]))),
            ]))))
        // Equality by raw value: `.unknown("M")` built by hand equals `.m`.
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: "==", isStatic: true, isMutating: false),
            parameters: [FunctionParameter(label: "lhs", type: .named(typeName)), FunctionParameter(label: "rhs", type: .named(typeName))],
            returnType: .named("Bool"),
            body: [.return(.binary(.member(.identifier("lhs"), "rawValue"), "==", .member(.identifier("rhs"), "rawValue")))]))))
        members.append(Declaration(kind: .function(FunctionDecl(
            access: access, kind: .function(name: "hash", isStatic: false, isMutating: false),
            parameters: [FunctionParameter(label: "into", name: "hasher", type: .named("Hasher"), isInout: true)],
            body: [.expression(.call(.member(.identifier("hasher"), "combine"), [Argument(.identifier("rawValue"))]))]))))

        return Declaration(
            documentation: documentation(model.description),
            kind: .enumeration(EnumDecl(
                access: access, name: typeName,
                inheritance: [.named("RawRepresentable"), .named("Codable"), .named("Hashable"), .named("Sendable"),
                              runtime(RuntimeNames.parameterValue)],
                members: members)))
    }
}
