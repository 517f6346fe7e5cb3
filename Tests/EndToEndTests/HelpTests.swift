import Foundation
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

/// Every command reads `--format` the same way (ReportFormat) and says so the same way.
@Suite struct FormatFlagTests {
  @Test(arguments: [
    (["validate", "--format", "xml", "-"], "text, json"),
    (["render", "Examples/payloads/cs-plain-text.json", "--format", "xml"], "text, json"),
    (["strings", "lint", "Strings", "--format", "xml"], "text, json"),
    (["run", "Scenarios", "--format", "xml"], "text, json, junit"),
  ])
  func anUnknownFormatIsAUsageError(arguments: [String], allowed: String) throws {
    let result = try CommandRunner.run(arguments, input: Data())
    #expect(result.status == 2)
    #expect(result.standardError == "error: unknown format 'xml'; expected one of \(allowed)\n")
  }
}
