/// `pushsim run` (cli.md). Under construction: see the open issues.
enum RunCommand {
  static func main(_ arguments: [String]) async -> ExitStatus {
    Console.error("error: 'pushsim run' is not built yet")
    return .unusable
  }
}
