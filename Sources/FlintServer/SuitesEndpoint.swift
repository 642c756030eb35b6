import FirestoreModel
import FlintKit

/// `POST /api/suites`: `{"rules": text?}` → runs the project's suites (`TestJob`, as `flint test
/// --format json`) and answers its report: `{"suites": [{"file", "cases": [{"name", "expect",
/// "actual", "pass", "explanation"}]}], "passed", "failed", "errors"?}`. With `rules`, the suites
/// that name the project's rules file run against the page's text instead (nothing is written).
enum SuitesEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["rules"])
    let edited = try body.optionalString("rules")
    guard !project.suites.isEmpty else {
      return .ok(SuiteReport.json([], errors: []))
    }
    let rulesFile = project.rules.map(FilePath.normalized)
    let reader: SuiteLoader.Reader = { path throws(SuiteError) in
      if let edited, let rulesFile, FilePath.normalized(path) == rulesFile { return Array(edited.utf8) }
      return try SuiteFiles.read(path)
    }
    let output = TestJob.run(TestJob.Input(files: project.suites, explainsPassingCases: true, reader: reader))
    return .ok(SuiteReport.json(output.results, errors: output.errors))
  }
}
