// Step 1 for version 2's response keys: their shape (objects, strings, known keys, `style` given).

extension SpecDecoder {
    /// `"headers": { "ETag": "String?" }` inside `response`.
    mutating func decodeResponseHeaders(_ node: JSONNode) -> [RawResponseHeader]? {
        guard let members = object(node, "the response 'headers'") else { return nil }
        return members.map { member in
            RawResponseHeader(key: SpecDecoder.key(member), type: string(member.value, "the type of response header '\(member.key)'"))
        }
    }

    /// `"responses": { "200": "[Contributor]", "204": "Void" }`.
    mutating func decodeStatusResponses(_ field: JSONNode.Member) -> RawStatusResponses? {
        guard let members = object(field.value, "'responses'") else { return nil }
        if members.isEmpty {
            error("'responses' needs at least one success status (\"200\": \"Type\")", at: field.value.location)
        }
        return RawStatusResponses(key: SpecDecoder.key(field), entries: members.map { member in
            // `"201": { "type": "Deployment", "headers": { "Location": "URL" } }`: a status with headers.
            if case .object(let fields) = member.value.value {
                checkKeys(fields, allowed: SpecKeys.statusResponse, in: "in the response for '\(member.key)'")
                let object = Fields(fields)
                let type = object[.type].map { string($0.value, "the response type for '\(member.key)'") }
                    ?? Located(value: "Void", location: member.value.location)
                return (SpecDecoder.key(member), type, object[.headers].flatMap { decodeResponseHeaders($0.value) })
            }
            return (SpecDecoder.key(member), string(member.value, "the response type for '\(member.key)'"), nil)
        })
    }

    /// `"pagination": { "style": "cursor", "parameter": "after", "next": "next_cursor", "items": "data" }`.
    mutating func decodePagination(_ node: JSONNode) -> RawPagination? {
        guard let members = object(node, "'pagination'") else { return nil }
        checkKeys(members, allowed: SpecKeys.pagination, in: "in 'pagination'")
        let fields = Fields(members)
        var pagination = RawPagination(location: node.location)
        pagination.keys = members.filter { SpecKeys.pagination.contains($0.key) }.map(SpecDecoder.key)
        if let field = fields[.style] {
            pagination.style = string(field.value, "the pagination 'style'")
        } else {
            error("'pagination' is missing the required key 'style' (\(Validation.list(SpecKeys.paginationStyles)))", at: node.location)
        }
        if let field = fields[.parameter] { pagination.parameter = string(field.value, "the pagination 'parameter'") }
        if let field = fields[.next] { pagination.next = string(field.value, "'next'") }
        if let field = fields[.items] { pagination.items = string(field.value, "'items'") }
        return pagination
    }
}
