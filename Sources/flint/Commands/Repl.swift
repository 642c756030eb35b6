import ArgumentParser
import FirestoreModel
import FlintKit
import RulesEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Set by SIGINT; the loop checks it between commands.
nonisolated(unsafe) private var interrupted: sig_atomic_t = 0

extension FlintCommand {
  /// `flint repl`: the interactive playground. The session lives in FlintKit (`ReplSession`);
  /// this file reads lines (libedit on a terminal, plain lines otherwise) and prints answers.
  struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "An interactive playground: requests, queries and batches against rules and in-memory data.",
      discussion: """
        Without --rules/--data/--indexes, firebase.json in the current directory names the files; \
        without one, the bundled sample project is used. Type :help in the session. When stdin is \
        not a terminal, commands are read line by line and echoed after the prompt, output is plain, \
        and the exit status is 1 if any command failed to parse (2 if a start-up file could not be \
        loaded), else 0.
        """
    )

    @OptionGroup var options: ProjectOptions

    @OptionGroup var request: RequestOptions

    func run() throws {
      let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      let colors = terminal && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
      var session = ReplSession(style: ReplStyle(colors: colors))
      try configure(&session)
      let project = ReplProject.resolve(
        rules: options.rules, data: options.data, indexes: options.indexes, database: options.database)
      let started = session.start(with: project)
      Output.out(started.text)
      Output.out(ReplBanner.text(session, note: project.note))
      signal(SIGINT) { _ in interrupted = 1 }
      let parseFailed = terminal ? interactive(&session) : scripted(&session)
      if parseFailed { throw ExitCode(ExitStatus.failure) }
      if started.failed && !terminal { throw ExitCode(ExitStatus.usage) }
    }

    private func configure(_ session: inout ReplSession) throws {
      let requestTime = try request.requestTime()
      session.configure(
        auth: try request.user(at: requestTime), time: requestTime, variables: try request.bindings(at: requestTime))
    }

    /// stdin is not a terminal: each line is echoed after the prompt, then answered.
    /// Returns whether any line failed to parse.
    private func scripted(_ session: inout ReplSession) -> Bool {
      var parseFailed = false
      while interrupted == 0, let line = Swift.readLine(strippingNewline: true) {
        Output.out(session.echo(line))
        let outcome = session.execute(line)
        Output.out(outcome.text)
        parseFailed = parseFailed || outcome.parseFailed
        if outcome.quit { break }
      }
      if interrupted != 0 { Output.error("flint: interrupted") }
      return parseFailed
    }

    /// A terminal: libedit line editing, history in ~/.flint_history, tab completion.
    /// Ctrl-C drops the line being typed; Ctrl-D ends the session.
    private func interactive(_ session: inout ReplSession) -> Bool {
      let home = getenv("HOME").map { String(cString: $0) } ?? "."
      let historyFile = home + "/.flint_history"
      let completer = CompletionSource(session: session)
      LineEditor.start(historyFile: historyFile, wordBreaks: ReplSession.wordBreaks) { before, word in
        completer.session.completions(before: before, word: word)
      }
      while true {
        interrupted = 0
        guard let line = LineEditor.readLine(prompt: session.prompt) else {
          if interrupted != 0 {
            Output.out("\n")
            continue
          }
          Output.out("\n")
          break
        }
        if interrupted != 0 {
          Output.out("^C\n")
          continue
        }
        if !line.allSatisfy(\.isWhitespace) { LineEditor.remember(line, historyFile: historyFile) }
        let outcome = session.execute(line)
        completer.session = session
        Output.out(outcome.text)
        if outcome.quit { break }
      }
      return false
    }
  }
}

/// The session as the completion callback sees it (refreshed after every command).
private final class CompletionSource {
  var session: ReplSession
  init(session: ReplSession) { self.session = session }
}
