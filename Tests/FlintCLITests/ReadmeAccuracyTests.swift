import Foundation
import Testing

/// The front page stays short and true: under 250 lines, no build machine's paths, a page per
/// subcommand; and the statements other files decide (the Makefile's set-up, the tree under
/// Sources) agree with them.
@Suite("README accuracy")
struct ReadmeAccuracyTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: FlintRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The section of `page` that starts at `heading`, up to the next `## `.
  static func section(_ heading: String, in page: String) -> String {
    guard let start = page.range(of: heading) else { return "" }
    let rest = page[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  @Test("the README is under 250 lines and names no path of a build machine")
  func readmeIsShort() throws {
    let readme = try Self.text("README.md")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines < 250, "README.md has \(lines) lines")
    #expect(!readme.contains("/work/"))
    #expect(!readme.contains("/opt/swift"))
  }

  @Test("every subcommand has its page under Docs/commands, linked from the README's table")
  func everyCommandHasAPage() throws {
    let readme = try Self.text("README.md")
    let commands = FlintRunner.packageRoot.appendingPathComponent("Sources/flint/Commands")
    let names = try FileManager.default.contentsOfDirectory(atPath: commands.path).filter { $0.hasSuffix(".swift") }
      .map { $0.dropLast(".swift".count).lowercased() }
    #expect(names.count >= 9)
    for name in names {
      let page = "Docs/commands/\(name).md"
      #expect(FileManager.default.fileExists(atPath: FlintRunner.packageRoot.appendingPathComponent(page).path))
      #expect(readme.contains("[`flint \(name)`](\(page))"), "the README's table does not link \(page)")
    }
  }

  @Test("Set-up names every package make installs and the index check make run does")
  func setUpMatchesMakefile() throws {
    let makefile = try Self.text("Makefile")
    let setUp = Self.section("## Set-up", in: try Self.text("Docs/install.md"))
    // `missing="$$missing NAME"` in the deps target.
    let packages = makefile.components(separatedBy: "missing=\"$$missing ").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(packages.count >= 5)
    for package in packages { #expect(setUp.contains(package), "Set-up does not name \(package)") }
    #expect(makefile.contains("indexes --check"))
    #expect(setUp.contains("index check"))
  }

  @Test("Layout names every target folder under Sources, and nothing that is not there")
  func layoutMatchesTheTree() throws {
    let layout = Self.section("## Layout", in: try Self.text("Docs/contributing.md"))
    let sources = FlintRunner.packageRoot.appendingPathComponent("Sources")
    let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
    #expect(folders.count >= 10)
    for folder in folders { #expect(layout.contains("  \(folder)/"), "Layout does not name Sources/\(folder)") }
    // Entries of the Sources block: two-space indent, a name, a slash.
    let block =
      layout.components(separatedBy: "Sources/\n").dropFirst().first?.components(separatedBy: "\nTests/").first ?? ""
    let named = block.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let slash = line.firstIndex(of: "/") else { return nil }
      return String(line[line.index(line.startIndex, offsetBy: 2)..<slash])
    }
    #expect(named.count >= 10)
    for name in named { #expect(folders.contains(name), "Layout names Sources/\(name), which does not exist") }
  }
}
