import Testing
@testable import EndpointGenCore

@Suite struct TranslatorTests {
    @Test func architectureExample() {
        let swift = Generator.render(TranslatorFixtures.architectureExample, options: GeneratorOptions())
        print(swift)
    }
}
