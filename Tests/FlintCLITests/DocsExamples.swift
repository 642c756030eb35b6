import FlintTestSupport
import Foundation

/// The runnable examples of one Markdown page, and running them.
///
/// A page's examples run in order in a sandbox holding a copy of `Corpus/` (so an example may
/// `cd Corpus/sample`, or name `Corpus/diff/...`), starting at the sandbox's root:
/// - `<!-- file: NAME -->` followed by a fenced block writes that block to NAME (relative to the
///   current folder);
/// - in a ```` ```console ```` block, `$ flint ARGS` (several joined by ` && `, a line ending in
///   ` \` continued on the next) runs the built binary and must print exactly the lines that
///   follow, up to the next `$` line; `$ cd DIR`, `$ mkdir DIR`, `$ cat FILE` and `$ echo $?` do
///   what a shell does. Any other `$` command is a mistake on the page.
///
/// What the comparison sets aside is what varies from run to run: durations (`12 ms`, `0.4 s`,
/// JUnit's `time="0.005"`) and the sandbox's own path. Under `UPDATE_GOLDENS=1` the page's
/// outputs are rewritten with what the commands print (review the diff).
struct DocsExamples {
  struct Command {
    /// The command as written after `$ `.
    var text: String
    /// The lines shown after it.
    var expected: [String]
    /// Where those lines are on the page (0-based line indices).
    var outputLines: Range<Int>
  }

  enum Step {
    case file(name: String, text: String)
    case command(Command)
  }

  /// A difference between a page and what its commands print.
  struct Mismatch: CustomStringConvertible {
    var page: String
    var command: String
    var expected: String
    var actual: String
    var description: String { "\(page): $ \(command)\n--- the page shows:\n\(expected)--- flint prints:\n\(actual)" }
  }

  var page: String
  var lines: [String]
  var steps: [Step] = []
  /// Lines starting with `$ flint` in a fenced block that is not `console`: examples no test runs.
  var unexecuted: [String] = []

  var commands: [Command] {
    steps.compactMap { if case .command(let command) = $0 { command } else { nil } }
  }

