// Models the import made that are the same in all but name. A document writes the same inline
// schema under many properties, each time named after its place: Stripe's `setup_future_usage`
// enum under 44 payment methods (`PaymentIntentPaymentMethodOptionsEpsSetupFutureUsage`, ...), its
// address object under 31 (`CompanySpecsAddress`, ...). `RepeatedSchemas` finds the copies the
// document itself marks (a title, a union, a property enum's name) before the import; this pass
// finds the rest after it, in the models the import wrote, where two copies are one model exactly
// when their definitions are the same once each names the other copies' models alike.
//
// A group of copies becomes one model, named:
// - after the first among them that is named for what it is rather than where it is, when there
//   is one: a component schema (the document named it), or a model `RepeatedSchemas` named by a
//   title, by its alternatives or by its property. Such models of one group stay apart themselves
//   (each name was given), and so do the models that hold one or the other;
// - else, the copies whose names end in the same two words, after the two or more words their
//   names end in (`SetupFutureUsage`, `VerificationMethod`; an acronym is one word), when no other
//   model, group, endpoint's response type or reserved name has that name, and its last word has
//   no number (`InlineOption1`: the importer's numbers tell places apart, not things). Where two
//   sets of copies would take one name, the larger takes it.
// Copies whose names share less (`CompanySpecsAddress` and `BusinessProfileSpecsSupportAddress`
// share only `Address`, a name too short to say which address) stay apart, as do copies that are
// alternatives of one union (it would list one type twice). The model keeps its description when
// all its copies had the same one; each property that holds it keeps its own. Descriptions inside
// a model (its properties') count: copies that differ there stay apart. Only version 2 specs:
// version 1's output stays as it was.

import Foundation

extension OpenAPIImportContext {
    /// Merges the models that are the same but for their names (see the top of this file), and
    /// renames every reference to them in the models and in `top` (its endpoints, groups and errors).
    func mergeIdenticalModels(in top: inout [(String, ImportJSON)]) {
        // Named for what they are, not where: the document's components, and the titles, unions and
        // property enums of `RepeatedSchemas`.
        let named = Set(componentModelKeys.values).union(repeated.titledModels.values).union(repeated.unionModels.values)
            .union(repeated.propertyEnumModels.values)
        let unions = modelOrder.compactMap { unionAlternatives[$0] }
        var merges: [Merge] = []
        var wanted: [(name: String, copies: [String], order: Int)] = []
        for group in identicalModelGroups(named: named) {
            if let first = group.first(where: named.contains) {
                // The other named ones stay apart: each name was given.
                let copies = group.filter { !named.contains($0) }
                if !copies.isEmpty { merges.append(Merge(name: first, copies: [first] + copies, keepsOwnDefinition: true)) }
                continue
            }
            // Copies named alike (by their last two words) are one model each: a copy named after
            // another kind of place (an array's `...Item`) does not keep the others apart.
            var byEnding: [(ending: String, copies: [String])] = []
            for copy in group {
                let words = Self.camelWords(copy)
                guard words.count >= 2 else { continue }
                let ending = words.suffix(2).joined()
                if let index = byEnding.firstIndex(where: { $0.ending == ending }) { byEnding[index].copies.append(copy) } else { byEnding.append((ending, [copy])) }
            }
            for (_, copies) in byEnding where copies.count > 1 {
                guard let name = Self.sharedEnding(copies, models: modelDefinitions) else { continue }
                wanted.append((name, copies, wanted.count))
            }
        }
        // Two sets of copies that would take one name: the larger takes it (then the earlier).
        let taken = usedModelNames.union(reservedTypeNames).union(Self.levelTypeNames(in: top))
        var given: Set<String> = []
        for (name, copies, _) in wanted.sorted(by: { ($0.copies.count, -$0.order) > ($1.copies.count, -$1.order) }) {
            guard copies.contains(name) || !taken.contains(name), given.insert(name).inserted else { continue }
            merges.append(Merge(name: name, copies: copies, keepsOwnDefinition: false))
        }
        // A union whose alternatives two copies are keeps them apart: it would list one twice.
        merges.removeAll { merge in
            unions.contains { alternatives in
                Set(alternatives.map { Self.renamingTypes(in: $0) { merge.copies.contains($0) ? merge.name : nil } }).count < Set(alternatives).count
            }
        }
        guard !merges.isEmpty else { return }
        var renamed: [String: String] = [:]
        for merge in merges {
            for copy in merge.copies where copy != merge.name { renamed[copy] = merge.name }
        }
        applyModelRenames(renamed, merges: merges)
        top = top.map { key, value in (key, Self.renamingTypes(inLevelMember: key, value) { renamed[$0] }) }
    }

