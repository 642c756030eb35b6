import Foundation
import Testing

/// The links of README.md and Docs/ resolve: a relative link names a file or folder that exists,
/// and its `#anchor` a heading of that page (as GitHub spells heading anchors); and every
/// page path under Docs/ that the sources, tests, corpus and Makefile mention exists.
@Suite("Docs links")
struct DocsLinksTests {
  static let root = FlintRunner.packageRoot

  /// GitHub's anchor for a heading: lower case, spaces to `-`, punctuation other than `-` and
  /// `_` dropped.
  static func slug(_ heading: String) -> String {
    String(
      heading.lowercased().map { $0 == " " ? "-" : $0 }
        .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
  }

  /// The page's text outside fenced blocks and code spans.
  static func prose(_ text: String) -> String {
    var kept: [String] = []
    var fenced = false
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      if !fenced { kept.append(line.replacing(/`[^`]*`/, with: "")) }
    }
    return kept.joined(separator: "\n")
  }

  /// The anchors of a page's headings (GitHub numbers repeats `-1`, `-2`, ...).
  static func anchors(_ text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    var fenced = false
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") { fenced.toggle() }
      guard !fenced, line.hasPrefix("#") else { continue }
      let heading = line.drop { $0 == "#" }
      guard heading.first == " " else { continue }
      let base = slug(String(heading.dropFirst()))
      let count = seen[base, default: 0]
      anchors.insert(count == 0 ? base : "\(base)-\(count)")
      seen[base] = count + 1
    }
    return anchors
  }

  /// `[text](target)` targets in the page's prose.
  static func links(_ text: String) -> [String] {
    prose(text).matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }
  }

  /// The problems of one page's links.
  static func brokenLinks(page: String) throws -> [String] {
    let url = root.appendingPathComponent(page)
    let text = try String(contentsOf: url, encoding: .utf8)
    var broken: [String] = []
    for link in links(text) where !link.hasPrefix("http://") && !link.hasPrefix("https://") {
      let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0])
      let target = path.isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
      guard FileManager.default.fileExists(atPath: target.path) else {
        broken.append("\(page): \(link): no such file")
        continue
      }
      if parts.count == 2, target.pathExtension == "md" {
        let anchor = String(parts[1])
        let targetText = try String(contentsOf: target, encoding: .utf8)
        if !anchors(targetText).contains(anchor) { broken.append("\(page): \(link): no heading with that anchor") }
      }
    }
    return broken
  }

  @Test("every relative link of README.md and Docs/ resolves, anchors included", arguments: DocsExamplesTests.pages)
  func linksResolve(page: String) throws {
    for problem in try Self.brokenLinks(page: page) { Issue.record(Comment(rawValue: problem)) }
  }

  @Test("a broken link or anchor is found")
  func brokenLinksAreFound() {
    #expect(Self.links("see [a](Guide/x.md#y) and `[b](c)`\n```\n[d](e)\n```\n") == ["Guide/x.md#y"])
    #expect(
      Self.anchors("# Lints\n## `flint check`: validate rules\n## a\n## a\n") == [
        "lints", "flint-check-validate-rules", "a", "a-1",
      ])
    #expect(Self.slug("security.open-write") == "securityopen-write")
  }

  @Test("the Docs/ pages that sources, tests, the corpus and the Makefile name exist")
  func mentionedPagesExist() throws {
    var files = ["Makefile", "README.md"]
    for folder in ["Sources", "Tests", "Corpus", "Docs", "Scripts", "Examples"] {
      let base = Self.root.appendingPathComponent(folder)
      let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
      files += found.filter { [".swift", ".md", ".txt", ".yaml", ".sh", ".rules"].contains(where: $0.hasSuffix) }
        .map { folder + "/" + $0 }
    }
    var mentioned = 0
    for file in files {
      guard let text = try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8) else {
        continue
      }
      for match in text.matches(of: /Docs\/[A-Za-z0-9_\/.-]+\.md/) {
        mentioned += 1
        let path = String(match.0)
        #expect(
          FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
          "\(file) names \(path), which does not exist")
      }
    }
    #expect(mentioned >= 20)
  }
}
