import ArgumentParser
import FlintKit

/// The `flint` command: offline checks for Cloud Firestore security rules, queries and indexes.
///
/// Exit codes (all subcommands): 0 success, 1 the input has errors, 2 usage or I/O problem.
@main
struct FlintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flint",
    abstract: "Check Cloud Firestore security rules, queries and indexes offline.",
    discussion: """
      Exit status: 0 when there are no errors, 1 when the input has errors, 2 for usage or I/O problems. \
      'flint help suites' and 'flint help queries' describe the suite format and the query DSL.
      """,
    version: FlintVersion.text,
    subcommands: [
      Check.self, Test.self, Diff.self, Expr.self, Query.self, Indexes.self, Repl.self, Init.self, Lsp.self, Serve.self,
    ]
  )

  /// Like ArgumentParser's `main()`, but usage errors exit with 2 (not 64) so that every
  /// subcommand shares one exit-code contract.
  static func main() {
    // No subcommand is a usage error (ArgumentParser would print the help and exit 0).
    if CommandLine.arguments.count <= 1 {
      Output.error(
        "flint: missing subcommand (check, test, diff, expr, query, indexes, repl, init, lsp or serve)\n\n"
          + helpMessage())
      Output.terminate(ExitStatus.usage)
    }
    let arguments = ArgumentRewrite.coverage(ArgumentRewrite.expr(Array(CommandLine.arguments.dropFirst())))
    if let topic = HelpTopics.topic(arguments) {
      print(topic, terminator: "")
      Output.terminate(0)
    }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let code as ExitCode {
      Output.terminate(code.rawValue)
    } catch let problem as UsageProblem {
      Output.error(problem.description)
      Output.terminate(ExitStatus.usage)
    } catch {
      let status = exitCode(for: error)
      let message = fullMessage(for: error)
      if status == .success {
        if !message.isEmpty { print(message) }
        Output.terminate(0)
      }
      Output.error(message)
      Output.terminate(ExitStatus.usage)
    }
  }
}
