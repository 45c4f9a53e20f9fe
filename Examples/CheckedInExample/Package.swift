// swift-tools-version: 6.0
import Foundation
import PackageDescription

// This example uses the endpoint-gen package two folders up, by path. SwiftPM names a path
// dependency after its folder, which depends on where the repository was cloned, so the name is
// read from the path. Your own package writes `package: "endpoint-gen"` after
// `.package(url: "<repository URL of endpoint-gen>", from: "<version>")`.
let endpointGen = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "CheckedInExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        // The Swift in Sources/Todos/Generated is written by
        //   swift package --allow-writing-to-package-directory generate-endpoints
        // and checked in. The spec and the config are excluded from the target: no build plugin
        // runs here, so nothing is generated (or declared twice) at build time.
        .target(
            name: "Todos",
            dependencies: [.product(name: "EndpointRuntime", package: endpointGen)],
            exclude: ["TodoAPI.endpoints.json", "endpoint-gen.json"]),
        .testTarget(
            name: "TodosTests",
            dependencies: ["Todos", .product(name: "EndpointRuntime", package: endpointGen)],
            exclude: ["todo_server.py"]),
    ],
    swiftLanguageModes: [.v6]
)
