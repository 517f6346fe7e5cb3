import PushScenario

/// A command line split into positionals, options with values, and flags.
///
/// `--name value` and `--name=value` both work; `--` ends options; `-` alone is a positional
/// (standard input). Unknown options are usage errors (exit 2), so a typo is never ignored.
struct Arguments {
  /// Arguments that are not options, in order.
  var positionals: [String] = []
  /// Option values by name (without dashes); repeated options keep every value.
  var options: [String: [String]] = [:]
  /// Flags that were given (without dashes).
  var flags: Set<String> = []

  /// The last value of an option.
  func value(_ name: String) -> String? { options[name]?.last }

  /// Whether a flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Splits `arguments` by a command's accepted options and flags.
  static func parse(
    _ arguments: [String], options accepted: Set<String>, flags acceptedFlags: Set<String>
  ) throws(UsageError) -> Arguments {
    var result = Arguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = String(argument.drop(while: { $0 == "-" }))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if name == "h" { name = "help" }
      if acceptedFlags.contains(name) || name == "help" {
        guard inlineValue == nil else { throw UsageError("option --\(name) takes no value") }
        result.flags.insert(name)
      } else if accepted.contains(name) {
        if let inlineValue {
          result.options[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          result.options[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError("option --\(name) needs a value")
        }
      } else {
        throw UsageError("unknown option '\(argument)'")
      }
    }
    return result
  }
}

extension Arguments {
  /// What a subcommand does after reading its command line.
  enum Outcome {
    /// Go on with these arguments.
    case proceed(Arguments)
    /// Stop with this status: `--help` was printed, or a usage error was reported.
    case exit(ExitStatus)
  }

  /// Reads a subcommand's command line: a usage error is reported on standard error (exit 2),
  /// `--help` prints `help` (exit 0); otherwise the arguments are returned.
  static func forCommand(
    _ arguments: [String], options: Set<String>, flags: Set<String> = [], help: String
  ) -> Outcome {
    do {
      let parsed = try parse(arguments, options: options, flags: flags)
      guard !parsed.has("help") else {
        Console.write(help)
        return .exit(.success)
      }
      return .proceed(parsed)
    } catch {
      Console.error("error: \(error.message)")
      return .exit(.unusable)
    }
  }
}

/// A bad command line: reported on standard error, exit status 2.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

extension Arguments {
  /// `--format`, read as every command reads it (``ReportFormat``); `nil` after printing the
  /// error for a format the command does not write.
  func format(_ allowed: [ReportFormat]) -> ReportFormat? {
    switch ReportFormat.parse(value("format"), allowed: allowed) {
    case .success(let format): return format
    case .failure(let error):
      Console.error("error: \(error)")
      return nil
    }
  }

  /// `--jobs N` (default: the cores this process may use), or `nil` after printing why it is
  /// not a whole number of at least 1 in digits (no sign, as `--shard` takes its numbers).
  func jobs() -> Int? {
    guard let text = value("jobs") else { return SuiteRunner.defaultJobs }
    guard let number = CommandLineNumber.parse(text), number >= 1 else {
      Console.error("error: --jobs takes a whole number of at least 1, in digits, not '\(text)'")
      return nil
    }
    return number
  }
}
