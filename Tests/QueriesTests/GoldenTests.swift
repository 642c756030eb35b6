import FirestoreModel
import FlintTestSupport
import Queries
import RulesLanguage
import Testing

/// Drives every golden case in `Corpus/queries/` (UPDATE_GOLDENS=1 rewrites them).
@Suite("Query goldens", .serialized)
struct GoldenTests {
  static let validityFile = GoldenCorpus.file("validity.txt")
  static let normalizationFile = GoldenCorpus.file("normalization.txt")
  static let executionFile = GoldenCorpus.file("execution.txt")
  static let pastedFile = GoldenCorpus.file("pasted.txt")

  @Test("every query golden file has cases")
  func corpusHasCases() {
    #expect(Self.validityFile.cases.count >= 20)
    #expect(Self.normalizationFile.cases.count >= 10)
    #expect(Self.executionFile.cases.count >= 10)
    #expect(Self.pastedFile.cases.count >= 40)
  }

  /// Queries as app code writes them, with unbound names as unknown values: the normalized
  /// query and the unknowns, or the first problem.
  @Test("pasted", arguments: pastedFile.cases)
  func pasted(_ golden: GoldenFile.Case) {
    let context = QueryContext(bindings: GoldenCorpus.context.bindings, placeholdersForUnbound: true)
    let prepared = QueryPipeline.prepare(SourceFile(name: "<golden>", text: golden.text), context: context)
    guard let normalized = prepared.normalized else {
      Self.pastedFile.check(golden, actual: GoldenCorpus.validity(golden.text, context: context), golden.text)
      return
    }
    var lines = normalized.description.split(separator: "\n").map(String.init)
    if !normalized.unknownValues.isEmpty {
      lines.append("unknown: " + normalized.unknownValues.map(\.name).joined(separator: ", "))
    }
    Self.pastedFile.check(golden, actual: lines, golden.text)
  }

  @Test("validity", arguments: validityFile.cases)
  func validity(_ golden: GoldenFile.Case) throws {
    let store = try GoldenCorpus.store()
    let context = QueryContext(bindings: GoldenCorpus.context.bindings, store: store)
    Self.validityFile.check(golden, actual: GoldenCorpus.validity(golden.text, context: context), golden.text)
  }

  @Test("normalization", arguments: normalizationFile.cases)
  func normalization(_ golden: GoldenFile.Case) {
    let prepared = QueryPipeline.prepare(SourceFile(name: "<golden>", text: golden.text), context: GoldenCorpus.context)
    guard let normalized = prepared.normalized else {
      Self.normalizationFile.check(golden, actual: GoldenCorpus.validity(golden.text), golden.text)
      return
    }
    var lines = ["orderBy: " + normalized.orderBy.map(\.description).joined(separator: ", ")]
    if normalized.isLimitToLast {
      lines.append("wire: " + normalized.wireOrderBy.map(\.description).joined(separator: ", "))
    }
    let branches = normalized.branches.map { "(" + $0.map(\.description).joined(separator: " && ") + ")" }
    lines.append("branches: " + branches.joined(separator: " || "))
    lines.append("disjunctions: \(normalized.disjunctionCount)")
    Self.normalizationFile.check(golden, actual: lines, golden.text)
  }

  @Test("execution", arguments: executionFile.cases)
  func execution(_ golden: GoldenFile.Case) throws {
    let store = try GoldenCorpus.store()
    let context = QueryContext(bindings: GoldenCorpus.context.bindings, store: store)
    let prepared = QueryPipeline.prepare(SourceFile(name: "<golden>", text: golden.text), context: context)
    guard let normalized = prepared.normalized else {
      Self.executionFile.check(golden, actual: GoldenCorpus.validity(golden.text, context: context), golden.text)
      return
    }
    let engine = QueryEngine(store: store)
    let indexed = engine.execute(normalized)
    let scanned = engine.execute(normalized, strategy: .scan)
    #expect(indexed.documents == scanned.documents, "index and scan disagree")
    #expect(
      indexed.aggregations.map { QueryLiteral.render($0.value) }
        == scanned.aggregations.map { QueryLiteral.render($0.value) },
      "index and scan disagree")
    var lines: [String] = []
    if normalized.aggregations.isEmpty {
      let paths = indexed.documents.map { "\($0.path)" }
      lines.append(paths.isEmpty ? "docs: (none)" : "docs: " + paths.joined(separator: ", "))
      if normalized.projection != nil {
        for document in indexed.documents {
          lines.append("\(document.id): " + QueryLiteral.render(.map(document.fields)))
        }
      }
    } else {
      for result in indexed.aggregations {
        lines.append("\(result.alias): \(QueryLiteral.render(result.value))")
      }
    }
    lines.append("reads: \(indexed.reads)")
    Self.executionFile.check(golden, actual: lines, golden.text)
  }
}
