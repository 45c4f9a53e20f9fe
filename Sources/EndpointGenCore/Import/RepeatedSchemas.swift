// Inline schemas a document writes out again and again, each time the same. Stripe writes the
// `created` filter, `range_query_specs`, under 55 list operations, and "a string dictionary, or
// `""` to unset" under 90 `metadata` properties; named after where each appears, every copy would be
// a model of its own. Found here in one walk of the whole document before the import (so an import
// filtered by tag or path names them as the whole document's import does), so a copy is named for
// what it is from its first use on:
//
// - an object with `properties` and a `title` that names it alone: one model named by the title
//   (`RangeQuerySpecs`). A title the document gives different schemas (Stripe's `param`, over 31),
//   a component's included, says too little to name any of them, so those keep their places' names;
// - a union (`oneOf`, `anyOf`) without `properties`, descriptions aside: one model named by its
//   alternatives (`RangeQuerySpecsOrInt`, `StringDictionaryOrEmptyString`), when none of them is
//   named after the place it appears (an inline object or enum alternative is); without its
//   description, which stays with each property;
// - a string enum written inline as a property, under a property name whose every enum in the
//   document lists the same values: one model named by the property (Stripe's `tax_behavior`, 29
//   times, `TaxBehavior`; Adyen's `fundingSource`, 12 times, `FundingSource`), without a
//   description. A name over different enums (Stripe's `source_type`), or of one word (`content`,
//   `mode`), keeps its places' names.
//
// A request body's own schema is never shared: the importer writes each operation's form and
// multipart encodings (a part's content type, a field's style, files) into its body's model. A
// schema written once keeps its place's name, and a component is named by the document.

import Foundation

struct RepeatedSchemas {
    /// The text of each repeated titled object -> its title.
    var titles: [String: String] = [:]
    /// The text, descriptions aside, of each repeated union.
    var unions: Set<String> = []
    /// The models made so far, by text; unions also by what they are (their keyword, alternatives'
    /// types and discriminator), so copies written a little differently are one model.
    var titledModels: [String: String] = [:]
    var unionModels: [String: String] = [:]
    var unionDefinitions: [String: String] = [:]
    /// The name a repeated property enum takes (`TaxBehavior`) -> its values as written; and the
    /// models made so far, by that name.
    var propertyEnums: [String: [String]] = [:]
    var propertyEnumModels: [String: String] = [:]

    init() {}

    init(_ root: JSONNode) {
        var objects: [String: (title: String, count: Int)] = [:]
        /// Distinct schemas per title, by the name the title gives (`range_query_specs` and
        /// `RangeQuerySpecs` name one model).
        var bodies: [String: Int] = [:]
        var unionCounts: [String: Int] = [:]
        /// Per name a property gives an enum model: each list of values written under it, and how often.
        var enumLists: [String: [(values: [String], count: Int)]] = [:]
        /// `counted`: whether `node` itself may be shared (not a component, not a request body's schema).
        func visit(_ node: JSONNode, counted: Bool) {
            switch node.value {
            case let .object(members):
                if let title = Self.title(of: node) {
                    let text = Self.text(of: node)
                    if let seen = objects[text] {
                        if counted { objects[text] = (seen.title, seen.count + 1) }
                    } else {
                        objects[text] = (title, counted ? 1 : 0)
                        bodies[ImportNaming.upperCamel(title), default: 0] += 1
                    }
                } else if counted, node.importMember("properties") == nil,
                          node.importMember("oneOf") != nil || node.importMember("anyOf") != nil {
                    unionCounts[Self.unionText(of: node), default: 0] += 1
                }
                for property in node.importMember("properties")?.importMembers ?? [] {
                    guard let values = Self.inlineStringEnum(property.value) else { continue }
                    let name = ImportNaming.upperCamel(property.key)
                    // One word (`content`, `mode`, `status`) says too little to name a type of the whole API.
                    guard name.unicodeScalars.filter({ CharacterSet.uppercaseLetters.contains($0) }).count >= 2 else { continue }
                    if let index = enumLists[name]?.firstIndex(where: { $0.values == values }) {
                        enumLists[name]?[index].count += 1
                    } else {
                        enumLists[name, default: []].append((values, 1))
                    }
                }
                for member in members {
                    if member.key == "requestBody" { visitBody(member.value) } else { visit(member.value, counted: true) }
                }
            case let .array(items):
                for item in items { visit(item, counted: true) }
            default:
                break
            }
        }
        /// A request body (or a component one): its media types' schemas are visited but not shared.
        func visitBody(_ body: JSONNode) {
            for member in body.importMembers ?? [] {
                guard member.key == "content", let media = member.value.importMembers else {
                    visit(member.value, counted: true)
                    continue
                }
                for type in media {
                    for field in type.value.importMembers ?? [] { visit(field.value, counted: field.key != "schema") }
                }
            }
        }
        for member in root.importMembers ?? [] {
            if member.key == "components", let components = member.value.importMembers {
                for group in components {
                    for component in group.value.importMembers ?? [] {
                        switch group.key {
                        // A component schema itself is named by its key; what it holds is inline.
                        case "schemas": visit(component.value, counted: false)
                        case "requestBodies": visitBody(component.value)
                        default: visit(component.value, counted: true)
                        }
                    }
                }
            } else {
                visit(member.value, counted: true)
            }
        }
        for (text, entry) in objects where entry.count > 1 && bodies[ImportNaming.upperCamel(entry.title)] == 1 {
            titles[text] = entry.title
        }
        for (text, count) in unionCounts where count > 1 { unions.insert(text) }
        for (name, lists) in enumLists where lists.count == 1 && lists[0].count > 1 { propertyEnums[name] = lists[0].values }
    }

