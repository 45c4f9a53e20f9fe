import Foundation
import Testing

/// Runs `body` with the base URL of a python3 stand-in server (a script beside this file) that
/// listens on 127.0.0.1 on a free port, and stops the server afterwards, whatever `body` did
/// (closing its stdin and sending SIGTERM).
///
/// The script prints its port on its first line, then serves until it is terminated.
func withLocalServer(
    _ script: String, basePath: String, sourceFile: String = #filePath,
    _ body: (URL) async throws -> Void
) async throws {
    let scriptURL = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().appendingPathComponent(script)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", scriptURL.path]
    let output = Pipe()
    let input = Pipe()  // the server stops when its stdin closes
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    defer {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
    let port = try firstLine(of: output.fileHandleForReading)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)\(basePath)"), "server printed \(port)")
    try #require(Int(port) != nil, "the server should print its port first, printed \(port)")
    try await body(base)
}

/// Reads up to the first newline (the server's port), failing if the server exits first.
private func firstLine(of handle: FileHandle) throws -> String {
    var bytes = Data()
    while !bytes.contains(UInt8(ascii: "\n")) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        bytes.append(chunk)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    return line.trimmingCharacters(in: .whitespaces)
}
