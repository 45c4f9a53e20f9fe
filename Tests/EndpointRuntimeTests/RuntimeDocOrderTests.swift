@testable import EndpointRuntime
import Testing

/// What the sending example of docs/runtime.md builds, read from the inside: RuntimeDocTests
/// compiles the example against the public API only, so the client's middleware, which is not
/// public, is read here.
@Suite struct RuntimeDocOrderTests {
    @Test func sendingExampleOrdersAuthThenRetryThenLogging() {
        let order = makeClient(token: "t").middleware.map { String(describing: type(of: $0)) }
        #expect(order == ["AuthMiddleware", "RetryMiddleware", "LoggingMiddleware"])
    }
}
