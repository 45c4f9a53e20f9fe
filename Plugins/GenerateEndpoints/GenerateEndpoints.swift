import PackagePlugin

@main
struct GenerateEndpoints: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {}
}
