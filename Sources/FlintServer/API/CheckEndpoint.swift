import FirestoreModel
import FlintKit
import RulesLanguage

/// `POST /api/check`: `{"rules": text?, "file": path?}` → `flint check --format json`'s report
/// for the page's rules text (else the file on disk); `file` names which of the project's rules
/// files (default the database's; a `storage.rules` is checked as Cloud Storage rules): `{"files": [{"file", "diagnostics": [{"severity",
/// "code", "message", "line", "column", "endLine", "endColumn"}]}]}`. The syntactic lints only,
/// as the language server checks on each edit (the solver's overlap lint can take a second).
enum CheckEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["rules", "file"])
    let (name, bytes) = try project.rulesBytes(
      edited: try body.optionalString("rules"), file: try body.optionalString("file"))
    let analysis = RulesCheck.analyze(bytes: bytes, name: name, semantic: false)
    return .ok(DiagnosticRenderer.json([(analysis.source, analysis.diagnostics)]))
  }
}
