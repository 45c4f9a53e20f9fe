// The checks `generate` (and so the plugins) runs on an OpenAPI document's import: the imported spec
// is validated as a tree, in memory, each value at the document's place it was made from.

import Foundation

extension Generator {
    /// Validates the spec of an import as `generate` does. The spec is not written as text: the
    /// Validator reads the importer's tree, each key and value placed at the document's line and
    /// column of the OpenAPI value it was made from (`ImportSourceMap.documentTree`), so a problem
    /// it finds names the document. Such a problem is the importer's: it means to write only specs
    /// the Validator accepts.
    /// - Parameters:
    ///   - specFileName: the name the spec is validated under (`<Name>.endpoints.json`).
    /// - Returns: the spec, nil when the import or the validation has errors; the validation's
    ///   diagnostics, placed in the document (the import's own are in `imported.diagnostics`).
    package static func validate(imported: ImportResult, specFileName: String, moduleTypes: Set<String> = []) -> (Spec?, Diagnostics) {
        // An import made without `ImportOptions.keepsTree` has its text alone: nothing to validate here.
        assert(imported.specJSON == nil || imported.spec != nil, "validate(imported:) needs an import made with ImportOptions.keepsTree")
        guard let tree = imported.spec, let map = imported.sourceMap, !imported.diagnostics.hasErrors else { return (nil, Diagnostics()) }
        var found = Diagnostics()
        let spec = Validator.validate(map.documentTree(tree), fileName: specFileName, moduleTypes: moduleTypes, diagnostics: &found)
        var placed = Diagnostics()
        for diagnostic in found.sorted {
            placed.emit(Diagnostic(diagnostic.severity,
                                   "\(diagnostic.message) (in the spec imported from this document; run 'endpoint-gen import' on the document to see the spec)",
                                   at: diagnostic.location))
        }
        return (found.hasErrors ? nil : spec, placed)
    }
}
