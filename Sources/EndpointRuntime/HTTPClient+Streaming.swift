public import Foundation

extension HTTPClient {
    /// The most bytes of an error body read from a streamed response before the error is thrown.
    static let errorBodyLimit = 1 << 20

    /// Downloads the endpoint's response body into `file` as it arrives, never holding it in memory,
    /// and returns the response's status and headers (with an empty body). An existing file is
    /// replaced; on failure no file is left behind.
    ///
    /// ```swift
    /// let head = try await client.download(MediaAPI.video(id: 3), to: URL(fileURLWithPath: "/tmp/video.mp4")) {
    ///     print($0)                            // "download 1048576/73400320", ...
    /// }
    /// ```
    ///
    /// An error status throws as ``send(_:progress:)`` does (the error body is read, up
    /// to 1 MiB, and decoded), and nothing is written.
    @discardableResult
    public func download(_ endpoint: some EndpointProtocol, to file: URL, progress: ProgressHandler? = nil) async throws -> HTTPResponse {
        let endpoint = endpoint.endpoint
        let streamed = try await stream(endpoint, progress: progress)
        guard endpoint.accepts(streamed.head.status) else { throw try await failure(endpoint, streamed) }
        let fileManager = FileManager.default
        guard fileManager.createFile(atPath: file.path, contents: nil) else {
            streamed.body.cancel()
            throw EndpointError.transport(underlying: CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]),
                                          request: streamed.head.request)
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            for try await chunk in streamed.body {
                try handle.write(contentsOf: chunk)
            }
        } catch {
            streamed.body.cancel()
            try? fileManager.removeItem(at: file)
            throw HTTPClient.mapped(error, request: streamed.head.request)
        }
        return streamed.head
    }

    /// Sends a request and returns as soon as the status and headers are in, whatever the status,
    /// with the body to read as it arrives. Middleware sees the response head (an empty body).
    ///
    /// ```swift
    /// let streamed = try await client.stream(for: MyAPI.export)
    /// for try await chunk in streamed.body { print(chunk.count) }
    /// ```
    public func stream(for requestable: some HTTPRequestable, progress: ProgressHandler? = nil) async throws(EndpointError) -> StreamedResponse {
        try await stream(requestable, progress: progress)
    }

    // MARK: - Steps

    /// The response head and the streaming decoder's value (the body still arriving): what `send`
    /// returns alone and `response(for:)` returns with the status and headers.
    /// `readHead` reads an accepted head before the body is handed over (typed response headers);
    /// what it throws closes the stream and is thrown as a decoding error.
    func streamedValue<Response, Head>(_ endpoint: Endpoint<Response>, streaming: @Sendable (StreamedResponse) throws -> Response,
                                       progress: ProgressHandler?, readHead: (HTTPResponse) throws -> Head)
        async throws -> (head: HTTPResponse, read: Head, value: Response) {
        let streamed = try await stream(endpoint, progress: progress)
        guard endpoint.accepts(streamed.head.status) else { throw try await failure(endpoint, streamed) }
        do {
            let read = try readHead(streamed.head)
            return (streamed.head, read, try streaming(streamed))
        } catch {
            streamed.body.cancel()
            throw EndpointError.decoding(underlying: error, response: streamed.head)
        }
    }

    /// Runs the middleware chain around the transport's streaming entry point.
    ///
    /// Middleware sees the response head: status and headers, with an empty body. When a middleware
    /// calls `next` again (a retry), the body of the earlier answer is cancelled. When the response the
    /// chain returns has a body, a middleware made it, and it is delivered instead of the stream.
    func stream(_ requestable: some HTTPRequestable, progress: ProgressHandler?) async throws(EndpointError) -> StreamedResponse {
        let request = try prepare(requestable)
        if Task.isCancelled { throw .cancelled(request: request) }
        let transport = self.transport
        let latest = Locked<ResponseBody?>(nil)
        let send = chain { request in
            let streamed = try await transport.stream(request, progress: progress)
            latest.withLock { $0.replace(with: streamed.body) }?.cancel()
            return streamed.head
        }
        let head: HTTPResponse
        do {
            head = try await send(request)
        } catch {
            latest.withLock { $0.take() }?.cancel()
            throw HTTPClient.mapped(error, request: request)
        }
        // A body a middleware made wins over the stream, which is then cancelled.
        let body = latest.withLock { $0.take() }
        guard let body, head.body.isEmpty else {
            body?.cancel()
            return StreamedResponse(head: head, body: ResponseBody(head.body))
        }
        if let progress {
            let total = head.headers["Content-Length"].flatMap { Int64($0) }
            return StreamedResponse(head: head, body: body.reporting(to: progress, total: total))
        }
        return StreamedResponse(head: head, body: body)
    }

    /// The error an unaccepted status means, with its body read (at most ``errorBodyLimit`` bytes).
    private func failure<Response>(_ endpoint: Endpoint<Response>, _ streamed: StreamedResponse) async throws -> any Error {
        var response = streamed.head
        response.body = try await HTTPClient.read(streamed.body, of: streamed.head, limit: HTTPClient.errorBodyLimit)
        do {
            _ = try endpoint.decode(response)
        } catch {
            return error
        }
        return EndpointError.unacceptableStatus(response: response)
    }

    /// Reads a whole body, mapping failures to ``EndpointError``.
    static func read(_ body: ResponseBody, of head: HTTPResponse, limit: Int = .max) async throws(EndpointError) -> Data {
        do {
            return try await body.collect(upTo: limit)
        } catch {
            throw mapped(error, request: head.request)
        }
    }

    /// A failure as ``EndpointError``: cancellation as `.cancelled`, anything else not already one as `.transport`.
    static func mapped(_ error: any Error, request: HTTPRequest) -> EndpointError {
        if let error = error as? EndpointError { return error }
        if error is CancellationError || Task.isCancelled || (error as? URLError)?.code == .cancelled {
            return .cancelled(request: request)
        }
        return .transport(underlying: error, request: request)
    }
}

extension Optional where Wrapped == ResponseBody {
    /// Sets a new body, returning the one it replaces.
    fileprivate mutating func replace(with body: ResponseBody) -> ResponseBody? {
        defer { self = body }
        return self
    }
}

extension ResponseBody {
    /// The same body, reporting each chunk's arrival to `progress` as a download.
    func reporting(to progress: @escaping ProgressHandler, total: Int64?) -> ResponseBody {
        let inner = self
        let received = Locked<Int64>(0)
        return ResponseBody(next: {
            let chunk = try await inner.handle.source.next()
            if let chunk, !chunk.isEmpty {
                let completed = received.withLock { count -> Int64 in
                    count += Int64(chunk.count)
                    return count
                }
                progress(TransferProgress(.download, completed: completed, total: total))
            }
            return chunk
        }, cancel: { inner.cancel() })
    }
}
