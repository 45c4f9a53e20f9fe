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
    name: "PluginExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../..")],
    targets: [
        // WeatherAPI.endpoints.json and GeocodingAPI.endpoints.json become Swift at build time, and
        // so does the OpenAPI document AirQuality.openapi.json (imported first); endpoint-gen.json
        // beside them sets the generator's options and the import's filter.
        .target(
            name: "WeatherKit",
            dependencies: [.product(name: "EndpointRuntime", package: endpointGen)],
            plugins: [.plugin(name: "EndpointGenPlugin", package: endpointGen)]),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: ["WeatherKit", .product(name: "EndpointRuntime", package: endpointGen)],
            exclude: ["weather_server.py"]),
    ],
    swiftLanguageModes: [.v6]
)
