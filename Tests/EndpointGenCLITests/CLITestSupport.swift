import Foundation
import Testing

/// Runs the built `endpoint-gen` binary (it sits next to the test bundle in the build products).
struct CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL? {
        var candidates: [URL] = []
        let first = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(first.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        for directory in candidates {
            let url = directory.appendingPathComponent("endpoint-gen")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url
            }
        }
        return nil
    }

    /// Runs the binary in `directory`; `environment`, when given, is its whole environment.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Output {
        let binary = try #require(binary, "endpoint-gen not found next to the test bundle")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = directory
        // Output goes to files, so neither stream can fill a pipe and block the process.
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-out-\(UUID().uuidString)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdoutData = try Data(contentsOf: outURL)
        let stderrData = try Data(contentsOf: errURL)
        return Output(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// A temporary directory, removed when the test is done with it.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    func modificationDate(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)[.modificationDate] as? Date
    }

    func setModificationDate(_ date: Date, _ path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.appendingPathComponent(path).path)
    }

    func run(_ arguments: String...) throws -> CLI.Output {
        try CLI.run(arguments, in: url)
    }
}

enum Specs {
    static let good = """
        {
          "baseURL": "https://api.example.com",
          "endpoints": {
            "ping": { "method": "GET", "path": "/ping", "response": "Pong" }
          },
          "models": { "Pong": { "properties": { "ok": "Bool" } } }
        }
        """

    static let other = """
        {
          "baseURL": "https://other.example.com",
          "endpoints": { "status": { "method": "GET", "path": "/status" } }
        }
        """

    /// Enough pieces (two groups, models) to fill three parts.
    static let twoGroups = """
        {
          "baseURL": "https://shop.example.com",
          "endpoints": { "status": { "method": "GET", "path": "/status" } },
          "groups": {
            "orders": {
              "path": "/orders",
              "endpoints": {
                "list": { "method": "GET", "path": "", "response": "[Order]" },
                "get": { "method": "GET", "path": "/{id}", "parameters": { "id": "Int" }, "response": "Order" }
              }
            },
            "products": {
              "path": "/products",
              "endpoints": { "list": { "method": "GET", "path": "", "response": "[Product]" } }
            }
          },
          "models": {
            "Order": { "properties": { "id": "Int", "total": "Double" } },
            "Product": { "properties": { "id": "Int", "name": "String" } }
          }
        }
        """

    /// Two problems: both must be reported in one run.
    static let bad = """
        {
          "baseURL": "https://api.example.com",
          "endpoints": {
            "ping": { "method": "GETT", "path": "/ping" },
            "pong": { "method": "GET", "path": "/pong", "respons": "String" }
          }
        }
        """
}
