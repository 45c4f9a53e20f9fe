// How many files a spec is written as: the one rule, shared by the generator and the build plugin.
// A plugin cannot import a library target, so Plugins/EndpointGenPlugin/PartRule.swift is a
// symbolic link to this file: it must stay plain Swift with no imports.

/// One file per 500 endpoints and models, at least one, at most 1,000.
enum PartRule {
    /// Endpoints and models per file.
    static let declarationsPerPart = 500
    /// The most files one spec is written as (`--parts` accepts no more).
    static let maximumParts = 1000

    /// The number of files for a spec of `declarations` endpoints and models.
    static func partCount(declarations: Int) -> Int {
        min(maximumParts, max(1, (declarations + declarationsPerPart - 1) / declarationsPerPart))
    }
}
