import PushSimTestSupport
import Testing

@Suite struct HelpTests {
  @Test func helpListsEverySubcommand() throws {
    let result = try CommandRunner.run(["--help"])
    #expect(result.status == 0)
    for subcommand in ["run", "validate", "render", "strings", "docs"] {
      #expect(result.standardOutput.contains("\n  \(subcommand) "))
    }
  }

  @Test func unknownSubcommandIsAUsageError() throws {
    let result = try CommandRunner.run(["tapp"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("unknown subcommand 'tapp'"))
  }
}
