// Inline schemas a document writes out again and again, each time the same. Stripe writes the
// `created` filter, `range_query_specs`, under 55 list operations, and "a string dictionary, or
// `""` to unset" under 90 `metadata` properties; named after where each appears, every copy would be
// a model of its own. Found here in one walk of the document before the import, so a copy is named
// for what it is from its first use on:
//
// - an object with `properties` and a `title` that names it alone: one model named by the title
//   (`RangeQuerySpecs`). A title the document writes over different schemas (Stripe's `param`, over
//   31) says too little to name any of them, so those keep their places' names;
// - a union (`oneOf`, `anyOf`) without `properties`, descriptions aside: one model named by its
//   alternatives (`RangeQuerySpecsOrInt`, `StringDictionaryOrEmptyString`), when none of them is
//   named after the place it appears (an inline object or enum alternative is); without its
//   description, which stays with each property.
//
// A schema written once keeps its place's name, and a component is named by the document.

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

    init() {}

    init(_ root: JSONNode) {
        var objects: [String: (title: String, count: Int)] = [:]
        var bodies: [String: Int] = [:]
        var unionCounts: [String: Int] = [:]
        func visit(_ node: JSONNode, isComponent: Bool) {
            switch node.value {
            case let .object(members):
                if !isComponent {
                    if node.importMember("properties") != nil {
                        if let title = node.importMember("title")?.importString, !ImportNaming.upperCamel(title).isEmpty {
                            let text = Self.text(of: node)
                            if let seen = objects[text] {
                                objects[text] = (seen.title, seen.count + 1)
                            } else {
                                objects[text] = (title, 1)
                                bodies[title, default: 0] += 1
                            }
                        }
                    } else if node.importMember("oneOf") != nil || node.importMember("anyOf") != nil {
                        unionCounts[Self.unionText(of: node), default: 0] += 1
                    }
                }
                for member in members { visit(member.value, isComponent: false) }
            case let .array(items):
                for item in items { visit(item, isComponent: false) }
            default:
                break
            }
        }
        for member in root.importMembers ?? [] {
            if member.key == "components", let components = member.value.importMembers {
                for group in components {
                    // A component schema itself is named by its key; what it holds is inline.
                    let isSchemas = group.key == "schemas"
                    for component in group.value.importMembers ?? [] { visit(component.value, isComponent: isSchemas) }
                }
            } else {
                visit(member.value, isComponent: false)
            }
        }
        for (text, entry) in objects where entry.count > 1 && bodies[entry.title] == 1 { titles[text] = entry.title }
        for (text, count) in unionCounts where count > 1 { unions.insert(text) }
    }

    /// A schema's text as written, without its places: two copies of one schema have the same.
    static func text(of node: JSONNode) -> String {
        ImportJSONWriter.compact(ImportJSON(node))
    }

    /// A union's text without its descriptions, which are its uses' rather than its own (a property
    /// named `description` stays).
    static func unionText(of node: JSONNode) -> String {
        func strip(_ value: ImportJSON, isPropertyList: Bool) -> ImportJSON {
            switch value {
            case let .object(members):
                return .object(members.compactMap { key, member in
                    if !isPropertyList, key == "description", case .string = member { return nil }
                    return (key, strip(member, isPropertyList: !isPropertyList && key == "properties"))
                })
            case let .array(items):
                return .array(items.map { strip($0, isPropertyList: false) })
            default:
                return value
            }
        }
        return ImportJSONWriter.compact(strip(ImportJSON(node), isPropertyList: false))
    }
}
