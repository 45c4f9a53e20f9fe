import BenchAPI
import EndpointRuntime
import Foundation

// A GET with path, query and header values answered in the same process: the request built from
// the generated endpoint, sent through `InProcessTransport` to the generated `BenchAPI.handler`,
// which routes it, reads the path, query and header values back, calls the service and writes its
// JSON answer. Measured against building the same request alone (`httpRequest()`).

/// Answers `activity` with an activity made from its inputs (so the values must be read back).
struct EchoActivities: BenchAPI.Service {
    static let athlete = BenchAPI.MetaAthlete(id: 7)
    static let start = Date(timeIntervalSince1970: 1_714_566_600)

    func activity(id: Int64, includeAllEfforts: Bool?, ifNoneMatch: String?) async throws -> BenchAPI.Activity {
        BenchAPI.Activity(id: id, name: ifNoneMatch ?? "", sportType: .run, distance: 10_000, movingTime: 3500, elapsedTime: 3600,
                          totalElevationGain: 12.5, startDate: Self.start, startDateLocal: Self.start, kudosCount: 3,
                          commute: includeAllEfforts ?? false, private: false, athlete: Self.athlete)
    }
}

let inProcess = InProcessTransport(BenchAPI.handler(EchoActivities()))
let inProcessClient = HTTPClient(transport: inProcess)

/// The request alone, as the client builds it before sending.
func buildActivity() throws -> Int {
    let request = try BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc").httpRequest()
    return request.headers.reduce(0) { count, _ in count &+ 1 } &+ (request.body?.count ?? 0) &+ request.urlComponents.percentEncodedPath.utf8.count
}

/// Built, sent through the transport and answered by the handler: the status and the body's size.
func sendActivityInProcess() async throws -> Int {
    let request = try BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc").httpRequest()
    let response = try await inProcess.send(request)
    return response.status &+ response.body.count
}

