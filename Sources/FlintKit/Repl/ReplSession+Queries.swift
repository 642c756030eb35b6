import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Query DSL lines: validity, the rules proof, the index hook, the results (paged) and reads.
extension ReplSession {
  mutating func runQuery(_ text: String) -> ReplOutcome {
    let playground = QueryPlayground(ruleset: rules?.ruleset, store: store, database: database)
    let report = playground.run(text, auth: auth, time: time, variables: variables)
    guard let normalized = report.normalized else { return invalidQuery(report, text: text) }
    if let missing = report.missingValue {
      // Valid, but the proof and the results need a value nothing binds.
      pendingResults = []
      var out = "query on \(normalized.scope) not decided: no value for '\(missing.name)'"
      out += " (bind it with :var \(missing.name)=...)\n  valid: yes\n"
      out += "  orderBy: " + normalized.orderBy.map(\.description).joined(separator: ", ") + "\n"
      return .message(out, failed: true)
    }
    if !queries.contains(normalized) {
      queries.append(normalized)
      queryTexts.append(text.trimmed())
    }
    var out = ""
    let allowed: Bool
    if let proof = report.proof, let rules {
      allowed = proof.allowed
      let shown = ReplRenderer.proof(proof, scope: normalized.scope, rules: rules, explain: explain, style: style)
      let header = shown.prefix { $0 != "\n" }
      out += header + "\n  valid: yes\n" + shown.dropFirst(header.count + 1)
    } else {
      allowed = false
      out += "\(style.verdict(false)) query on \(normalized.scope): no rules loaded (:load rules FILE)\n"
      out += "  valid: yes\n"
    }
    out += "  orderBy: " + normalized.orderBy.map(\.description).joined(separator: ", ") + "\n"
    if let needed = IndexAdvice.neededLine(
      for: normalized, manifest: indexesFile, bytes: indexesBytes, database: database)
    {
      out += "  " + needed + "\n"
    }
    guard allowed, let result = report.result else {
      pendingResults = []
      out += "  results: none (the rules deny the query)\n  reads: 0\n"
      return .message(out)
    }
    if normalized.aggregations.isEmpty {
      out += "  results: \(result.documents.count)\n"
      pendingResults = result.documents
      out += nextPage()
    } else {
      pendingResults = []
      for aggregation in result.aggregations {
        out += "  \(aggregation.alias): \(ReplRenderer.compact(aggregation.value))\n"
      }
    }
    out += "  reads: \(report.reads)\n"
    return .message(out)
  }

  /// `:analyze QUERY`: Query Explain's report on the session's data and manifest (the rules
  /// are not applied: Query Explain runs with IAM).
  mutating func analyzeQuery(_ text: String) -> ReplOutcome {
    var playground = QueryPlayground(store: store, database: database)
    switch IndexAdvice.read(indexesFile, indexesBytes) {
    case .success(let manifest):
      if indexesFile != nil {
        playground.indexes = manifest
        playground.indexesName = indexesFile?.display
      }
    case .failure(let problem): return .message(problem.message, failed: true)
    }
    playground.explain = .analyze
    let report = playground.run(text, auth: auth, time: time, variables: variables)
    if let missing = report.missingValue {
      return .message(
        "query not analyzed: no value for '\(missing.name)' (bind it with :var \(missing.name)=...)\n", failed: true)
    }
    guard let explain = report.explain else { return invalidQuery(report, text: text) }
    let lines = ExplainRenderer.text(explain, manifest: report.indexesName).split(separator: "\n")
    return .message(lines.map { "  " + $0 + "\n" }.joined(), failed: report.missingIndex)
  }

  /// `:more`: the next page of the last query's results.
  mutating func morePage() -> String {
    pendingResults.isEmpty ? "no more results\n" : nextPage()
  }

  private mutating func nextPage() -> String {
    let page = pendingResults.prefix(pageSize)
    pendingResults.removeFirst(page.count)
    var out = page.map { "    " + ReplRenderer.documentLine($0) }.joined()
    if !pendingResults.isEmpty { out += "    … \(pendingResults.count) more (:more shows the next \(pageSize))\n" }
    return out
  }

  /// A query that did not parse (a parse failure, with its column) or that the SDK or
  /// backend rejects (DENY, in the SDK's words).
  private func invalidQuery(_ report: QueryReport, text: String) -> ReplOutcome {
    guard let diagnostic = report.diagnostics.first(where: { $0.severity == .error }) else {
      return .message("\(style.verdict(false)) invalid query: \(report.error ?? "invalid")\n")
    }
    let column = report.source.location(of: diagnostic.range.start).column
    if !Self.isValidityCode(diagnostic.code) {
      let error = ReplParseError(diagnostic.message, column: column)
      return .message(ReplRenderer.parseError(error, line: text, style: style), parseFailed: true)
    }
    var out = "\(style.verdict(false)) invalid query: \(report.error ?? diagnostic.message)\n"
    out += TraceTextRenderer.caretLines(diagnostic.range, source: report.source, note: "")
      .map { "  " + $0.trimmingTrailingSpaces + "\n" }.joined()
    return .message(out)
  }

  /// Whether a query diagnostic is about validity (the SDK, backend or Flint refusing a
  /// well-formed query) rather than syntax.
  static func isValidityCode(_ code: DiagnosticCode) -> Bool {
    ["query.sdk.", "query.backend.", "query.flint."].contains { code.rawValue.hasPrefix($0) }
  }
}
