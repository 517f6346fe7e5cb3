import PushScenario
import Testing

@Suite struct ModuleTests {
  @Test func moduleImports() {
    #expect(String(describing: PushScenarioModule.self) == "PushScenarioModule")
  }
}
