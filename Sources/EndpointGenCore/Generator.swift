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
    /// How many files each spec is written as; `nil` chooses: one per 500 endpoints and models.
    public var parts: Int?

    public init(accessLevel: AccessLevel = .public, parts: Int? = nil) {
        self.accessLevel = accessLevel
        self.parts = parts
    }
}

/// One generated Swift file.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name without `.swift`: `StravaAPI`, then `StravaAPI+Part2`, ... for a spec in parts.
    public var name: String
    public var swift: String

    public init(name: String, swift: String) {
        self.name = name
        self.swift = swift
    }
}

/// What `Generator.generate` produces: the Swift files, or none when the spec has errors.
public struct GeneratorResult: Sendable {
    /// The files in order; the first is `<outputName>.swift`.
    public var files: [GeneratedFile]
    public var diagnostics: Diagnostics

    /// The first file's Swift (the whole output of a spec written as one file).
    public var swift: String? { files.first?.swift }
    /// The first file's name: the spec's output name.
    public var outputName: String? { files.first?.name }

    public init(files: [GeneratedFile], diagnostics: Diagnostics) {
        self.files = files
        self.diagnostics = diagnostics
    }
}

/// The core's entry point, used by the command line and by tests. Everything here is in memory.
public enum Generator {
    /// Loads, validates and renders one spec. `fileName` is used in diagnostics and in the header.
    public static func generate(specData: Data, fileName: String, options: GeneratorOptions) -> GeneratorResult {
        let (spec, diagnostics) = validate(specData: specData, fileName: fileName)
        guard let spec, !diagnostics.hasErrors else {
            return GeneratorResult(files: [], diagnostics: diagnostics)
        }
        return GeneratorResult(files: renderFiles(spec, options: options), diagnostics: diagnostics)
    }

    /// Translates and renders an already validated spec as one file (the back half of the pipeline).
    public static func render(_ spec: Spec, options: GeneratorOptions) -> String {
        let file = Translator(spec: spec, options: options).translate()
        return Renderer.render(file)
    }

    /// Translates and renders an already validated spec as `options.parts` files (or as many as
    /// ``partCount(for:)`` chooses).
    public static func renderFiles(_ spec: Spec, options: GeneratorOptions) -> [GeneratedFile] {
        let count = options.parts ?? partCount(for: spec)
        let files = Translator(spec: spec, options: options).translateParts(count: count)
        // Parts render independently, on every core.
        let texts = files.concurrentMap { Renderer.render($0) }
        return texts.enumerated().map { index, swift in
            GeneratedFile(name: index == 0 ? spec.outputName : partName(spec.outputName, index + 1), swift: swift)
        }
    }

    /// How many files a spec is written as when not told: one per 500 endpoints and models, at least one.
    public static func partCount(for spec: Spec) -> Int { Translator.automaticPartCount(for: spec) }

    /// `StravaAPI+Part2`: the name of part `number` (2 or more) of the output `name`.
    public static func partName(_ name: String, _ number: Int) -> String { "\(name)+Part\(number)" }
}