/// As `HTTPClient.send` does it: middleware chain, transport, handler, and the answer decoded.
func fetchActivityInProcess() async throws -> Int {
    let activity = try await inProcessClient.send(BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc"))
    return Int(activity.id) &+ activity.name.utf8.count
}

/// Checks that the handler really read the values back before anything is timed.
func checkInProcess() async throws {
    struct Mismatch: Error, CustomStringConvertible { var description: String }
    let activity = try await inProcessClient.send(BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc"))
    guard activity.id == 1_234_567, activity.name == "abc", activity.commute else {
        throw Mismatch(description: "the handler answered \(activity.id) \(activity.name) \(activity.commute)")
    }
    let response = try await inProcess.send(try BenchAPI.activity(id: 1, includeAllEfforts: false).httpRequest())
    guard response.status == 200, !response.body.isEmpty else {
        throw Mismatch(description: "the handler answered status \(response.status)")
    }
}

/// The body's size, read chunk by chunk as the transport reads a handler's answer.
func byteCount(_ body: ResponseBody) async throws -> Int {
    var count = 0
    for try await chunk in body { count &+= chunk.count }
    return count
}

/// `compare` for an asynchronous side: the same rounds, alternating which side goes first.
func compareAsync(_ plan: Plan, generated: () async throws -> Int, baseline: () throws -> Int) async rethrows -> Comparison {
    func time(_ iterations: Int, _ body: () async throws -> Int) async rethrows -> Double {
        var local = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { local &+= try await body() }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        sink &+= local
        return Double(elapsed) / Double(iterations)
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    _ = try await time(10, generated)
    _ = try await time(10, { try baseline() })
    var iterations = 16
    while true {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try await time(iterations, generated)
        if DispatchTime.now().uptimeNanoseconds - start >= plan.roundNanoseconds / 4 || iterations >= 1 << 24 { break }
        iterations *= 2
    }
    iterations *= 4
    var generatedTimes: [Double] = []
    var baselineTimes: [Double] = []
    var ratios: [Double] = []
    for round in 0..<plan.rounds {
        let g: Double
        let b: Double
        if round % 2 == 0 {
            g = try await time(iterations, generated)
            b = try await time(iterations, { try baseline() })
        } else {
            b = try await time(iterations, { try baseline() })
            g = try await time(iterations, generated)
        }
        generatedTimes.append(g)
        baselineTimes.append(b)
        ratios.append(g / b)
    }
    return Comparison(generated: median(generatedTimes), baseline: median(baselineTimes), ratio: median(ratios))
}

/// The in-process rows. Called from a nonisolated function so that the closures timed are not
/// the main actor's: written in main.swift's top-level code they were, and each call of one hopped
/// to the main thread and back, which the rows then counted as the transport's.
func benchmarkInProcess(_ plan: Plan) async throws {
    try await checkInProcess()
    report("GET /activities/{id} through InProcessTransport and the generated BenchAPI.handler (route; path, query, header read back; service; JSON answer written) vs building the request alone",
           try await compareAsync(plan, generated: { try await sendActivityInProcess() }, baseline: { try buildActivity() }),
           baselineName: "building the request", target: 3)
    // For information, no target: the whole client call, the answer decoded too.
    let whole = try await compareAsync(plan, generated: { try await fetchActivityInProcess() }, baseline: { try buildActivity() })
    print("4. Requests\tthe same through HTTPClient.send, the JSON answer decoded (for information)\t"
          + "\(formatDuration(whole.generated)) vs \(formatDuration(whole.baseline)) building the request: \(String(format: "%.2fx", whole.ratio))\t\t")
}

/// `--only inprocess-parts`: where the in-process time goes, on standard error (for profiling; not a
/// table row): the generated handler alone, the service's answer JSON-encoded (plainly, as the handler
/// does, and with JSONEncoder's own date strategy), a task and a continuation (what the transport
/// adds per request), and the whole send.
func inProcessParts(_ plan: Plan) async throws {
    let handler = BenchAPI.handler(EchoActivities())
    let request = try BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc").httpRequest()
    let service = EchoActivities()
    func line(_ name: String, _ c: Comparison) {
        FileHandle.standardError.write(Data("\(name): \(formatDuration(c.generated)) (build \(formatDuration(c.baseline)))\n".utf8))
    }
    line("handler.respond + collect", try await compareAsync(plan, generated: {
        let answer = await handler.respond(to: request)
        return answer.head.status &+ (try await byteCount(answer.body))
    }, baseline: { try buildActivity() }))
    line("service + JSONEncoder().encode", try await compareAsync(plan, generated: {
        let activity = try await service.activity(id: 1, includeAllEfforts: true, ifNoneMatch: "abc")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(activity).count
    }, baseline: { try buildActivity() }))
    // The answer encoded as the handler encodes it (sorted keys, no escaped slashes, dates in the
    // API's format through its custom strategy), and with JSONEncoder's own ISO 8601 strategy.
    let handlerEncoder = BenchAPI.defaults.dateFormat.makeJSONEncoder()
    handlerEncoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    line("service + the handler's encoding", try await compareAsync(plan, generated: {
        let activity = try await service.activity(id: 1, includeAllEfforts: true, ifNoneMatch: "abc")
        return try handlerEncoder.encode(activity).count
    }, baseline: { try buildActivity() }))
    let nativeDates = JSONEncoder()
    nativeDates.dateEncodingStrategy = .iso8601
    nativeDates.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    line("service + the same, .iso8601 dates", try await compareAsync(plan, generated: {
        let activity = try await service.activity(id: 1, includeAllEfforts: true, ifNoneMatch: "abc")
        return try nativeDates.encode(activity).count
    }, baseline: { try buildActivity() }))
    line("Task + continuation", try await compareAsync(plan, generated: {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            Task { continuation.resume(returning: 1) }
        }
    }, baseline: { try buildActivity() }))
    line("transport.send", try await compareAsync(plan, generated: { try await sendActivityInProcess() }, baseline: { try buildActivity() }))
}

/// `--only loop-<part>`: one part run 20,000 times, nothing timed, for an instruction count that
/// the machine's load does not change (`perf stat -e instructions:u`, against `loop-none` for the
/// start-up): `build` (the request alone), `handler` (handler.respond and collect), `build-handler`
/// (both, without the transport), `send` (transport and handler), `send-built` (the same, the
/// request built once), `fetch` (HTTPClient.send), `encode` (the answer as the handler encodes it),
/// `encode-iso8601` and `encode-unsorted` (the same with JSONEncoder's own date strategy, without sorted keys).
func inProcessLoop(_ part: String) async throws {
    let handler = BenchAPI.handler(EchoActivities())
    let request = try BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc").httpRequest()
    let encoder = BenchAPI.defaults.dateFormat.makeJSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // JSONEncoder's own ISO 8601 strategy, and no sorted keys: what other choices would save.
    let nativeDates = JSONEncoder()
    nativeDates.dateEncodingStrategy = .iso8601
    nativeDates.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let unsorted = BenchAPI.defaults.dateFormat.makeJSONEncoder()
    unsorted.outputFormatting = []
    let activity = try await EchoActivities().activity(id: 1, includeAllEfforts: true, ifNoneMatch: "abc")
    var total = 0
    for _ in 0..<20_000 {
        switch part {
        case "build": total &+= try buildActivity()
        case "handler":
            let answer = await handler.respond(to: request)
            total &+= answer.head.status &+ (try await byteCount(answer.body))
        case "send": total &+= try await sendActivityInProcess()
        case "send-built":
            let response = try await inProcess.send(request)
            total &+= response.status &+ response.body.count
        case "build-handler":
            let built = try BenchAPI.activity(id: 1_234_567, includeAllEfforts: true, ifNoneMatch: "abc").httpRequest()
            let answer = await handler.respond(to: built)
            total &+= answer.head.status &+ (try await byteCount(answer.body))
        case "fetch": total &+= try await fetchActivityInProcess()
        case "encode": total &+= try encoder.encode(activity).count
        case "encode-iso8601": total &+= try nativeDates.encode(activity).count
        case "encode-unsorted": total &+= try unsorted.encode(activity).count
        default: break
        }
    }
    sink &+= total
}
