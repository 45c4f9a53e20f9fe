import PackagePlugin

@main
struct EndpointGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] { [] }
}