    /// The values of an inline string enum, as the importer reads one (`stringEnumValues`), or nil.
    static func inlineStringEnum(_ node: JSONNode) -> [String]? {
        guard node.importMember("enum") != nil, node.importMember("$ref") == nil, node.importMember("oneOf") == nil,
              node.importMember("anyOf") == nil, node.importMember("allOf") == nil else { return nil }
        return OpenAPIImportContext.stringEnumValues(of: OANode(node, pointer: ""))
    }

    /// The property a schema at `pointer` is written as (`.../properties/tax_behavior`), or nil.
    static func propertyName(_ pointer: String) -> String? {
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false)
        guard tokens.count >= 3, tokens[tokens.count - 2] == "properties" else { return nil }
        return OANode.unescape(String(tokens[tokens.count - 1]))
    }

    /// Whether the schema at `pointer` is a request body's own (`.../requestBody/content/<type>/schema`,
    /// `#/components/requestBodies/<name>/content/<type>/schema`), which is never shared.
    static func isRequestBodySchema(_ pointer: String) -> Bool {
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false)
        guard tokens.count >= 5, tokens[tokens.count - 1] == "schema", tokens[tokens.count - 3] == "content" else { return false }
        let owner = tokens[tokens.count - 4]
        return owner == "requestBody" || (tokens.count == 6 && tokens[1] == "components" && tokens[2] == "requestBodies")
    }

    /// The title of an object schema with `properties` that could be shared by it, or nil.
    static func title(of node: JSONNode) -> String? {
        guard node.importMember("properties") != nil, let title = node.importMember("title")?.importString,
              !ImportNaming.upperCamel(title).isEmpty else { return nil }
        return title
    }

    /// A schema's text as written, without its places: two copies of one schema have the same.
    static func text(of node: JSONNode) -> String {
        ImportJSONWriter.compact(ImportJSON(node))
    }

    /// A union's text without the descriptions of its schemas, which are its uses' rather than its
    /// own. Values are kept as written: a discriminator's mapping, defaults, examples, enum values,
    /// extensions, and the names in `properties`.
    static func unionText(of node: JSONNode) -> String {
        func strip(_ value: ImportJSON) -> ImportJSON {
            switch value {
            case let .object(members):
                return .object(members.compactMap { key, member in
                    switch key {
                    case "description": return nil
                    case "discriminator", "default", "example", "examples", "enum", "const": return (key, member)
                    case "properties":
                        guard case let .object(properties) = member else { return (key, member) }
                        return (key, .object(properties.map { ($0.0, strip($0.1)) }))
                    default: return key.hasPrefix("x-") ? (key, member) : (key, strip(member))
                    }
                })
            case let .array(items):
                return .array(items.map(strip))
            default:
                return value
            }
        }
        return ImportJSONWriter.compact(strip(ImportJSON(node)))
    }
}
