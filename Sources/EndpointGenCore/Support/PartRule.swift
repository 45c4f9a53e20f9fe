// How many files a spec is written as: the one rule, shared by the generator and the build plugin.
// A plugin cannot import a library target, so Plugins/EndpointGenPlugin/PartRule.swift is a
// symbolic link to this file: it must stay plain Swift with no imports (it names `SpecKey` and
// `EndpointCount`, linked there too).

/// A spec is written as one file per `sizePerPart` of its size, at least one, at most 1,000.
///
/// Its size counts what its generated Swift grows with, in units of about six lines: 2 for each
/// endpoint, 5 for each model and 1 for each member of a model (a property, an enum value, an
/// alternative of a union). A file of about 6,000 lines each, because the compiler's back end
/// works a file at a time, in time that grows faster than the file, and `swift build` compiles
/// the files of a target in as many jobs as the machine has cores: one long file is compiled on
/// one core, at the memory of all of it (docs/generated-code.md, "Large specs").
enum PartRule {
    /// The size a file holds.
    static let sizePerPart = 1_000
    /// The most files one spec is written as (`--parts` accepts no more).
    static let maximumParts = 1000

    /// The size of a spec of `endpoints` endpoints and `models` models, which have `members` members.
    static func size(endpoints: Int, models: Int, members: Int) -> Int {
        2 * endpoints + 5 * models + members
    }

    /// The number of files for a spec of `size`.
    static func partCount(size: Int) -> Int {
        min(maximumParts, max(1, (size + sizePerPart - 1) / sizePerPart))
    }

    /// The size of a spec as `JSONSerialization` reads it (objects are `[String: Any]`): what the build
    /// plugin counts before anything is generated, equal to what the generator counts of the
    /// validated spec.
    static func size(json spec: [String: Any]) -> Int {
        let models = spec[SpecKey.models.key] as? [String: Any] ?? [:]
        let members = models.values.reduce(0) { total, model in
            guard let model = model as? [String: Any] else { return total }
            return total + [SpecKey.properties, .enum, .oneOf, .anyOf].reduce(0) { count, key in
                switch model[key.key] {
                case let object as [String: Any]: count + object.count
                case let array as [Any]: count + array.count
                default: count
                }
            }
        }
        return size(endpoints: EndpointCount.total(json: spec), models: models.count, members: members)
    }

    /// Bytes of an OpenAPI document to a unit of size. The build plugin must name a document's
    /// files before it is imported, so it takes the document's length for its size: in the
    /// documents the tests import, a unit of the imported spec stands for 140 to 265 bytes, and
    /// a document cut into a few more files than its spec needs compiles no slower.
    static let documentBytesPerUnit = 125

    /// The number of files the build plugin writes an OpenAPI document of `bytes` bytes as.
    static func partCount(documentBytes bytes: Int) -> Int {
        partCount(size: bytes / documentBytesPerUnit)
    }
}
