import FlintTestSupport
import Foundation
import Testing

/// `--rules`, `--data`, `--indexes`, `--database` (ProjectOptions) and `--auth`, `--time`
/// (RequestOptions) are declared once: `flint query` and `flint repl` describe and parse them
/// alike, and a bad value is one usage error (exit 2) printed once.
@Suite("shared options: flint query and flint repl")
struct SharedOptionsTests {
  /// The help lines of one option, from its name to the next option.
  static func helpOf(_ option: String, in help: String) -> String {
    var lines: [Substring] = []
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if !lines.isEmpty, trimmed.hasPrefix("--") || trimmed.hasPrefix("-h") || trimmed.isEmpty { break }
      if lines.isEmpty, !trimmed.hasPrefix(option + " ") { continue }
      lines.append(trimmed)
    }
    return lines.joined(separator: " ")
  }

  @Test("the shared options read the same in both commands' help")
  func sameHelp() throws {
    let box = try Sandbox()
    let query = try box.run("query", "--help").stdout
    let repl = try box.run("repl", "--help").stdout
    for option in ["--rules", "--data", "--indexes", "--database", "--auth", "--time"] {
      let text = Self.helpOf(option, in: query)
      #expect(!text.isEmpty, "\(option) missing from flint query --help")
      #expect(text == Self.helpOf(option, in: repl), "\(option)")
    }
    #expect(Self.helpOf("--rules", in: repl).contains("default: firebase.json's rules"))
  }

  @Test("a bad --time or --auth: one message, exit 2, in both commands")
  func badRequestOptions() throws {
    let box = try Sandbox()
    for command in [["query", #"collection("posts")"#], ["repl"]] {
      let time = try FlintRunner.run([command[0], "--time", "yesterday"] + command.dropFirst(), in: box.url)
      #expect(time.status == 2, "\(command)")
      #expect(time.stderr.hasPrefix("flint: invalid --time 'yesterday': "), "\(command)")
      #expect(time.stderr.components(separatedBy: "\n").count == 2, "\(command): \(time.stderr)")
      let auth = try FlintRunner.run([command[0], "--auth", "{"] + command.dropFirst(), in: box.url)
      #expect(auth.status == 2, "\(command)")
      #expect(auth.stderr.hasPrefix("flint: invalid --auth: "), "\(command)")
    }
  }
}
