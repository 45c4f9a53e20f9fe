// The `Typed` namespace of each group: one factory per endpoint returning `Endpoint<Response>`,
// so `client.send(API.Typed.athlete)` returns the response type the spec declares.
extension Translator {
    func typedExtension(for group: Group, qualifiedName: String) -> Declaration {
        let members = group.endpoints.map { typedFactory(for: $0, qualifiedName: qualifiedName) }
        let namespace = Declaration(kind: .enumeration(EnumDecl(access: access, name: "Typed", members: members)))
        return Declaration(kind: .extension(ExtensionDecl(extendedType: qualifiedName, members: [namespace])))
    }

    func typedFactory(for endpoint: Endpoint, qualifiedName: String) -> Declaration {
        let name = Naming.escaped(endpoint.swiftName)
        let responseType = swiftType(endpoint.response.type)
        let returnType = "\(runtime(RuntimeNames.endpoint))<\(responseType)>"
        let signature = signature(of: endpoint)
        let caseValue: Expression
        if signature.isEmpty {
            caseValue = .member(.raw(qualifiedName), name)
        } else {
            caseValue = .call(.member(.raw(qualifiedName), name), zip(signature, bindings(of: endpoint)).map {
                Argument($0.label, .raw($1))
            })
        }
        let body: [Statement] = [.expression(.call(.raw(runtime(RuntimeNames.endpoint)), [
            Argument(caseValue), Argument("decoder", .dotMember(decoder(for: endpoint.response))),
        ]))]
        let kind: Declaration.Kind
        if signature.isEmpty {
            kind = .variable(VariableDecl(access: access, isStatic: true, name: name, type: returnType, getter: body))
        } else {
            kind = .function(FunctionDecl(
                access: access, kind: .function(name: name, isStatic: true, isMutating: false),
                parameters: signature, returnType: returnType, body: body))
        }
        return Declaration(
            documentation: documentation(endpoint.description),
            attributes: deprecationAttributes(endpoint.deprecation),
            kind: kind)
    }

    /// `.json` for Decodable types, `.text` for `String` with a text content type, `.data` for
    /// `Data`, `.none` for `Void`.
    func decoder(for response: Response) -> String {
        switch response.type {
        case .void:
            return RuntimeNames.Decoder.none
        case .builtin(.data):
            return RuntimeNames.Decoder.data
        case .builtin(.string):
            if let contentType = response.contentType?.lowercased(), contentType.hasPrefix("text/") {
                return RuntimeNames.Decoder.text
            }
            return RuntimeNames.Decoder.json
        default:
            return RuntimeNames.Decoder.json
        }
    }
}
