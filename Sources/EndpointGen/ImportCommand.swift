// PLACEHOLDER owned by the importer: replace this file with the real `import` command.
// The command line calls `ImportCommand.run(arguments)` with the arguments after `import`
// and exits with what it returns.
enum ImportCommand {
    static func run(_ arguments: [String]) -> Int32 {
        printError("endpoint-gen: error: the import command is not available in this build")
        return ExitCode.failure
    }
}
