import FlintTestSupport
import Foundation
import Testing

/// Drives `flint repl` through a real pseudo-terminal (tmux): tab completion, line editing,
/// Ctrl-C, history recalled in a second session, and Ctrl-D. Skipped with a message when
/// tmux is missing, except under CI=true, where a missing tmux fails.
@Suite struct ReplTerminalTests {
  static let tmux: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
  static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

  @Test(
    "line editing, tab completion, Ctrl-C, history across sessions and Ctrl-D in a real terminal",
    .enabled(if: tmux != nil || inCI, "tmux is not installed (make test installs it); skipped outside CI"))
  func terminal() throws {
    guard let tmux = Self.tmux else {
      Issue.record("tmux is required when CI=true (make deps installs it)")
      return
    }
    guard let flint = FlintRunner.executable else { throw FlintRunner.RunnerError.missingExecutable }
    let terminal = try Terminal(tmux: tmux)
    defer { terminal.stop() }
    let folder = PackagePaths.url("Corpus/repl").path
    let command = "cd '\(folder)' && HOME='\(terminal.home.path)' NO_COLOR=1 '\(flint.path)' repl"

    try terminal.start(command)
    try terminal.waitFor("flint(nobody)>")
    // Completion: "/us" completes to "/users/", "al" to "alice".
    try terminal.keys("get /us", "Tab")
    try terminal.waitFor("flint(nobody)> get /users/")
    try terminal.keys("al", "Tab", "Enter")
    try terminal.waitFor("ALLOW get /users/alice")
    // Editing: type the end of the line, jump to its start, insert the missing letter.
    try terminal.keys("et /users/bob", "C-a", "g", "Enter")
    try terminal.waitFor("ALLOW get /users/bob")
    // Ctrl-C drops the line being typed; the next command runs alone.
    try terminal.keys("get /nothing/here/at/all", "C-c")
    try terminal.keys(":as carol", "Enter")
    try terminal.waitFor("signed in as carol")
    let screen = try terminal.screen()
    #expect(!screen.contains("DENY get /nothing"), "the cancelled line must not run")
    #expect(screen.contains("flint(nobody)> :as carol"), "the next line starts empty")
    try terminal.keys(":quit", "Enter")
    try terminal.waitForExit()

    // A second session recalls the first one's lines: Up twice is ":as carol".
    try terminal.start(command)
    try terminal.waitFor("flint(nobody)>")
    try terminal.keys("Up", "Up", "Enter")
    try terminal.waitFor("signed in as carol")
    try terminal.keys("C-d")
    try terminal.waitForExit()
    let history = try String(contentsOf: terminal.home.appendingPathComponent(".flint_history"), encoding: .utf8)
    #expect(history.contains(":as carol") || history.contains(":as\\040carol"))
  }
}

/// A private tmux server (its own socket) with one window running a command.
final class Terminal {
  let tmux: String
  let socket = "flint-test-\(UUID().uuidString.prefix(8))"
  let home: URL

  init(tmux: String) throws {
    self.tmux = tmux
    home = FileManager.default.temporaryDirectory.appendingPathComponent("flint-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  func start(_ command: String) throws {
    _ = try run(["new-session", "-d", "-s", "repl", "-x", "150", "-y", "50", command])
  }

  func keys(_ keys: String...) throws {
    for key in keys {
      _ = try run(["send-keys", "-t", "repl", key])
      Thread.sleep(forTimeInterval: 0.15)
    }
  }

  func screen() throws -> String {
    try run(["capture-pane", "-p", "-t", "repl", "-S", "-200"])
  }

  /// Waits (at most 15 s) until the screen shows `text`.
  func waitFor(_ text: String) throws {
    for _ in 0..<150 {
      if try screen().contains(text) { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    Issue.record("the terminal never showed '\(text)'; it shows:\n\(try screen())")
    throw TerminalError.timeout
  }

  /// Waits (at most 15 s) until the window's command has exited (the session is gone).
  func waitForExit() throws {
    for _ in 0..<150 {
      if (try? run(["has-session", "-t", "repl"])) == nil { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    Issue.record("flint repl did not exit")
    throw TerminalError.timeout
  }

  func stop() {
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(at: home)
  }

  /// Runs `tmux -L socket ARGS` through `/bin/sh` and `waitpid` (via `system`), output to a
  /// file. Not `Process`: Foundation waits until every descendant closes an inherited
  /// descriptor, and the tmux server that `new-session` starts lives on.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let output = home.appendingPathComponent("tmux-output.txt")
    let words = [tmux, "-L", socket, "-f", "/dev/null"] + arguments
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let line = "env -u TMUX TERM=xterm \(quoted) >'\(output.path)' 2>/dev/null </dev/null"
    let status = system(line)
    guard status == 0 else { throw TerminalError.failed(arguments.first ?? "") }
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  enum TerminalError: Error {
    case timeout
    case failed(String)
  }
}
