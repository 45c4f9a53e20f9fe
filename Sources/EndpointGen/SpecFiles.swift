import EndpointGenCore
import Foundation

/// One spec to process: the path as given (used in diagnostics) and its file name (used in the header).
struct SpecFile {
    var path: String
    var fileName: String { (path as NSString).lastPathComponent }
}

enum SpecFiles {

    /// Expands the inputs: a file is taken as is; a directory contributes every `*.endpoints.json`
    /// and every OpenAPI document (`*.openapi.json`, `.yaml`, `.yml`) below it, in sorted order. Problems (a missing path, a directory without specs) are returned.
    static func expand(_ inputs: [String]) -> (files: [SpecFile], problems: [String]) {
        var files: [SpecFile] = []
        var problems: [String] = []
        let manager = FileManager.default
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: input, isDirectory: &isDirectory) else {
                problems.append("\(input): error: no such file or directory")
                continue
            }
            if !isDirectory.boolValue {
                files.append(SpecFile(path: input))
                continue
            }
            let found = specs(under: input)
            if found.isEmpty {
                problems.append("\(input): error: no *\(SpecFileNames.specSuffix) or *.openapi.json files in this directory")
            }
            files.append(contentsOf: found.map { SpecFile(path: $0) })
        }
        return (files, problems)
    }

    private static func specs(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if SpecFileNames.stem((relative as NSString).lastPathComponent) != nil {
                let path = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    found.append(path)
                }
            }
        }
        // Byte order of the paths: the same on every machine, independent of the file system's order.
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func read(_ file: SpecFile) -> Data? {
        FileManager.default.contents(atPath: file.path)
    }
}