    /// Copies that become one model: its name, the copies (the model of that name among them, if
    /// any), and whether that model's own definition is kept (a named model's, description and all).
    private struct Merge {
        var name: String
        var copies: [String]
        var keepsOwnDefinition: Bool
    }

    /// The models in groups of two or more that are the same once descriptions are set aside and
    /// the models they name are named by their groups; each group in model order, the groups in
    /// the order of their first models. Each model's definition is written once as a skeleton, the
    /// models it names taken out (in order); then the groups are refined until none changes: at
    /// first models are together when their skeletons are, and each round keeps together those
    /// whose named models are in the same groups.
    private func identicalModelGroups(named: Set<String>) -> [[String]] {
        // Only models alike in what a quick look sees (keys, property names, enum values, the
        // number of alternatives) can be the same: the others are skipped before their skeletons.
        var outlines: [String: Int] = [:]
        var alike: [Int: Int] = [:]
        for key in modelOrder {
            guard let definition = modelDefinitions[key] else { continue }
            let outline = Self.outline(of: definition)
            outlines[key] = outline
            alike[outline, default: 0] += 1
        }
        let candidates = Set(outlines.compactMap { key, outline in alike[outline, default: 0] > 1 ? key : nil })
        guard !candidates.isEmpty else { return [] }
        var skeletonIDs: [ImportJSON: Int] = [:]
        var models: [(key: String, skeleton: Int, references: [String])] = []
        for key in modelOrder where candidates.contains(key) {
            guard let definition = modelDefinitions[key] else { continue }
            // A candidate named in a skeleton is taken out, to be compared by its group; any other
            // model stays there by name: it is the same only as itself. So does a named model: two
            // the same stay two, and what holds one is not what holds the other.
            var references: [String] = []
            let skeleton = Self.renamingTypes(inModel: definition) { name in
                guard candidates.contains(name), !named.contains(name) else { return nil }
                references.append(name)
                return "\u{1}"
            }
            guard case .object(let fields) = skeleton else { continue }
            let shape = ImportJSON.object(fields.filter { $0.0 != SpecKey.description.key })
            let id = skeletonIDs[shape] ?? skeletonIDs.count
            skeletonIDs[shape] = id
            models.append((key, id, references))
        }
        // Most documents have no two models of one skeleton: nothing to refine.
        guard skeletonIDs.count < models.count else { return [] }
        var group: [String: Int] = [:]
        for model in models { group[model.key] = model.skeleton }
        var groups: [[String]] = []
        while true {
            var byShape: [[Int]: Int] = [:]
            var next: [String: Int] = [:]
            groups = []
            for model in models {
                let shape = [model.skeleton] + model.references.map { group[$0] ?? -1 }
                let index = byShape[shape] ?? groups.count
                if index == groups.count {
                    byShape[shape] = index
                    groups.append([])
                }
                groups[index].append(model.key)
                next[model.key] = index
            }
            // Groups only ever split or stay: the same count means none changed.
            if Set(group.values).count == groups.count { break }
            group = next
        }
        return groups.filter { $0.count > 1 }
    }

    /// A hash of what two models that are the same must share: their keys, their properties'
    /// names, their enum values, their number of alternatives. Descriptions and types aside.
    private static func outline(of definition: ImportJSON) -> Int {
        var hasher = Hasher()
        guard case .object(let fields) = definition else { return 0 }
        for (key, value) in fields where key != SpecKey.description.key {
            hasher.combine(key)
            switch (key, value) {
            case (SpecKey.properties.key, .object(let properties)):
                for (name, _) in properties { hasher.combine(name) }
            case (SpecKey.oneOf.key, .array(let alternatives)), (SpecKey.anyOf.key, .array(let alternatives)):
                hasher.combine(alternatives.count)
            case (SpecKey.enum.key, _), (SpecKey.type.key, _):
                hasher.combine(value)
            default:
                break
            }
        }
        return hasher.finalize()
    }

    /// The name the copies' names end in, of two words or more (`SetupFutureUsage`), or nil. Nil
    /// too where it would begin inside the name of a model that holds a copy (`RangeSpecsUnit` and
    /// `RangeQuerySpecsUnit`, the `unit` of `RangeSpecs` and of `RangeQuerySpecs`, do not make `SpecsUnit`).
    static func sharedEnding(_ names: [String], models: [String: ImportJSON]) -> String? {
        let words = names.map(Self.camelWords)
        guard let shortest = words.map(\.count).min(), shortest >= 2 else { return nil }
        var ending: [Substring] = []
        for offset in 1...shortest {
            let word = words[0][words[0].count - offset]
            guard words.allSatisfy({ $0[$0.count - offset] == word }) else { break }
            ending.insert(word, at: 0)
        }
        // A last word with a number (`Option1`, `Eps2`) is the importer's, telling places apart.
        guard ending.count >= 2, let first = ending.first?.first, first.isUppercase,
              ending.last?.last?.isNumber == false else { return nil }
        for name in words where models[name.dropLast(ending.count - 1).joined()] != nil { return nil }
        return ending.joined()
    }

