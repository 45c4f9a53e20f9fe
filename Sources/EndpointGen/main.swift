// The endpoint-gen command line: arguments, files, exit codes. Everything else is EndpointGenCore.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
