// Streamed responses: the per-event cost of the runtime's Server-Sent Events decoder against a
// hand-written line parser over the same bytes, and the peak memory of reading a 1 GiB event stream
// from a local server (python3, generating the events on the fly) through HTTPClient.
// Prints tab-separated table rows for Benchmarks/run.sh. `--smoke` measures briefly (and streams 64 MiB);
// `--platform-only` reads the same stream with URLSession alone, for reference.
import EndpointRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let smoke = CommandLine.arguments.contains("--smoke")
nonisolated(unsafe) var sink = 0

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// A table row. The smoke run measures debug code, whose ratios mean little: it judges nothing.
func row(_ measure: String, _ result: String, _ target: String, _ verdict: String) {
    print(["6. Streams", measure, result, target, smoke ? "not judged (smoke)" : verdict].joined(separator: "\t"))
}

/// Peak resident memory of this process so far, in bytes (Linux: VmHWM; elsewhere 0).
func peakResident() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return (Int(String(digits)) ?? 0) * 1024
    }
    return 0
}

// MARK: - Per-event cost

/// The same events an LLM chat stream sends: a JSON chunk per event, a comment now and then.
func eventStream(events: Int) -> [Data] {
    var text = ""
    for index in 0..<events {
        if index % 50 == 0 { text += ": keep-alive\n\n" }
        text += "id: \(index)\ndata: {\"id\":\"chatcmpl-\(index)\",\"delta\":{\"content\":\"word \(index) \"}}\n\n"
    }
    let bytes = Data(text.utf8)
    // Cut into 16 KiB reads, as a socket delivers them, splitting events anywhere.
    return stride(from: 0, to: bytes.count, by: 16 << 10).map { bytes[$0..<min($0 + (16 << 10), bytes.count)] }
}

/// What a careful developer writes by hand for the same stream: find each LF, collect `data:` lines,
/// dispatch on a blank line; the event's data and id as strings. (It knows the server: LF line ends
/// only, one space after the colon.)
struct HandParser {
    var line: [UInt8] = []
    var data: [UInt8] = []
    var id = ""

    mutating func feed(_ chunk: Data, _ dispatch: (String, String) -> Void) {
        chunk.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while let newline = bytes[start...].firstIndex(of: 0x0A) {
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<newline])
                if line.isEmpty {
                    handle(piece, dispatch)
                } else {
                    line.append(contentsOf: piece)
                    let whole = line
                    line.removeAll(keepingCapacity: true)
                    whole.withUnsafeBufferPointer { handle($0, dispatch) }
                }
                start = newline + 1
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    mutating func handle(_ line: UnsafeBufferPointer<UInt8>, _ dispatch: (String, String) -> Void) {
        if line.isEmpty {
            if !data.isEmpty { dispatch(String(decoding: data, as: UTF8.self), id) }
            data.removeAll(keepingCapacity: true)
        } else if line.starts(with: "data: ".utf8) {
            if !data.isEmpty { data.append(0x0A) }
            data.append(contentsOf: line[6...])
        } else if line.starts(with: "id: ".utf8) {
            id = String(decoding: line[4...], as: UTF8.self)
        }
    }
}

func measureDecoder() async throws {
    let events = smoke ? 20_000 : 200_000
    let chunks = eventStream(events: events)
    let request = try HTTPRequest(.get, baseURL: "https://example.com") { Path("events") }
    let head = HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], request: request)
    var runtimeTimes: [Double] = []
    var handTimes: [Double] = []
    for _ in 0..<(smoke ? 2 : 7) {
        var start = now()
        var count = 0
        let stream = try ResponseDecoder<ResponseStream<ServerSentEvent>>.stream(.serverSentEvents())
            .decode(StreamedResponse(head: head, body: ResponseBody(chunks: chunks)))
        for try await event in stream { count &+= event.data.utf8.count &+ (event.id?.utf8.count ?? 0) }
        runtimeTimes.append(Double(now() - start) / Double(events))
        sink &+= count

        start = now()
        count = 0
        var parser = HandParser()
        var body = ResponseBody(chunks: chunks).makeAsyncIterator()
        while let chunk = try await body.next() {
            parser.feed(chunk) { data, id in count &+= data.utf8.count &+ id.utf8.count }
        }
        handTimes.append(Double(now() - start) / Double(events))
        sink &+= count
    }
    let runtime = runtimeTimes.sorted()[runtimeTimes.count / 2]
    let hand = handTimes.sorted()[handTimes.count / 2]
    let ratio = runtime / hand
    row("SSE decoder per event vs hand-written line parser (\(events) events, 16 KiB reads)",
        String(format: "%.0f ns vs %.0f ns = %.2fx", runtime, hand, ratio), "<= 1.5x", ratio <= 1.5 ? "ok" : "over")
}

