// swift-tools-version:6.1
// Built by scripts/test-real-documents.sh: clients generated from real OpenAPI documents, called
// against the local echo server. The script writes Sources/MuseumClient and Sources/StripeClient.
import PackageDescription

let package = Package(
    name: "RealDocuments",
    dependencies: [.package(name: "endpoint-gen", path: "../..")],
    targets: [
        .target(name: "MuseumClient", dependencies: [.product(name: "EndpointRuntime", package: "endpoint-gen")]),
        .target(name: "StripeClient", dependencies: [.product(name: "EndpointRuntime", package: "endpoint-gen")]),
        .executableTarget(name: "RealCalls", dependencies: [
            "MuseumClient", "StripeClient", .product(name: "EndpointRuntime", package: "endpoint-gen"),
        ]),
    ]
)
