/// `pushsim render` (cli.md). Under construction: see the open issues.
enum RenderCommand {
  static func main(_ arguments: [String]) async -> ExitStatus {
    Console.error("error: 'pushsim render' is not built yet")
    return .unusable
  }
}
