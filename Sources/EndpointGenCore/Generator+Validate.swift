import Foundation

extension Generator {
    /// Loads and validates only: the front half of `generate`. The diagnostics come back in file
    /// order (line, then column); the spec is nil when any of them is an error.
    /// `moduleTypes` are the type names the module defines itself, which the spec may use without
    /// declaring them as models.
    /// `spreading`: whether the checks of the top-level groups run on every core (nil: by the spec's
    /// size, `Validator.spreadingThreshold`).
    package static func validate(specData: Data, fileName: String, moduleTypes: Set<String> = [],
                                 spreading: Bool? = nil) -> (Spec?, Diagnostics) {
        var collected = Diagnostics()
        var spec: Spec?
        if let root = JSONParser.parse(specData, fileName: fileName, diagnostics: &collected) {
            spec = Validator.validate(consume root, fileName: fileName, moduleTypes: moduleTypes, spreading: spreading, diagnostics: &collected)
        }
        var sorted = Diagnostics()
        for diagnostic in collected.sorted { sorted.emit(diagnostic) }
        return (sorted.hasErrors ? nil : spec, sorted)
    }
}
