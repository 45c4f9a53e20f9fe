import Foundation

/// A real HTTP server on 127.0.0.1 for tests: python3 running `echo_server.py` on a free port.
///
/// Every answer describes exactly what the server received (see ``EchoedRequest``); request
/// headers choose canned statuses, headers, bodies and delays (`X-Echo-Status`, `X-Echo-Headers`,
/// `X-Echo-Body`, `X-Echo-Delay`, `X-Echo-Fail`, `X-Echo-Require-Authorization`; see the script).
///
/// ```swift
/// let server = try LocalHTTPServer()
/// defer { server.stop() }
/// let url = server.baseURL.appendingPathComponent("hello")
/// ```
///
/// The server stops when ``stop()`` is called, when the value is released, or when the test
/// process exits (the script exits when its standard input closes).
///
/// From async code prefer `try await LocalHTTPServer.start()`: the initializer blocks its thread
/// until python has started, which on a busy machine can starve Swift's small cooperative pool.
///
/// `@unchecked Sendable`: the stored properties are constants, and `stop()`, the only method with
/// effects, is serialized by `stopLock`.
public final class LocalHTTPServer: @unchecked Sendable {
    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// `"http://127.0.0.1:<port>"`.
    public var baseURLString: String { "http://127.0.0.1:\(port)" }

    private let process: Process
    private let input: Pipe
    private let stopLock = NSLock()

    /// Starts a server without blocking a Swift concurrency thread.
    public static func start(script: String = "echo_server", standardError: FileHandle = .standardError) async throws -> LocalHTTPServer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try LocalHTTPServer(script: script, standardError: standardError) })
            }
        }
    }

    /// Starts the server and waits until it listens. `script` names a python script of this bundle:
    /// `echo_server` (the default) or `stream_server` (answers that stream; see the script). What
    /// python prints on its standard error goes to `standardError` (the test process's by default).
    public init(script: String = "echo_server", standardError: FileHandle = .standardError) throws {
        guard let script = Bundle.module.url(forResource: script, withExtension: "py") else {
            throw ServerError("\(script).py is missing from the TestSupport bundle")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = standardError
        try process.run()

        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              let port = Int(text), let url = URL(string: "http://127.0.0.1:\(port)") else {
            process.terminate()
            throw ServerError("the echo server did not print its port: \(String(decoding: line, as: UTF8.self))")
        }
        self.process = process
        self.input = input
        self.port = port
        self.baseURL = url
    }

    /// Stops the server: sends SIGTERM and closes its standard input (either ends it). Does not
    /// wait, because `Process.waitUntilExit` can hang when called from a Swift concurrency thread
    /// on Linux. Safe to call more than once.
    public func stop() {
        stopLock.lock()
        defer { stopLock.unlock() }
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
    }

    deinit { stop() }

    /// Whether the python process is still running.
    public var isRunning: Bool { process.isRunning }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// What the echo server received, decoded from its answer.
public struct EchoedRequest: Decodable, Sendable, Equatable {
    /// The method.
    public var method: String
    /// The request target as sent: path and query, still percent-encoded.
    public var path: String
    /// The headers in the order received.
    public var headers: [[String]]
    /// The body in base64.
    public var body: String
    /// How many requests the server had received, this one included.
    public var count: Int

    /// Decodes an echo answer.
    public init(from data: Data) throws {
        self = try JSONDecoder().decode(EchoedRequest.self, from: data)
    }

    /// The path without the query, still percent-encoded.
    public var rawPath: String { String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    /// The query as sent (still percent-encoded), or `nil` when there was none.
    public var rawQuery: String? {
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : nil
    }

    /// The body's bytes.
    public var bodyData: Data { Data(base64Encoded: body) ?? Data() }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: bodyData, as: UTF8.self) }

    /// Every value received for `name` (case-insensitive).
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.count == 2 && $0[0].lowercased() == name.lowercased() }.map { $0[1] }
    }

    /// The single value received for `name`, if any.
    public func header(_ name: String) -> String? { headerValues(name).first }
}
