// The checks `generate` (and so the plugins) runs on an OpenAPI document's import: the spec is
// validated in memory, and each problem found in it is placed at the document.

import Foundation

extension Generator {
    /// Validates the spec of an import as `generate` does. The spec exists only in memory, so a
    /// problem the Validator finds in it is reported at the document's place of the OpenAPI value the
    /// offending spec value was made from (`ImportSourceMap`), naming the spec's own line and column
    /// too. Such a problem is the importer's: it means to write only specs the Validator accepts.
    /// - Parameters:
    ///   - specFileName: the name the spec is validated under (`<Name>.endpoints.json`).
    /// - Returns: the spec, nil when the import or the validation has errors; the validation's
    ///   diagnostics, placed in the document (the import's own are in `imported.diagnostics`).
    public static func validate(imported: ImportResult, specFileName: String, moduleTypes: Set<String> = []) -> (Spec?, Diagnostics) {
        guard let specJSON = imported.specJSON, !imported.diagnostics.hasErrors else { return (nil, Diagnostics()) }
        let (spec, diagnostics) = validate(specData: Data(specJSON.utf8), fileName: specFileName, moduleTypes: moduleTypes)
        var placed = Diagnostics()
        let sorted = diagnostics.sorted
        let places = imported.sourceMap?.documentLocations(ofSpecLocations: sorted.map(\.location), inSpec: specJSON)
        for (index, diagnostic) in sorted.enumerated() {
            let specPlace = "the imported spec, line \(diagnostic.location.line), column \(diagnostic.location.column)"
            let place = places?[index]
            placed.emit(Diagnostic(diagnostic.severity,
                                   "\(diagnostic.message) (\(specPlace); run 'endpoint-gen import' on the document to see the spec)",
                                   at: place ?? diagnostic.location))
        }
        return (diagnostics.hasErrors ? nil : spec, placed)
    }
}
