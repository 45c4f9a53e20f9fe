// swift-tools-version:6.1
// Built by scripts/test-real-documents.sh: clients generated from real OpenAPI documents, called
// against the local echo server. The script writes Sources/MuseumClient and Sources/StripeClient,
// and copies Spotify's document into Sources/SpotifyThroughPlugin for the build plugin.
import PackageDescription

let package = Package(
    name: "RealDocuments",
    dependencies: [.package(name: "endpoint-gen", path: "../..")],
    targets: [
        .target(name: "MuseumClient", dependencies: [.product(name: "EndpointRuntime", package: "endpoint-gen")]),
        .target(name: "StripeClient", dependencies: [.product(name: "EndpointRuntime", package: "endpoint-gen")]),
        // Spotify's document through the build plugin, which splits it by the document's length
        // (PartRule.partCount(documentBytes:)) before anything is imported: several files.
        .target(name: "SpotifyThroughPlugin", dependencies: [.product(name: "EndpointRuntime", package: "endpoint-gen")],
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
                plugins: [.plugin(name: "EndpointGenPlugin", package: "endpoint-gen")]),
        .executableTarget(name: "RealCalls", dependencies: [
            "MuseumClient", "StripeClient", .product(name: "EndpointRuntime", package: "endpoint-gen"),
        ]),
    ]
)
