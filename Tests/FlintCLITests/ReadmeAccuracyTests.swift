import Foundation
import Testing

/// README statements that other files decide: the Makefile's set-up, `flint expr`'s arguments.
@Suite("README accuracy")
struct ReadmeAccuracyTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: FlintRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The README section that starts at `heading`, up to the next `## `.
  static func section(_ heading: String, in readme: String) -> String {
    guard let start = readme.range(of: heading) else { return "" }
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
  }

  @Test("Set-up names every package make installs and the index check make run does")
  func setUpMatchesMakefile() throws {
    let makefile = try Self.text("Makefile")
    let setUp = Self.section("## Set-up", in: try Self.text("README.md"))
    // `missing="$$missing NAME"` in the deps target.
    let packages = makefile.components(separatedBy: "missing=\"$$missing ").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(packages.count >= 5)
    for package in packages { #expect(setUp.contains(package), "Set-up does not name \(package)") }
    #expect(makefile.contains("indexes --check"))
    #expect(setUp.contains("index check"))
  }

  @Test("Layout names every target folder under Sources, and nothing that is not there")
  func layoutMatchesTheTree() throws {
    let layout = Self.section("## Layout", in: try Self.text("README.md"))
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

  @Test("flint expr: an expression starting with '-' needs no '--', and the README says so")
  func exprLeadingMinus() throws {
    let expr = Self.section("## `flint expr`", in: try Self.text("README.md"))
    #expect(!expr.contains("goes after `--`"))
    #expect(expr.contains(#"flint expr "-1 + 2""#))
    let box = try Sandbox()
    #expect(try box.run("expr", "-1 + 2").stdout == "1\n")
    #expect(try box.run("expr", "--", "-1 + 2").stdout == "1\n")
  }
}
