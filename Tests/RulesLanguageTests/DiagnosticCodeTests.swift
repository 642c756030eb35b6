import FlintTestSupport
import Foundation
import Testing

@testable import RulesLanguage

/// The catalog member name of a code: `parse.expected-token` is `parseExpectedToken`.
func diagnosticCodeMemberName(_ code: DiagnosticCode) -> String {
  let parts = code.rawValue.split(whereSeparator: { $0 == "." || $0 == "-" })
  return parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
}

/// Every `.swift` file under `Sources/`, with its path relative to the package root.
func swiftSources() throws -> [(path: String, text: String)] {
  let root = PackagePaths.url("Sources")
  let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
  var files: [(String, String)] = []
  for case let url as URL in enumerator where url.pathExtension == "swift" {
    files.append(
      (String(url.path.dropFirst(PackagePaths.root.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
  }
  return files.sorted { $0.0 < $1.0 }
}

@Suite("Diagnostic codes")
struct DiagnosticCodeTests {
  @Test("every code in the catalog is unique, well formed and named after itself")
  func catalogShape() {
    let catalog = DiagnosticCode.catalog
    #expect(catalog.count >= 90)
    #expect(
      Set(catalog).count == catalog.count,
      "duplicated: \(Dictionary(grouping: catalog, by: { $0 }).filter { $0.value.count > 1 }.keys)")
    for code in catalog {
      #expect(code.rawValue.wholeMatch(of: /^[a-z]+\.[a-z0-9-]+$/) != nil, "\(code)")
    }
    #expect(DiagnosticCode.lexCodes.allSatisfy { $0.area == "lex" })
    #expect(DiagnosticCode.parseCodes.allSatisfy { $0.area == "parse" })
    #expect(DiagnosticCode.checkCodes.allSatisfy { $0.area == "check" })
    #expect(DiagnosticCode.sourceCodes.allSatisfy { $0.area == "source" })
  }

  @Test("the lint catalog is exactly the codes of the lint rules")
  func lintCatalog() {
    #expect(DiagnosticCode.lintCodes.sorted() == RulesLinter.rules.map(\.code).sorted())
  }

  @Test("a code prints, compares and sorts as its string")
  func printsAsString() {
    let code: DiagnosticCode = .parseExpectedToken
    #expect("\(code)" == "parse.expected-token")
    #expect(code == "parse.expected-token")
    #expect(code.area == "parse")
    #expect(DiagnosticCode.checkWrongArity < DiagnosticCode.lexInvalidUtf8)
  }

  /// Call sites name codes through the catalogs: a code spelled as a string literal anywhere else
  /// in `Sources/` would be a code no catalog lists (or a second spelling of one).
  @Test("codes are spelled only in the catalogs, and every declared code is listed")
  func sourcesUseTheCatalogs() throws {
    // A catalog entry, and a code-shaped string literal anywhere else.
    let declaration = /package static let ([A-Za-z0-9]+): DiagnosticCode = "([^"]+)"/
    let literal = /"((?:lex|parse|check|source|security|misconception|type|limit|query)\.[a-z0-9-]+)"/
    var declared: [DiagnosticCode] = []
    for file in try swiftSources() {
      for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if let declaration = line.firstMatch(of: declaration) {
          let code = DiagnosticCode(String(declaration.2))
          #expect(String(declaration.1) == diagnosticCodeMemberName(code), "\(file.path):\(index + 1)")
          if !file.path.hasPrefix("Sources/Queries/") { declared.append(code) }
          continue
        }
        for match in line.matches(of: literal) {
          Issue.record("\(file.path):\(index + 1): the code \(match.1) is spelled by hand; use its catalog member")
        }
      }
    }
    #expect(declared.sorted() == DiagnosticCode.catalog.sorted())
  }

  @Test("every code the README and Docs/ document exists")
  func documentedCodesExist() throws {
    let docs = PackagePaths.url("Docs")
    let pages = (FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
    let text = try (["README.md"] + pages).map { try String(contentsOf: PackagePaths.url($0), encoding: .utf8) }
      .joined(separator: "\n")
    let known = Set(DiagnosticCode.catalog)
    var documented: [String] = []
    for match in text.matches(of: /`((?:lex|parse|check|source|security|misconception|type|limit)\.[a-z0-9-]+)`/) {
      documented.append(String(match.1))
    }
    for match in text.matches(of: /(?m)^#+ ((?:security|misconception|type|limit)\.[a-z0-9-]+)$/) {
      documented.append(String(match.1))
    }
    #expect(documented.count >= 20)
    let unknown = documented.filter { !known.contains(DiagnosticCode($0)) }
    #expect(unknown.isEmpty, "the docs document codes no catalog lists: \(unknown)")
  }
}
