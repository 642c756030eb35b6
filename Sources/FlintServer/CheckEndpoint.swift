import FirestoreModel
import FlintKit
import RulesLanguage

/// `POST /api/check`: `{"rules": text?}` → `flint check --format json`'s report for the page's
/// rules text (else the project's rules file): `{"files": [{"file", "diagnostics": [{"severity",
/// "code", "message", "line", "column", "endLine", "endColumn"}]}]}`. The syntactic lints only,
/// as the language server checks on each edit (the solver's overlap lint can take a second).
enum CheckEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["rules"])
    let (name, bytes) = try project.rulesBytes(edited: try body.optionalString("rules"))
    let analysis = RulesCheck.analyze(bytes: bytes, name: name, semantic: false)
    return .ok(DiagnosticRenderer.json([(analysis.source, analysis.diagnostics)]))
  }
}
