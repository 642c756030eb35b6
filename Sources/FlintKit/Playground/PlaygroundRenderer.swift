import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// Renders `flint query` reports as text or as one line of JSON:
/// `{"valid", "error", "normalizedOrderBy": [[field, "asc"|"desc"]], "rules": {"decision",
/// "explanation"}, "results": [{"path", "data"}], "reads", "aggregations", "index": {"kind",
/// "indexes", "fieldOverrides", "servedBy", "missing", "manifest"}, "unknownValues": [name]}`
/// (`rules` only when rules were given and decided, `aggregations` only for aggregation queries,
/// `index` only for valid queries, `unknownValues` only when the query names values nothing binds;
/// `data` is tagged JSON).
package enum PlaygroundRenderer {
  /// `flint query`'s words for an unbound variable: how to bind it with `--var` (the library
  /// only says that nothing binds it).
  static func worded(_ report: QueryReport) -> QueryReport {
    guard let name = report.unboundVariable else { return report }
    let hint = "; pass it as a binding (for example --var \(name)=...)"
    var worded = report
    worded.error = report.error.map { $0 + hint }
    worded.diagnostics = report.diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      if diagnostic.code == "query.flint.unbound-variable" { diagnostic.message += hint }
      return diagnostic
    }
    return worded
  }

  // MARK: Queries

  /// The text report: validity, the rules decision with its explanation and suggested
  /// fixes, the normalized order-by, the results (path and compact data) and the reads.
  package static func text(_ report: QueryReport) -> String {
    let report = worded(report)
    var out = ""
    guard let normalized = report.normalized else {
      out += "valid: no: \(report.error ?? "invalid query")\n"
      out += DiagnosticRenderer.text(report.diagnostics, in: report.source)
      return out
    }
    out += "valid: yes\n"
    if report.missingValue != nil, report.rulesSource != nil {
      out += "rules: not decided: \(report.error ?? "a value is missing")\n"
    }
    if let proof = report.proof, let rules = report.rulesSource {
      out += "rules: \(proof.allowed ? "allow" : "deny")\n"
      out += indent(ProofRenderer.text(proof, source: rules))
    }
    out +=
      "orderBy: " + normalized.orderBy.map { "\($0.field) \($0.direction.rawValue)" }.joined(separator: ", ") + "\n"
    if !normalized.unknownValues.isEmpty {
      out += "unknown values: " + normalized.unknownValues.map(\.name).joined(separator: ", ") + "\n"
    }
    if let index = report.index {
      out += IndexLineRenderer.text(
        index, manifest: report.indexesName, project: report.project, database: report.database)
    }
    if report.missingValue != nil {
      out += "results: not run: \(report.error ?? "a value is missing")\nreads: 0\n"
      out += DiagnosticRenderer.text(report.diagnostics, in: report.source)
      return out
    }
    guard let result = report.result else {
      out += "results: none (the rules deny the query)\nreads: 0\n"
      return out
    }
    if normalized.aggregations.isEmpty {
      out += "results: \(result.documents.count)\n"
      for document in result.documents {
        out +=
          "  \(document.path) \(JSONValue.object(TaggedJSONEncoder.encode(fields: document.fields)).text(.spaced))\n"
      }
    } else {
      out += "aggregations:\n"
      for aggregation in result.aggregations {
        out += "  \(aggregation.alias): \(TaggedJSONEncoder.encode(aggregation.value).text(.spaced))\n"
      }
    }
    out += "reads: \(report.reads)\n"
    return out
  }

  /// The JSON report.
  package static func json(_ report: QueryReport) -> String {
    jsonValue(report).text(.spaced) + "\n"
  }

  /// The JSON report as a value, for a front end that adds members (`flint serve`'s fixes).
  package static func jsonValue(_ report: QueryReport) -> JSONValue {
    let report = worded(report)
    var members: [(String, JSONValue)] = [
      ("valid", .bool(report.isValid)),
      ("error", report.error.map(JSONValue.string) ?? .null),
      (
        "normalizedOrderBy",
        .array(
          (report.normalized?.orderBy ?? []).map {
            .array([.string($0.field.description), .string($0.direction.rawValue)])
          })
      ),
    ]
    if let proof = report.proof, let rules = report.rulesSource {
      members.append(
        (
          "rules",
          .object([
            ("decision", .string(proof.allowed ? "allow" : "deny")),
            ("explanation", ProofRenderer.json(proof, source: rules)),
          ])
        ))
    }
    let documents = report.result?.documents ?? []
    members.append(
      (
        "results",
        .array(
          documents.map { document in
            .object([
              ("path", .string(document.path.description)),
              ("data", .object(TaggedJSONEncoder.encode(fields: document.fields))),
            ])
          })
      ))
    members.append(("reads", .int(report.result == nil ? 0 : report.reads)))
    if let normalized = report.normalized, !normalized.aggregations.isEmpty {
      let values = report.result?.aggregations ?? []
      members.append(
        ("aggregations", .object(values.map { ($0.alias, TaggedJSONEncoder.encode($0.value)) })))
    }
    if let index = report.index {
      members.append(("index", IndexLineRenderer.json(index, manifest: report.indexesName)))
    }
    if let unknown = report.normalized?.unknownValues, !unknown.isEmpty {
      members.append(("unknownValues", .array(unknown.map { .string($0.name) })))
    }
    return JSONValue.object(members)
  }

  // MARK: Query Explain

  /// `--plan`/`--analyze`: Query Explain's report, or why the query is invalid.
  package static func explainText(_ report: QueryReport) -> String {
    guard let explain = report.explain else { return text(report) }
    return ExplainRenderer.text(explain, manifest: report.indexesName)
  }

  /// `--plan`/`--analyze --format json`: the SDKs' `explainMetrics`, or the invalid query's report.
  package static func explainJSON(_ report: QueryReport) -> String {
    guard let explain = report.explain else { return json(report) }
    return ExplainRenderer.json(explain).text(.spaced) + "\n"
  }

  // MARK: Single documents

  /// The text report of a single-document request: the decision with its explanation and,
  /// for an allowed `get`, the document.
  package static func text(_ report: DocumentReport, explain: ExplainLevel = .full) -> String {
    var out = ""
    if let refusal = report.refusal {
      return "write: \(refusal.code)\n  \(refusal.message); the rules were not evaluated\n"
    }
    if let decision = report.decision, let rules = report.rulesSource {
      out += "rules: \(decision.allowed ? "allow" : "deny")\n"
      switch explain {
      case .short: out += indent(ShortExplanation.render(decision, source: rules))
      case .full: out += indent(TraceTextRenderer.render(decision, source: rules))
      }
    }
    if report.looked {
      if let document = report.document {
        out +=
          "document: \(document.path) \(JSONValue.object(TaggedJSONEncoder.encode(fields: document.fields)).text(.spaced))\n"
      } else {
        out += "document: /\(report.request.path) does not exist\n"
      }
    }
    return out
  }

  /// `{"method", "path", "rules": {"decision", "explanation"}, "document": {"path", "data"} | null}`;
  /// for a write Firestore fails before the rules run, `{"method", "path", "refused": "NOT_FOUND",
  /// "message"}` instead of `rules`.
  package static func json(_ report: DocumentReport) -> String {
    var members: [(String, JSONValue)] = [
      ("method", .string(report.request.method.rawValue)),
      ("path", .string(report.request.path.description)),
    ]
    if let refusal = report.refusal {
      members.append(("refused", .string(refusal.code)))
      members.append(("message", .string(refusal.message)))
      return JSONValue.object(members).text(.spaced) + "\n"
    }
    if let decision = report.decision, let rules = report.rulesSource {
      members.append(
        (
          "rules",
          .object([
            ("decision", .string(decision.allowed ? "allow" : "deny")),
            ("explanation", TraceJSONRenderer.json(decision, source: rules)),
          ])
        ))
    }
    if report.looked {
      members.append(
        (
          "document",
          report.document.map { document in
            .object([
              ("path", .string(document.path.description)),
              ("data", .object(TaggedJSONEncoder.encode(fields: document.fields))),
            ])
          } ?? .null
        ))
    }
    return JSONValue.object(members).text(.spaced) + "\n"
  }

  // MARK: Helpers

  private static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
  }
}
