import Foundation

/// `pushsim`: a simulated device-side iOS notification runtime.
///
/// The executable only parses flags and calls the libraries (Architecture.md); each
/// subcommand lives in `Commands/`.
let usage = """
  USAGE: pushsim <subcommand> [options]

  SUBCOMMANDS:
    run [PATH ...]           Play scenarios and check their expectations (default: Scenarios/)
    validate [FILE|-]        What APNs would answer for a payload, plus lint
    render FILE              What the device shows for one payload
    strings lint|dump PATH   Check or dump .strings, .stringsdict and .xcstrings files
    docs [PATH ...] --out DIR
                             Write a static site that draws what the phone shows
    serve --devices FILE     An APNs endpoint on 127.0.0.1:2197 that plays pushes on devices

  See 'pushsim <subcommand> --help' for the options of each.

  """

let commands: [String: ([String]) async -> ExitStatus] = [
  "run": RunCommand.main,
  "validate": ValidateCommand.main,
  "render": RenderCommand.main,
  "strings": StringsCommand.main,
  "docs": DocsCommand.main,
  "serve": ServeCommand.main,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
  Console.write(usage)
  exit(Console.finish(arguments.isEmpty ? .unusable : .success).rawValue)
}
guard let command = commands[name] else {
  Console.error(
    "error: unknown subcommand '\(name)'; expected one of run, validate, render, strings, docs, serve"
  )
  exit(Console.finish(.unusable).rawValue)
}
let status = await command(Array(arguments.dropFirst()))
exit(Console.finish(status).rawValue)
