import APIs
import EndpointRuntime
import Foundation
import Hummingbird
import HummingbirdEndpoints

// demo-server [port]: serves GitHubAPI and ChatAPI on 127.0.0.1 (port 0, the default, picks a free
// one). Prints "listening on http://127.0.0.1:<port>" once it accepts connections.
// ChatAPI's base URL has the path /v1, so its requests are those under /v1; GitHubAPI gets the rest.

let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 0
let github = GitHubAPI.handler(DemoGitHub())
let chat = ChatAPI.handler(DemoChat())
let both = HTTPHandler { request in
    let path = request.urlComponents.percentEncodedPath
    return await (path == "/v1" || path.hasPrefix("/v1/") ? chat : github).respond(to: request)
}

let app = Application(
    responder: HandlerResponder<BasicRequestContext>(both),
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "endpoint-gen-demo"),
    onServerRunning: { channel in
        // Unbuffered: scripts/test-hummingbird.sh waits for this line.
        FileHandle.standardOutput.write(Data("listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n".utf8))
    })
try await app.runService()