// MARK: - Peak memory on a long stream

let serverScript = #"""
import sys, threading, os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    def log_message(self, *a): pass
    def do_GET(self):
        size = int(self.path.split("=")[1])
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        event = b'data: {"delta":{"content":"' + b"x" * 200 + b'"}}\n\n'
        block = event * 256
        sent = 0
        try:
            while sent < size:
                self.wfile.write(block)
                sent += len(block)
        except (BrokenPipeError, ConnectionResetError):
            pass
def watch():
    sys.stdin.read()
    os._exit(0)
server = ThreadingHTTPServer(("127.0.0.1", 0), H)
threading.Thread(target=watch, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

/// Starts the event server and runs `body` with its port; stops the server after.
func withEventServer(_ body: (Int) async throws -> Void) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", "-c", serverScript]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    defer {
        process.terminate()
        try? input.fileHandleForWriting.close()
    }
    var line = Data()
    while !line.contains(0x0A) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw URLError(.cannotConnectToHost)
    }
    try await body(port)
}

let longStreamSize = smoke ? 64 << 20 : 1 << 30

func measureLongStream() async throws {
    try await withEventServer { port in
        let size = longStreamSize
        let request = try HTTPRequest(.get, baseURL: "http://127.0.0.1:\(port)") { Path("events"); Query("size", size) }
        let endpoint = Endpoint(request, decoder: ResponseDecoder<ResponseStream<ServerSentEvent>>.stream(.serverSentEvents()))
        let client = HTTPClient(transport: URLSessionTransport(configuration: .ephemeral))
        let before = peakResident()
        let start = now()
        var events = 0
        var bytes = 0
        for try await event in try await client.send(endpoint) {
            events += 1
            bytes += event.data.utf8.count
        }
        let seconds = Double(now() - start) / 1e9
        let peak = peakResident()
        sink &+= bytes
        let mib = Double(peak) / 1_048_576
        let growth = Double(peak - before) / 1_048_576
        row("Peak RSS reading a \(size >> 20) MiB SSE stream (\(events) events, \(String(format: "%.1f", seconds)) s) from 127.0.0.1",
            String(format: "%.1f MiB (%.1f MiB before the stream, +%.1f MiB)", mib, Double(before) / 1_048_576, growth),
            "flat, < 50 MiB", mib < 50 ? "ok" : "over")
    }
}

/// Counts what a data task delivers, and says when it is done.
final class CountingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private(set) var bytes = 0
    let done = DispatchSemaphore(value: 0)

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bytes += data.count
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        done.signal()
    }
}

/// `--platform-only`, in a process of its own: the same stream read by URLSession alone, a data task
/// and a delegate that counts the bytes (no endpoint-gen code, nothing held back), for what the
/// platform's own networking costs in memory beside the row above.
func measurePlatformStream() async throws {
    try await withEventServer { port in
        let size = longStreamSize
        let delegate = CountingDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        let before = peakResident()
        session.dataTask(with: URL(string: "http://127.0.0.1:\(port)/events?size=\(size)")!).resume()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                delegate.done.wait()
                continuation.resume()
            }
        }
        let peak = peakResident()
        sink &+= delegate.bytes
        // The server sends whole blocks of events until it has sent `size` bytes or more.
        guard delegate.bytes >= size else {
            FileHandle.standardError.write(Data("StreamBench: URLSession alone read \(delegate.bytes) of \(size) bytes\n".utf8))
            exit(1)
        }
        row("The same stream read by URLSession alone (a data task and a delegate counting its \(delegate.bytes >> 20) MiB; no endpoint-gen code): peak RSS, for reference",
            String(format: "%.1f MiB (%.1f MiB before the stream, +%.1f MiB)", Double(peak) / 1_048_576, Double(before) / 1_048_576,
                   Double(peak - before) / 1_048_576),
            "", "")
    }
}

// The long stream first, so the process's memory before it is only the runtime's.
if CommandLine.arguments.contains("--platform-only") {
    try await measurePlatformStream()
} else {
    if !CommandLine.arguments.contains("--decoder-only") { try await measureLongStream() }
    try await measureDecoder()
}
