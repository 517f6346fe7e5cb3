import PushLocalization
import Testing

@Suite struct ModuleTests {
  @Test func moduleImports() {
    #expect(String(describing: PushLocalizationModule.self) == "PushLocalizationModule")
  }
}