  init(page: String, text: String) {
    self.page = page
    lines = text.components(separatedBy: "\n")
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("<!-- file: "), line.hasSuffix(" -->"), index + 1 < lines.count,
        lines[index + 1].hasPrefix("```")
      {
        let name = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
        let end = closingFence(after: index + 1)
        steps.append(.file(name: name, text: lines[(index + 2)..<end].joined(separator: "\n") + "\n"))
        index = end + 1
      } else if line == "```console" {
        let end = closingFence(after: index)
        readConsole(lines[(index + 1)..<end], from: index + 1)
        index = end + 1
      } else if line.hasPrefix("```") {
        let end = closingFence(after: index)
        unexecuted += lines[(index + 1)..<end].filter { $0.hasPrefix("$ flint") }
        index = end + 1
      } else {
        index += 1
      }
    }
  }

  private func closingFence(after open: Int) -> Int {
    var line = open + 1
    while line < lines.count && lines[line] != "```" { line += 1 }
    return line
  }

  private mutating func readConsole(_ body: ArraySlice<String>, from start: Int) {
    var line = start
    while line < start + body.count {
      guard lines[line].hasPrefix("$ ") else {
        // Output with no command before it in this block: a mistake the runner reports.
        steps.append(.command(Command(text: "", expected: [lines[line]], outputLines: line..<(line + 1))))
        line += 1
        continue
      }
      var text = String(lines[line].dropFirst(2))
      while text.hasSuffix(" \\"), line + 1 < start + body.count {
        line += 1
        text = String(text.dropLast(2)) + " " + lines[line].trimmingCharacters(in: .whitespaces)
      }
      line += 1
      let first = line
      while line < start + body.count && !lines[line].hasPrefix("$ ") { line += 1 }
      steps.append(.command(Command(text: text, expected: Array(lines[first..<line]), outputLines: first..<line)))
    }
  }

  /// Runs every step; returns the mismatches, and the page's text with every output replaced by
  /// what was printed.
  func run() throws -> (mismatches: [Mismatch], updated: String) {
    let box = try Sandbox()
    try FileManager.default.copyItem(at: PackagePaths.url("Corpus"), to: box.url.appendingPathComponent("Corpus"))
    var folder = box.url
    var status: Int32 = 0
    var mismatches: [Mismatch] = []
    var outputs: [(Range<Int>, [String])] = []
    for step in steps {
      switch step {
      case .file(let name, let text):
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      case .command(let command):
        let expected = command.expected.map { $0 + "\n" }.joined()
        var actual: String
        if command.text.isEmpty {
          actual = ""
        } else if command.text.hasPrefix("cd ") {
          folder = folder.appendingPathComponent(String(command.text.dropFirst(3))).standardizedFileURL
          actual = ""
        } else if command.text.hasPrefix("mkdir ") {
          try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(String(command.text.dropFirst(6))), withIntermediateDirectories: true)
          actual = ""
        } else if command.text.hasPrefix("cat ") {
          let file = folder.appendingPathComponent(String(command.text.dropFirst(4)))
          actual = (try? String(contentsOf: file, encoding: .utf8)) ?? "cat: \(command.text.dropFirst(4)) is missing\n"
        } else if command.text == "echo $?" {
          actual = "\(status)\n"
        } else if command.text.hasPrefix("flint ") {
          actual = ""
          for part in command.text.components(separatedBy: " && ") {
            guard part.hasPrefix("flint ") else {
              actual += "(only flint commands may be joined with &&: \(part))\n"
              break
            }
            let result = try FlintRunner.run(
              DocsExamples.words(String(part.dropFirst("flint ".count))), in: folder)
            status = result.status
            // The terminal interleaves the two streams; Flint writes one of them at a time, so
            // whichever order the page shows is accepted.
            let stdoutFirst = result.stdout + result.stderr
            let stderrFirst = result.stderr + result.stdout
            actual +=
              Self.normalized(stderrFirst, sandbox: box.url) == Self.normalized(expected, sandbox: box.url)
              ? stderrFirst : stdoutFirst
            if status != 0 { break }
          }
        } else {
          actual = "(not a command the examples run: \(command.text))\n"
        }
        let shown = Self.replacingSandbox(actual, box.url)
        if Self.normalized(actual, sandbox: box.url) != Self.normalized(expected, sandbox: box.url) {
          mismatches.append(Mismatch(page: page, command: command.text, expected: expected, actual: shown))
        }
        var printed = shown.components(separatedBy: "\n")
        if printed.last == "" { printed.removeLast() }
        outputs.append((command.outputLines, printed))
      }
    }
    var updated = lines
    for (range, printed) in outputs.reversed() { updated.replaceSubrange(range, with: printed) }
    return (mismatches, updated.joined(separator: "\n"))
  }

  /// `text` with the sandbox's path replaced by `/tmp/project`, as the pages show it.
  static func replacingSandbox(_ text: String, _ sandbox: URL) -> String {
    let path = sandbox.path
    let resolved = sandbox.resolvingSymlinksInPath().path
    return text.replacingOccurrences(of: resolved, with: "/tmp/project")
      .replacingOccurrences(of: path, with: "/tmp/project")
  }

  /// `text` with what varies between runs made uniform: the sandbox's path and durations.
  static func normalized(_ text: String, sandbox: URL) -> String {
    var text = replacingSandbox(text, sandbox)
    text = text.replacing(/time="[0-9.]+"/, with: #"time="…""#)
    text = text.replacing(/\b[0-9]+(\.[0-9]+)? ?(ms|s)\b/, with: "…")
    return text
  }

  /// Shell-like words: spaces separate, single and double quotes group.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var started = false
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        started = true
      } else if character == " " {
        if started || !current.isEmpty { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
      }
    }
    if started || !current.isEmpty { words.append(current) }
    return words
  }
}
