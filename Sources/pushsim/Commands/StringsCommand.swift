/// `pushsim strings` (cli.md). Under construction: see the open issues.
enum StringsCommand {
  static func main(_ arguments: [String]) async -> ExitStatus {
    Console.error("error: 'pushsim strings' is not built yet")
    return .unusable
  }
}