    /// `PaymentMethodOptionsEps2` -> `Payment`, `Method`, `Options`, `Eps2`; `UserPIIXMLData` ->
    /// `User`, `PIIXML`, `Data`: a word begins at an uppercase letter after a lowercase one or a
    /// digit, or at the last of a run of uppercase letters that a lowercase one follows; digits
    /// stay with the word before them.
    static func camelWords(_ name: String) -> [Substring] {
        var words: [Substring] = []
        let characters = Array(name.indices)
        var start = name.startIndex
        for (offset, index) in characters.enumerated() where offset > 0 && name[index].isUppercase {
            let previous = name[characters[offset - 1]]
            let next = offset + 1 < characters.count ? name[characters[offset + 1]] : nil
            guard !previous.isUppercase || next?.isLowercase == true else { continue }
            words.append(name[start..<index])
            start = index
        }
        if start < name.endIndex { words.append(name[start...]) }
        return words
    }

    /// Renames the models of `renamed` (old -> new), each merge one model: a named model's own
    /// definition, description and all, or else its first copy's, described only when every copy
    /// was described alike; it stands where its first copy stood. References in every model are
    /// renamed, and what the source map reads follows.
    private func applyModelRenames(_ renamed: [String: String], merges: [Merge]) {
        var merged: [String: ImportJSON] = [:]
        for merge in merges {
            if merge.keepsOwnDefinition, let own = modelDefinitions[merge.name] {
                merged[merge.name] = own
                continue
            }
            guard case .object(let fields)? = modelDefinitions[merge.copies[0]] else { continue }
            let described = Set(merge.copies.map { Self.description(of: modelDefinitions[$0]) ?? "" }).count == 1
            merged[merge.name] = .object(described ? fields : fields.filter { $0.0 != SpecKey.description.key })
        }
        var order: [String] = []
        var definitions: [String: ImportJSON] = [:]
        for key in modelOrder {
            let name = renamed[key] ?? key
            guard definitions[name] == nil, let definition = merged[name] ?? modelDefinitions[key] else { continue }
            order.append(name)
            definitions[name] = Self.renamingTypes(inModel: definition) { renamed[$0] }
            if modelSources[name] == nil {
                modelSources[name] = modelSources[key]
                propertySources[name] = propertySources[key]
                alternativeSources[name] = alternativeSources[key]
            }
        }
        // A union's alternatives are found in the source map by their types, which may have changed.
        for (key, sources) in alternativeSources {
            alternativeSources[key] = Dictionary(sources.map { (Self.renamingTypes(in: $0.key) { renamed[$0] }, $0.value) },
                                                 uniquingKeysWith: { first, _ in first })
        }
        modelOrder = order
        modelDefinitions = definitions
    }

    /// The type names a level makes besides its models, at every level: each group's, and each
    /// endpoint's response types (`<Endpoint>Headers`, `<Endpoint>ErrorHeaders`,
    /// `<Endpoint>Response`). A model must not take one.
    private static func levelTypeNames(in top: [(String, ImportJSON)]) -> Set<String> {
        var names: Set<String> = []
        var levels = [top]
        while let level = levels.popLast() {
            if case .object(let endpoints)? = level.first(where: { $0.0 == SpecKey.endpoints.key })?.1 {
                for (key, _) in endpoints {
                    names.formUnion([Naming.headersTypeName(key), Naming.errorHeadersTypeName(key), Naming.responseTypeName(key)])
                }
            }
            guard case .object(let groups)? = level.first(where: { $0.0 == SpecKey.groups.key })?.1 else { continue }
            for (key, group) in groups {
                names.insert(ImportNaming.upperCamel(key))
                if case .object(let fields) = group { levels.append(fields) }
            }
        }
        return names
    }

    private static func description(of definition: ImportJSON?) -> String? {
        guard case .object(let fields)? = definition, case .string(let text)? = fields.first(where: { $0.0 == SpecKey.description.key })?.1 else {
            return nil
        }
        return text
    }

    // MARK: Where specs name types

    /// What a type's names become: a new name, or nil to keep the name.
    typealias TypeNameChange = (String) -> String?

