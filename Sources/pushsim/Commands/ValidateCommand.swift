/// `pushsim validate` (cli.md). Under construction: see the open issues.
enum ValidateCommand {
  static func main(_ arguments: [String]) async -> ExitStatus {
    Console.error("error: 'pushsim validate' is not built yet")
    return .unusable
  }
}
