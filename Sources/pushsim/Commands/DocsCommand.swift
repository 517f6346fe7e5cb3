/// `pushsim docs` (cli.md). Under construction: see the open issues.
enum DocsCommand {
  static func main(_ arguments: [String]) async -> ExitStatus {
    Console.error("error: 'pushsim docs' is not built yet")
    return .unusable
  }
}
