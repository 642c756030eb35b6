import FirestoreModel
import Queries
import RulesLanguage
import Testing

/// Drives every golden case in `Corpus/queries/` (UPDATE_GOLDENS=1 rewrites them).
@Suite("Query goldens", .serialized)
struct GoldenTests {
  static let validityCases = GoldenCorpus.cases("validity.txt")
  static let normalizationCases = GoldenCorpus.cases("normalization.txt")
  static let executionCases = GoldenCorpus.cases("execution.txt")

  @Test("validity", arguments: validityCases)
  func validity(_ golden: GoldenCase) {
    let store = try? GoldenCorpus.store()
    let context = QueryContext(bindings: GoldenCorpus.context.bindings, store: store)
    check(golden, actual: GoldenCorpus.validity(golden.query, context: context))
  }

  @Test("normalization", arguments: normalizationCases)
  func normalization(_ golden: GoldenCase) {
    let prepared = QueryPipeline.prepare(SourceFile(name: "<golden>", text: golden.query), context: GoldenCorpus.context)
    guard let normalized = prepared.normalized else {
      check(golden, actual: GoldenCorpus.validity(golden.query))
      return
    }
    var lines = ["orderBy: " + normalized.orderBy.map(\.description).joined(separator: ", ")]
    if normalized.isLimitToLast {
      lines.append("wire: " + normalized.wireOrderBy.map(\.description).joined(separator: ", "))
    }
    let branches = normalized.branches.map { "(" + $0.map(\.description).joined(separator: " && ") + ")" }
    lines.append("branches: " + branches.joined(separator: " || "))
    lines.append("disjunctions: \(normalized.disjunctionCount)")
    check(golden, actual: lines)
  }

  @Test("execution", arguments: executionCases)
  func execution(_ golden: GoldenCase) throws {
    let store = try GoldenCorpus.store()
    let context = QueryContext(bindings: GoldenCorpus.context.bindings, store: store)
    let prepared = QueryPipeline.prepare(SourceFile(name: "<golden>", text: golden.query), context: context)
    guard let normalized = prepared.normalized else {
      check(golden, actual: GoldenCorpus.validity(golden.query, context: context))
      return
    }
    let engine = QueryEngine(store: store)
    let indexed = engine.execute(normalized)
    let scanned = engine.execute(normalized, strategy: .scan)
    #expect(indexed.documents == scanned.documents, "index and scan disagree")
    #expect(
      indexed.aggregations.map { ValueText.render($0.value) } == scanned.aggregations.map { ValueText.render($0.value) },
      "index and scan disagree")
    var lines: [String] = []
    if normalized.aggregations.isEmpty {
      let paths = indexed.documents.map { "\($0.path)" }
      lines.append(paths.isEmpty ? "docs: (none)" : "docs: " + paths.joined(separator: ", "))
      if normalized.projection != nil {
        for document in indexed.documents {
          lines.append("\(document.id): " + ValueText.render(.map(document.fields)))
        }
      }
    } else {
      for result in indexed.aggregations {
        lines.append("\(result.alias): \(ValueText.render(result.value))")
      }
    }
    lines.append("reads: \(indexed.reads)")
    check(golden, actual: lines)
  }

  func check(_ golden: GoldenCase, actual: [String]) {
    if GoldenCorpus.updating {
      GoldenCorpus.rewrite(golden, actual: actual)
      return
    }
    #expect(actual == golden.expected, "\(golden.name)\n\(golden.query)")
  }
}
