// Writes Tests/ServiceTests/RoundTrips/<Spec>RoundTrips.swift for every example spec: a fake
// `<API>.Service` that records the values each requirement receives and answers what a test set,
// and one check per endpoint that calls it through the generated client and the generated handler
// (`InProcessTransport`) with values that are not the defaults, then compares what the service got
// and what the client decoded with what was sent. scripts/regenerate.sh runs it (`--check` writes
// nothing and fails on a stale file).
//
//   service-round-trip-gen [--check] --output DIR SPEC...
import EndpointGenCore
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var check = false
var output: String?
var specPaths: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--check": check = true
    case "--output": output = arguments.isEmpty ? nil : arguments.removeFirst()
    default: specPaths.append(argument)
    }
}
guard let output, !specPaths.isEmpty else {
    FileHandle.standardError.write(Data("usage: service-round-trip-gen [--check] --output DIR SPEC...\n".utf8))
    exit(2)
}

var status: Int32 = 0
for path in specPaths {
    let fileName = (path as NSString).lastPathComponent
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("\(path): error: cannot read the spec\n".utf8))
        status = 1
        continue
    }
    let (spec, diagnostics) = Generator.validate(specData: data, fileName: fileName, moduleTypes: Set(RoundTripWriter.moduleTypes.keys))
    guard let spec, !diagnostics.hasErrors else {
        FileHandle.standardError.write(Data("\(path): error: the spec does not validate\n".utf8))
        status = 1
        continue
    }
    let text: String
    do {
        text = try RoundTripWriter(spec: spec).file()
    } catch {
        FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
        status = 1
        continue
    }
    let target = output + "/" + spec.outputName + "RoundTrips.swift"
    if check {
        if FileManager.default.contents(atPath: target) != Data(text.utf8) {
            FileHandle.standardError.write(Data("\(target): error: out of date with \(path); run scripts/regenerate.sh\n".utf8))
            status = 1
        }
    } else {
        try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        if FileManager.default.contents(atPath: target) != Data(text.utf8) {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: target)) } catch {
                FileHandle.standardError.write(Data("\(target): error: \(error)\n".utf8))
                status = 1
            }
        }
    }
}
exit(status)
