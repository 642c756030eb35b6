import FlintTestSupport
import Foundation
import Testing

@testable import RulesLanguage

/// The rules corpus under `Corpus/rules`: `valid/*.rules` must check clean, each
/// `invalid/<name>.rules` must produce exactly the `flint check` text in `<name>.expected`,
/// and each `deployed/<name>.rules` (a construct real projects deploy) must check without
/// errors, with exactly the diagnostics (lints included) in `<name>.expected`.
/// Run with `UPDATE_GOLDENS=1` to rewrite the goldens (then review the diff).
enum Corpus {
  static let root = PackagePaths.url("Corpus")

  static func files(_ folder: String) -> [String] {
    let directory = root.appendingPathComponent("rules").appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".rules") }.sorted()
  }

  static func source(_ folder: String, _ name: String) throws -> SourceFile {
    let url = root.appendingPathComponent("rules").appendingPathComponent(folder).appendingPathComponent(name)
    let data = try Data(contentsOf: url)
    return SourceFile(name: name, text: String(decoding: data, as: UTF8.self))
  }

  static var sample: SourceFile {
    get throws {
      let data = try Data(contentsOf: root.appendingPathComponent("sample/firestore.rules"))
      return SourceFile(name: "firestore.rules", text: String(decoding: data, as: UTF8.self))
    }
  }
}

@Suite("Corpus")
struct CorpusTests {
  @Test("the corpus has at least 20 valid and 20 invalid files")
  func sizes() {
    #expect(Corpus.files("valid").count >= 20)
    #expect(Corpus.files("invalid").count >= 20)
    #expect(Corpus.files("deployed").count >= 4)
  }

  @Test("valid files check without errors or warnings", arguments: Corpus.files("valid"))
  func valid(name: String) throws {
    let source = try Corpus.source("valid", name)
    let result = RulesCompiler.compile(source)
    #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer.text(result.diagnostics, in: source))")
  }

  @Test("the sample project's rules check without errors")
  func sample() throws {
    let source = try Corpus.sample
    let result = RulesCompiler.compile(source)
    #expect(!result.hasErrors, "\(DiagnosticRenderer.text(result.diagnostics, in: source))")
  }

  @Test("constructs real projects deploy are accepted, with their golden warnings", arguments: Corpus.files("deployed"))
  func deployed(name: String) throws {
    let source = try Corpus.source("deployed", name)
    let result = RulesLinter.check(source)
    #expect(!result.hasErrors, "\(DiagnosticRenderer.text(result.diagnostics, in: source))")
    try Self.compare(DiagnosticRenderer.text(result.diagnostics, in: source), folder: "deployed", name: name)
  }

  @Test("invalid files produce exactly their golden output", arguments: Corpus.files("invalid"))
  func invalid(name: String) throws {
    let source = try Corpus.source("invalid", name)
    let result = RulesCompiler.compile(source)
    #expect(!result.diagnostics.isEmpty)
    try Self.compare(DiagnosticRenderer.text(result.diagnostics, in: source), folder: "invalid", name: name)
  }

  /// Compares with `Corpus/rules/<folder>/<stem>.expected` (the shared golden helper rewrites it
  /// with `UPDATE_GOLDENS=1`, and fails when it is missing or empty).
  static func compare(
    _ actual: String, folder: String, name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    Golden.expect(
      actual, matches: "Corpus/rules/\(folder)/" + String(name.dropLast(".rules".count)) + ".expected",
      sourceLocation: sourceLocation)
  }
}
