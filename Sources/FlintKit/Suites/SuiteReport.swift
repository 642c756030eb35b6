import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

/// Renders suite results.
///
/// Text: one block per failing case (a `file:line: FAIL` header, then the explanation: by
/// default the short one, `ShortExplanation`; with `.full` the whole evaluated tree), and `N passed, M failed`
/// alone on the last line. JSON: `{"suites": [{"file", "cases": [{"name", "expect", "actual",
/// "pass", "explanation"}]}], "passed": N, "failed": M}` on one line, plus `"errors": [...]`
/// when some suite could not be loaded. `expect`/`actual` are `allow`, `deny`, `not-found` or
/// `already-exists`; a refused write's explanation is `{"refused": "NOT_FOUND", "path",
/// "batchIndex"?, "message"}`.
package enum SuiteReport {
  /// The text report. The case's name, the file name and the values the suite provided are the
  /// user's text: control and bidirectional characters in them are shown escaped
  /// (`VisibleText`), so a name such as `a\u{1B}[31m` cannot act on the terminal.
  package static func text(_ results: [SuiteResult], explain: ExplainLevel = .short) -> String {
    var out = ""
    for result in results {
      for failure in result.cases where !failure.passed {
        out += VisibleText.escapedLines(block(failure, in: result, explain: explain))
        out += "\n"
      }
    }
    out += summary(results) + "\n"
    return out
  }

  /// `N passed, M failed`.
  package static func summary(_ results: [SuiteResult]) -> String {
    let passed = results.reduce(0) { $0 + $1.passed }
    let failed = results.reduce(0) { $0 + $1.failed }
    return "\(passed) passed, \(failed) failed"
  }

  /// A failing case: the header, then its explanation, as the suite wrote them (the text
  /// report escapes it for the terminal; JUnit's XML writer escapes it its own way).
  package static func block(_ result: CaseResult, in suite: SuiteResult, explain: ExplainLevel = .short) -> String {
    // A batch that should pass: the writes it allowed are not the problem, the denied one is.
    let explainsGrant = result.expect == .deny
    func decisionText(_ decision: Decision, batch: [Decision] = []) -> String {
      switch explain {
      case .short:
        ShortExplanation.render(
          decision, source: suite.source, signedOutHint: signedOutHint, dataName: dataName, batch: batch,
          explainsGrant: explainsGrant)
      case .full: TraceTextRenderer.render(decision, source: suite.source)
      }
    }
    let place = result.line.map { "\(suite.file):\($0)" } ?? suite.file
    var out = "\(place): FAIL \(result.name): \(failure(result))\n"
    if result.actual == result.expect { return out }
    switch result.outcome {
    case .single(let decision):
      out += decisionText(decision)
    case .list(let proof):
      out += ProofRenderer.text(proof, source: suite.source)
    case .refused(let refusal, let position):
      out += refusalText(refusal, position: position) + "\n"
    case .batch(let batch):
      if let breach = batch.limitBreach { out += "batch denied: \(breach)\n" }
      out +=
        "batch of \(batch.decisions.count), \(batch.lookupCount) lookup\(batch.lookupCount == 1 ? "" : "s") charged\n"
      for (index, decision) in batch.decisions.enumerated() {
        out += "[\(index + 1)/\(batch.decisions.count)] "
        out += decisionText(decision, batch: batch.decisions)
      }
    }
    return out
  }

  /// Why a case failed: the verdict, and the read budget when it is exceeded.
  static func failure(_ result: CaseResult) -> String {
    var reasons: [String] = []
    if result.actual != result.expect {
      reasons.append("expected \(result.expect.rawValue), got \(result.actual.rawValue)")
    }
    if result.overBudget, let reads = result.reads, let maxReads = result.maxReads {
      reasons.append("the query bills \(reads) reads on the case's data, over maxReads \(maxReads)")
    }
    return reasons.joined(separator: "; ")
  }

  /// The documents a case runs against, as explanations name them.
  static let dataName = "the case's data"

  /// `update /users/bob: NOT_FOUND: ...; the rules were not evaluated`, with the write's place in a batch.
  static func refusalText(_ refusal: PreconditionFailure, position: Int?) -> String {
    let place = position.map { "batch write \($0 + 1): " } ?? ""
    return place + refusal.message + "; the rules were not evaluated"
  }

  /// How a suite case signs in, for explanations of signed-out requests.
  static let signedOutHint = "the case has no auth; sign in with auth: {uid: alice} in its request"

  /// The JSON report, one line, newline-terminated.
  package static func json(_ results: [SuiteResult], errors: [SuiteError] = []) -> String {
    jsonValue(results, errors: errors).text(.spaced) + "\n"
  }

  /// The JSON report as a value, for a front end that adds members (`flint serve`'s coverage).
  package static func jsonValue(_ results: [SuiteResult], errors: [SuiteError] = []) -> JSONValue {
    let suites = results.map { result in
      JSONValue.object([
        ("file", .string(result.file)),
        ("cases", .array(result.cases.map { caseJSON($0, source: result.source) })),
      ])
    }
    let passed = results.reduce(0) { $0 + $1.passed }
    let failed = results.reduce(0) { $0 + $1.failed }
    var members: [(String, JSONValue)] = [
      ("suites", .array(suites)), ("passed", .int(passed)), ("failed", .int(failed)),
    ]
    // Suites that could not be loaded: their problems, each located.
    if !errors.isEmpty { members.append(("errors", .array(errors.flatMap(\.jsonEntries)))) }
    return JSONValue.object(members)
  }

  static func caseJSON(_ result: CaseResult, source: SourceFile) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(result.name)),
      ("expect", .string(result.expect.rawValue)),
      ("actual", .string(result.actual.rawValue)),
      ("pass", .bool(result.passed)),
    ]
    if let maxReads = result.maxReads {
      members.append(("maxReads", .int(maxReads)))
      members.append(("reads", .int(result.reads ?? 0)))
    }
    members.append(("explanation", explanation(result.outcome, source: source)))
    return .object(members)
  }

  /// A single decision's explanation (a query proof for list requests), or for a batch `{"allowed", "lookupCount",
  /// "limitBreach"?, "requests": [explanation, ...]}`.
  static func explanation(_ outcome: CaseOutcome, source: SourceFile) -> JSONValue {
    switch outcome {
    case .single(let decision):
      return TraceJSONRenderer.json(decision, source: source)
    case .list(let proof):
      return ProofRenderer.json(proof, source: source)
    case .refused(let refusal, let position):
      var members: [(String, JSONValue)] = [("refused", .string(refusal.code)), ("path", .string("/\(refusal.path)"))]
      if let position { members.append(("batchIndex", .int(position))) }
      members.append(("message", .string(refusalText(refusal, position: position))))
      return .object(members)
    case .batch(let batch):
      var members: [(String, JSONValue)] = [
        ("allowed", .bool(batch.allowed)), ("lookupCount", .int(batch.lookupCount)),
      ]
      if let breach = batch.limitBreach { members.append(("limitBreach", .string(breach))) }
      members.append(("requests", .array(batch.decisions.map { TraceJSONRenderer.json($0, source: source) })))
      return .object(members)
    }
  }
}