    /// Every name in `type` (`[String: Pet]?`) changed as `change` says; `type` itself when none is.
    static func renamingTypes(in type: String, _ change: TypeNameChange) -> String {
        // Names are ASCII letters, digits and `_` (the importer's model names); the rest are the
        // type's punctuation. The result is made only from the first name that changes on.
        var result: String?
        var start: String.Index?
        var copied = type.startIndex
        func name(endingAt end: String.Index) {
            guard let first = start else { return }
            start = nil
            guard let changed = change(String(type[first..<end])) else { return }
            result = (result ?? "") + type[copied..<first] + changed
            copied = end
        }
        var index = type.startIndex
        for byte in type.utf8 {
            let isNamePart = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            if isNamePart {
                if start == nil { start = index }
            } else {
                name(endingAt: index)
            }
            index = type.utf8.index(after: index)
        }
        name(endingAt: type.endIndex)
        guard let result else { return type }
        return result + type[copied...]
    }

    /// A property, parameter, body or response: a type, or an object with a `type`. A response's
    /// `headers` are types too (`"ETag": "String?"`); a multipart property's are the values its
    /// part is sent with, never renamed.
    private static func renamingTypes(inTyped value: ImportJSON, headersAreTypes: Bool = false, _ change: TypeNameChange) -> ImportJSON {
        switch value {
        case .string(let type):
            return .string(renamingTypes(in: type, change))
        case .object(let fields):
            return .object(fields.map { key, field in
                switch (key, field) {
                case (SpecKey.type.key, .string(let type)):
                    return (key, .string(renamingTypes(in: type, change)))
                case (SpecKey.headers.key, .object(let headers)) where headersAreTypes:
                    return (key, .object(headers.map { ($0.0, renamingTypes(inTyped: $0.1, change)) }))
                default:
                    return (key, field)
                }
            })
        default:
            return value
        }
    }

    /// The values of an object (`properties`, `parameters`; with `headersAreTypes`, `responses`
    /// and `errors`), each typed.
    private static func renamingTypes(inEach value: ImportJSON, headersAreTypes: Bool = false, _ change: TypeNameChange) -> ImportJSON {
        guard case .object(let fields) = value else { return value }
        return .object(fields.map { ($0.0, renamingTypes(inTyped: $0.1, headersAreTypes: headersAreTypes, change)) })
    }

    /// A model: its properties and `additionalProperties`, its alternatives and its discriminator's mapping.
    static func renamingTypes(inModel definition: ImportJSON, _ change: TypeNameChange) -> ImportJSON {
        guard case .object(let fields) = definition else { return definition }
        return .object(fields.map { key, value in
            switch (key, value) {
            case (SpecKey.properties.key, _):
                return (key, renamingTypes(inEach: value, change))
            case (SpecKey.additionalProperties.key, .string(let type)):
                return (key, .string(renamingTypes(in: type, change)))
            case (SpecKey.oneOf.key, .array(let alternatives)), (SpecKey.anyOf.key, .array(let alternatives)):
                return (key, .array(alternatives.map { alternative in
                    if case .string(let type) = alternative { return .string(renamingTypes(in: type, change)) }
                    return alternative
                }))
            case (SpecKey.discriminator.key, .object(let members)):
                return (key, .object(members.map { member, entry in
                    member == SpecKey.mapping.key ? (member, renamingTypes(inEach: entry, change)) : (member, entry)
                }))
            default:
                return (key, value)
            }
        })
    }

    /// An endpoint: its parameters, body, response, responses and errors.
    private static func renamingTypes(inEndpoint definition: ImportJSON, _ change: TypeNameChange) -> ImportJSON {
        guard case .object(let fields) = definition else { return definition }
        return .object(fields.map { key, value in
            switch key {
            case SpecKey.parameters.key: return (key, renamingTypes(inEach: value, change))
            case SpecKey.responses.key, SpecKey.errors.key: return (key, renamingTypes(inEach: value, headersAreTypes: true, change))
            case SpecKey.body.key: return (key, renamingTypes(inTyped: value, change))
            case SpecKey.response.key: return (key, renamingTypes(inTyped: value, headersAreTypes: true, change))
            default: return (key, value)
            }
        })
    }

    /// A member of the top level or of a group: its `endpoints`, `groups` (each a level) or `errors`.
    static func renamingTypes(inLevelMember key: String, _ value: ImportJSON, _ change: TypeNameChange) -> ImportJSON {
        guard case .object(let members) = value else { return value }
        switch key {
        case SpecKey.endpoints.key:
            return .object(members.map { ($0.0, renamingTypes(inEndpoint: $0.1, change)) })
        case SpecKey.errors.key:
            return renamingTypes(inEach: value, headersAreTypes: true, change)
        case SpecKey.groups.key:
            return .object(members.map { name, group in
                guard case .object(let fields) = group else { return (name, group) }
                return (name, .object(fields.map { ($0.0, renamingTypes(inLevelMember: $0.0, $0.1, change)) }))
            })
        default:
            return value
        }
    }
}
