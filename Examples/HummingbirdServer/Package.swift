// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A real server for the example specs: Hummingbird 2 serves `GitHubAPI.handler(_:)` and
// `ChatAPI.handler(_:)`, and the generated clients call it. A package of its own, so endpoint-gen
// itself keeps no dependencies. `scripts/test-hummingbird.sh` builds it, starts the server and
// runs the client's checks.
//
// endpoint-gen is used by path, two folders up. SwiftPM names a path dependency after its folder,
// which depends on where the repository was cloned, so the name is read from the path.
let endpointGen = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "demo-server", targets: ["DemoServer"]),
        .executable(name: "demo-client", targets: ["DemoClient"]),
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // HTTPField, for the response headers (Hummingbird re-exports only HTTPFields).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // GitHubAPI and ChatAPI with their services and handlers: written by
        //   endpoint-gen generate specs/GitHubAPI.endpoints.json specs/ChatAPI.endpoints.json --service ...
        // (scripts/regenerate.sh) and checked in.
        .target(name: "APIs", dependencies: [.product(name: "EndpointRuntime", package: endpointGen)]),
        // Serves an `HTTPHandler` with Hummingbird: the adapter, which knows nothing of any API.
        .target(
            name: "HummingbirdEndpoints",
            dependencies: [
                .product(name: "EndpointRuntime", package: endpointGen),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        // `demo-server [port]`: both APIs over an in-memory store, on 127.0.0.1.
        .executableTarget(
            name: "DemoServer",
            dependencies: ["APIs", "HummingbirdEndpoints", .product(name: "Hummingbird", package: "hummingbird")]),
        // `demo-client <base URL>`: calls the server with the generated clients and checks every answer.
        .executableTarget(
            name: "DemoClient",
            dependencies: ["APIs", .product(name: "EndpointRuntime", package: endpointGen)]),
    ],
    swiftLanguageModes: [.v6]
)
