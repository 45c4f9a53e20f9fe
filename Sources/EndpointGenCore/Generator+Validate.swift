import Foundation

extension Generator {
    /// Loads and validates only: the front half of `generate`. The diagnostics come back in file
    /// order (line, then column); the spec is nil when any of them is an error.
    public static func validate(specData: Data, fileName: String) -> (Spec?, Diagnostics) {
        var collected = Diagnostics()
        var spec: Spec?
        if let root = JSONParser.parse(specData, fileName: fileName, diagnostics: &collected) {
            spec = Validator.validate(root, fileName: fileName, diagnostics: &collected)
        }
        var sorted = Diagnostics()
        for diagnostic in collected.sorted { sorted.emit(diagnostic) }
        return (sorted.hasErrors ? nil : spec, sorted)
    }
}
