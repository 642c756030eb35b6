import Foundation
import Testing

/// The corpus, the fidelity notes, the README and the sources cite the semantics pages the
/// project ships (`Docs/rules-semantics.md`, `Docs/query-semantics.md`), at sections that exist.
@Suite("Docs citations")
struct DocsCitationTests {
  static let root = FlintRunner.packageRoot

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every file under `folder` (recursively) whose name ends in one of `suffixes`.
  static func files(under folder: String, _ suffixes: [String]) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { name in suffixes.contains { name.hasSuffix($0) } }
      .map { folder + "/" + $0 }
  }

  /// The sections cited right after `marker` (`rules-language §6.1, §6.8`), up to the end of the
  /// line, a `)` or a `|`.
  static func citations(after marker: String, in text: String) -> Set<String> {
    var found: Set<String> = []
    var rest = Substring(text)
    while let hit = rest.range(of: marker) {
      rest = rest[hit.upperBound...]
      let span = rest.prefix { $0 != "\n" && $0 != ")" && $0 != "|" }
      found.formUnion(DocsExamplesTests.sections(in: String(span)))
    }
    return found
  }

  @Test("nothing cites the research file query-and-index.md, which the project does not ship")
  func noUnshippedSpec() throws {
    var paths = ["README.md"]
    for folder in ["Corpus", "Docs", "Sources"] {
      paths += Self.files(under: folder, [".md", ".txt", ".swift", ".yaml", ".json"])
    }
    for path in paths {
      #expect(!(try Self.text(path)).contains("query-and-index"), "\(path) cites query-and-index.md")
    }
  }

  @Test("the query and index goldens and their fidelity notes cite sections of Docs/query-semantics.md")
  func queryCitations() throws {
    let page = try Self.text("Docs/query-semantics.md")
    let cited = [
      "Corpus/queries/validity.txt", "Corpus/queries/normalization.txt", "Corpus/indexes/requirements.txt",
      "Corpus/indexes/serving.txt", "Docs/fidelity/indexes.md", "Docs/fidelity/queries.md",
    ]
    for path in cited {
      let text = try Self.text(path)
      if path.hasPrefix("Corpus") { #expect(text.contains("Docs/query-semantics.md"), "\(path) names no page") }
      for section in DocsExamplesTests.sections(in: text) {
        #expect(DocsExamplesTests.covers(page, section), "\(path) cites §\(section), missing from the page")
      }
    }
  }

  @Test("source comments, diagnostics and notes cite sections the semantics pages have")
  func sourceCitations() throws {
    let rules = try Self.text("Docs/rules-semantics.md")
    let queries = try Self.text("Docs/query-semantics.md")
    var paths = ["README.md"] + Self.files(under: "Sources", [".swift"])
    paths += Self.files(under: "Docs/fidelity", [".md"])
    paths += Self.files(under: "Corpus", [".expected", ".txt", ".rules"])
    for path in paths {
      let text = try Self.text(path)
      for marker in ["rules-language §", "rules-language.md §", "rules-semantics §"] {
        for section in Self.citations(after: String(marker.dropLast()), in: text) {
          #expect(DocsExamplesTests.covers(rules, section), "\(path): \(marker)\(section) is not on the page")
        }
      }
      for marker in ["query-semantics §", "query-semantics.md §"] {
        for section in Self.citations(after: String(marker.dropLast()), in: text) {
          #expect(DocsExamplesTests.covers(queries, section), "\(path): \(marker)\(section) is not on the page")
        }
      }
    }
  }
}
