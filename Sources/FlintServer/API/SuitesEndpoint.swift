import FirestoreModel
import FlintKit

/// `POST /api/suites`: `{"rules": text?, "file": path?}` → runs the project's suites (`TestJob`, as `flint test
/// --format json --coverage`) and answers its report: `{"suites": [{"file", "cases": [{"name",
/// "expect", "actual", "pass", "explanation"}]}], "passed", "failed", "errors"?, "coverage"?}`.
/// `coverage` is the coverage of the rules file `file` (default the database's), as `flint test --coverage-format json` gives a file
/// (each allow's line with its granted/denied counts, each expression's), for the page to draw on
/// the rules; it is absent when no suite names that file. With `rules`, the suites that name
/// that file run against the page's text instead (nothing is written).
enum SuitesEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["rules", "file"])
    let edited = try body.optionalString("rules")
    let file = try body.optionalString("file")
    if let file, !project.rulesFiles.contains(file) {
      _ = try project.rulesBytes(edited: nil, file: file)  // the refusal naming the project's files
    }
    guard !project.suites.isEmpty else {
      return .ok(SuiteReport.json([], errors: []))
    }
    let rulesFile = (file ?? project.rules).map(FilePath.normalized)
    let reader: SuiteLoader.Reader = { path throws(SuiteError) in
      if let edited, let rulesFile, FilePath.normalized(path) == rulesFile { return Array(edited.utf8) }
      return try SuiteFiles.read(path)
    }
    let output = TestJob.run(
      TestJob.Input(files: project.suites, explainsPassingCases: true, measuring: true, reader: reader))
    var report = SuiteReport.jsonValue(output.results, errors: output.errors)
    if let rulesFile, let file = output.coverage.files.first(where: { $0.path == rulesFile }),
      case .object(var members) = report
    {
      members["coverage"] = CoverageJSON.file(file)
      report = .object(members)
    }
    return .ok(report)
  }
}
