import Foundation
import Testing

/// The examples of the reference pages run as written: each `<!-- file: NAME -->` block is
/// written into a sandbox, and each `$ flint ...` line of a `console` block must print exactly
/// the lines that follow it.
@Suite("Docs examples")
struct DocsExamplesTests {
  struct Command {
    var arguments: [String]
    var expected: String
  }

  static func examples(_ page: String) throws -> (files: [(String, String)], commands: [Command]) {
    let url = FlintRunner.packageRoot.appendingPathComponent(page)
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    var files: [(String, String)] = []
    var commands: [Command] = []
    var index = 0
    func block(from start: Int) -> ([String], Int) {
      var body: [String] = []
      var line = start + 1
      while line < lines.count && lines[line] != "```" {
        body.append(lines[line])
        line += 1
      }
      return (body, line + 1)
    }
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") {
        let name = String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count))
        let (body, next) = block(from: index + 1)
        files.append((name, body.joined(separator: "\n") + "\n"))
        index = next
      } else if line == "```console" {
        let (body, next) = block(from: index)
        for text in body {
          if text.hasPrefix("$ flint ") {
            commands.append(Command(arguments: words(String(text.dropFirst("$ flint ".count))), expected: ""))
          } else if !commands.isEmpty {
            commands[commands.count - 1].expected += text + "\n"
          }
        }
        index = next
      } else {
        index += 1
      }
    }
    return (files, commands)
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

  @Test("every example runs with the output shown", arguments: ["Docs/suites.md", "Docs/queries.md"])
  func examplesRun(page: String) throws {
    let (files, commands) = try Self.examples(page)
    #expect(!commands.isEmpty)
    let box = try Sandbox()
    for (name, text) in files { try box.write(name, text) }
    for command in commands {
      let result = try FlintRunner.run(command.arguments, in: box.url)
      #expect(result.stdout == command.expected, "flint \(command.arguments.joined(separator: " "))")
    }
  }

  @Test("the corpus cites the shipped semantics page, never a path on the build machine")
  func corpusCitesShippedSpec() throws {
    let root = FlintRunner.packageRoot
    let readme = try String(contentsOf: root.appendingPathComponent("Corpus/suites/README.md"), encoding: .utf8)
    #expect(!readme.contains("/work/"))
    #expect(readme.contains("Docs/rules-semantics.md"))
    let semantics = try String(contentsOf: root.appendingPathComponent("Docs/rules-semantics.md"), encoding: .utf8)
    // Every section the suites' rules cite is covered: named, or inside a named range §a.b-§a.c.
    let folder = root.appendingPathComponent("Corpus/suites/rules")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for section in Self.sections(in: text) {
        #expect(Self.covers(semantics, section), "\(name) cites §\(section), which Docs/rules-semantics.md lacks")
      }
    }
  }

  /// The section numbers cited as `§4.6` or `§7`.
  static func sections(in text: String) -> Set<String> {
    var found: Set<String> = []
    var rest = Substring(text)
    while let mark = rest.firstIndex(of: "§") {
      rest = rest[rest.index(after: mark)...]
      let number = rest.prefix { $0.isNumber || $0 == "." }
      let trimmed = number.hasSuffix(".") ? number.dropLast() : number
      if !trimmed.isEmpty { found.insert(String(trimmed)) }
    }
    return found
  }

  static func covers(_ page: String, _ section: String) -> Bool {
    if page.contains("§\(section) ") || page.contains("§\(section).") || page.contains("§\(section)-") {
      return true
    }
    let parts = section.split(separator: ".").compactMap { Int($0) }
    guard parts.count == 2 else { return page.contains("## §\(section)") }
    for low in 0...parts[1] {
      for high in parts[1]...30 where page.contains("§\(parts[0]).\(low)-§\(parts[0]).\(high)") {
        return true
      }
    }
    return false
  }

  @Test("the short forms list the fields the pages document")
  func helpMatchesPages() throws {
    let help = try Sandbox().run("help", "suites").stdout
    for field in [
      "rules:", "data:", "time:", "cases:", "seed:", "batch:", "expect:", "auth:", "update:", "set:", "query:",
    ] {
      #expect(help.contains(field), "flint help suites lacks \(field)")
    }
  }
}
