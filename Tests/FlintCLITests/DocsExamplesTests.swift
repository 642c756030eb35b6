import FlintTestSupport
import Foundation
import Testing

/// Every example on the front page and in the reference runs as written: each `console` block of
/// README.md and of every Markdown page under Docs/ (see `DocsExamples` for what a block may
/// hold), so a page whose output no longer matches fails here.
@Suite("Docs examples")
struct DocsExamplesTests {
  /// README.md and every `.md` under Docs/, as paths from the package root.
  static let pages: [String] = {
    let docs = FlintRunner.packageRoot.appendingPathComponent("Docs")
    let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
    return ["README.md"] + found.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
  }()

  static func examples(_ page: String) throws -> DocsExamples {
    let url = FlintRunner.packageRoot.appendingPathComponent(page)
    return DocsExamples(page: page, text: try String(contentsOf: url, encoding: .utf8))
  }

  @Test("every console example runs with the output shown", arguments: pages)
  func examplesRun(page: String) throws {
    let examples = try Self.examples(page)
    #expect(examples.unexecuted.isEmpty, "\(page): `$ flint` outside a console block runs in no test")
    guard !examples.commands.isEmpty else { return }
    let (mismatches, updated) = try examples.run()
    if Golden.updating {
      try updated.write(to: FlintRunner.packageRoot.appendingPathComponent(page), atomically: true, encoding: .utf8)
      return
    }
    for mismatch in mismatches { Issue.record("\(mismatch)") }
  }

  @Test("the front page and each command's page show examples that run")
  func pagesHaveExamples() throws {
    #expect(Self.pages.count >= 20)
    for page in ["README.md"]
      + ["check", "test", "diff", "query", "indexes", "expr", "init"].map({
        "Docs/commands/\($0).md"
      })
    {
      #expect(try Self.examples(page).commands.count >= 2, "\(page) runs fewer than two examples")
    }
    #expect(try Self.examples("README.md").commands.filter { $0.text.hasPrefix("flint ") }.count >= 5)
  }

  @Test("a stale example fails: the output is compared, with only durations and the sandbox path set aside")
  func staleExampleFails() throws {
    let stale = DocsExamples(page: "stale.md", text: "```console\n$ flint expr \"1 + 1\"\n3\n```\n")
    #expect(try stale.run().mismatches.count == 1)
    let current = DocsExamples(page: "current.md", text: "```console\n$ flint expr \"1 + 1\"\n2\n$ echo $?\n0\n```\n")
    #expect(try current.run().mismatches.isEmpty)
    let missing = DocsExamples(page: "short.md", text: "```console\n$ flint expr \"1 + 1\"\n```\n")
    #expect(try missing.run().mismatches.count == 1)
    let shell = DocsExamples(page: "shell.md", text: "```console\n$ ls\n```\n")
    #expect(try shell.run().mismatches.count == 1)
    let hidden = DocsExamples(page: "hidden.md", text: "```\n$ flint expr 1\n1\n```\n")
    #expect(hidden.unexecuted == ["$ flint expr 1"])
    let sandbox = URL(fileURLWithPath: "/tmp/flint-cli-x")
    #expect(
      DocsExamples.normalized("took 12 ms", sandbox: sandbox) == DocsExamples.normalized("took 3 ms", sandbox: sandbox))
    #expect(
      DocsExamples.normalized("12 passed", sandbox: sandbox) != DocsExamples.normalized("3 passed", sandbox: sandbox))
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
