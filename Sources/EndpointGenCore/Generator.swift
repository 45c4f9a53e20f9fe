import Foundation

/// The access level written on every declaration of a generated file.
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `package`
    case `internal`
}

/// Options that change the generated Swift (and so are part of its identity: same spec + same options, same bytes).
public struct GeneratorOptions: Sendable, Hashable {
    public var accessLevel: AccessLevel

    public init(accessLevel: AccessLevel = .public) {
        self.accessLevel = accessLevel
    }
}

/// What `Generator.generate` produces: the Swift text and its output name, or nil for both when the spec has errors.
public struct GeneratorResult: Sendable {
    public var swift: String?
    public var outputName: String?
    public var diagnostics: Diagnostics

    public init(swift: String?, outputName: String?, diagnostics: Diagnostics) {
        self.swift = swift
        self.outputName = outputName
        self.diagnostics = diagnostics
    }
}

/// The core's entry point, used by the command line and by tests. Everything here is in memory.
public enum Generator {
    /// Loads, validates and renders one spec. `fileName` is used in diagnostics and in the header.
    public static func generate(specData: Data, fileName: String, options: GeneratorOptions) -> GeneratorResult {
        let (spec, diagnostics) = validate(specData: specData, fileName: fileName)
        guard let spec, !diagnostics.hasErrors else {
            return GeneratorResult(swift: nil, outputName: nil, diagnostics: diagnostics)
        }
        return GeneratorResult(swift: render(spec, options: options), outputName: spec.outputName, diagnostics: diagnostics)
    }

    /// Translates and renders an already validated spec (the back half of the pipeline).
    public static func render(_ spec: Spec, options: GeneratorOptions) -> String {
        let file = Translator(spec: spec, options: options).translate()
        return Renderer.render(file)
    }
}
