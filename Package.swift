// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "endpoint-gen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "EndpointRuntime", targets: ["EndpointRuntime"]),
        .executable(name: "endpoint-gen", targets: ["EndpointGen"]),
        .plugin(name: "EndpointGenPlugin", targets: ["EndpointGenPlugin"]),
        .plugin(name: "GenerateEndpoints", targets: ["GenerateEndpoints"]),
    ],
    targets: [
        // What generated code and users call: requests, builders, headers, bodies, decoders,
        // a client over a transport, middleware, errors.
        // Built with the upcoming features that consumer targets turn on, so the runtime compiles in
        // any of them (scripts/test-targets.sh checks generated code in each combination).
        .target(name: "EndpointRuntime", swiftSettings: [
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            .enableUpcomingFeature("InferIsolatedConformances"),
        ]),

        // The generator as a library (not API: its declarations are `package`): Loader -> Spec (validated) -> Translator ->
        // CodeModel -> Renderer, plus the OpenAPI importer. Only the command line touches the disk.
        .target(name: "EndpointGenCore"),

        // The `endpoint-gen` command line: arguments, files, exit codes.
        .executableTarget(name: "EndpointGen", dependencies: ["EndpointGenCore"]),

        // Build-tool plugin: `*.endpoints.json` in a target become Swift at build time.
        .plugin(name: "EndpointGenPlugin", capability: .buildTool(), dependencies: ["EndpointGen"]),

        // Command plugin: writes the generated Swift into the package for checking in.
        .plugin(
            name: "GenerateEndpoints",
            capability: .command(
                intent: .custom(
                    verb: "generate-endpoints",
                    description: "Generate Swift from the *.endpoints.json specs of the package's targets"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift files beside the specs")]),
            dependencies: ["EndpointGen"]),

        // Shared by test targets: a real local HTTP echo server (python3) and helpers.
        .target(name: "TestSupport", path: "Tests/TestSupport", resources: [.copy("echo_server.py"), .copy("stream_server.py")]),
        .testTarget(name: "EndpointRuntimeTests", dependencies: ["EndpointRuntime", "TestSupport"]),
        .testTarget(
            name: "EndpointGenCoreTests", dependencies: ["EndpointGenCore", "EndpointGenFuzzSupport", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "EndpointGenCLITests", dependencies: ["EndpointGen"]),

        // Fuzzing: the spec mutation engine and the invariants every generator run must keep, shared by
        // the fuzz test (EndpointGenCoreTests) and the long-run driver that scripts/fuzz.sh builds in release.
        .target(name: "EndpointGenFuzzSupport", dependencies: ["EndpointGenCore", "TestSupport"], path: "Tests/EndpointGenFuzzSupport"),
        .executableTarget(
            name: "EndpointGenFuzz", dependencies: ["EndpointGenCore", "EndpointGenFuzzSupport"],
            path: "Tests/EndpointGenFuzz"),

        // The checked-in Swift generated from specs/ (reference output), compiled and exercised.
        // Built with -warnings-as-errors: generated code must compile without a single warning.
        .target(name: "ExampleAPIs", dependencies: ["EndpointRuntime"], path: "Tests/ExampleAPIs",
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // specs/Large.endpoints.json generated again as three files (`--parts 3`), as a longer spec
        // would be: its requests are compared with those of the single file in ExampleAPIs.
        .target(name: "LargeInParts", dependencies: ["EndpointRuntime"], path: "Tests/PartedAPIs/Large",
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "ExampleAPITests", dependencies: ["ExampleAPIs", "LargeInParts", "EndpointRuntime", "TestSupport"]),
        // The generated services (`"service": true` in specs/endpoint-gen.json) and the runtime's server
        // side: every example spec's handler, typed fakes through the client, every parameter style read back.
        // RoundTrips/ is written by ServiceRoundTripGen (scripts/regenerate.sh): a fake and a check for every endpoint.
        .testTarget(name: "ServiceTests", dependencies: ["ExampleAPIs", "EndpointRuntime", "EndpointGenCore"]),
        .executableTarget(name: "ServiceRoundTripGen", dependencies: ["EndpointGenCore"], path: "Tests/ServiceRoundTripGen"),

        // Swift generated from the OpenAPI imports in specs/imported/, compiled and exercised. One target
        // for all of them: their model names overlap (PetStore's and GoogleBooks' `Category`), and
        // each API nests its models in its own namespace. Built with -warnings-as-errors too.
        .target(name: "ImportedAPIs", dependencies: ["EndpointRuntime"], path: "Tests/ImportedAPIs",
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(name: "ImportedAPITests", dependencies: ["ImportedAPIs", "EndpointRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/sanitizers.sh runs two suites under ThreadSanitizer (ConcurrentMapTests, ConcurrentClientTests)
// and sets ENDPOINT_GEN_TEST_TARGETS to their test targets, so that its instrumented build leaves out
// the other test targets and the generated APIs only they use (the service round trips alone are
// 13,000 lines). Without the variable, as for everyone else, the package is the one above.
if let kept = Context.environment["ENDPOINT_GEN_TEST_TARGETS"] {
    let keep = Set(kept.split(separator: ",").map(String.init))
    let generatedForTests: Set = ["ExampleAPIs", "LargeInParts", "ImportedAPIs", "ServiceRoundTripGen"]
    package.targets.removeAll { ($0.type == .test && !keep.contains($0.name)) || generatedForTests.contains($0.name) }
}
