/// The JSON API the page calls, without the HTTP around it: a method, a path and a body in, an
/// answer out. Every handler is a FlintKit job behind a thin reader of its JSON (the CLI's
/// jobs, not a second implementation); a problem is an answer, never a crash.
package struct PlaygroundAPI: Sendable {
  package var project: ServedProject

  package init(project: ServedProject) {
    self.project = project
  }

  /// The calls, by method and path.
  package static let routes: [(method: String, path: String)] = [
    ("GET", "/api/project/version"),
    ("GET", "/api/project"), ("POST", "/api/check"), ("POST", "/api/request"), ("POST", "/api/suites"),
    ("POST", "/api/query"), ("POST", "/api/indexes/add"), ("POST", "/api/object"), ("POST", "/api/diff"),
    ("POST", "/api/document"),
  ]

  /// Answers one call (the request guard has already passed it).
  package func answer(method: String, path: String, body: [UInt8]) -> APIResponse {
    do throws(APIProblem) {
      guard Self.routes.contains(where: { $0.path == path }) else {
        throw APIProblem(404, "no API call \(path)")
      }
      guard Self.routes.contains(where: { $0.method == method && $0.path == path }) else {
        throw APIProblem(405, "\(path) takes \(Self.routes.first { $0.path == path }!.method)")
      }
      if path == "/api/project" { return try ProjectEndpoint.answer(project: project) }
      if path == "/api/project/version" { return try ProjectVersionEndpoint.answer(project: project) }
      let parsed = try APIBody(bytes: body)
      switch path {
      case "/api/check": return try CheckEndpoint.answer(parsed, project: project)
      case "/api/request": return try RequestEndpoint.answer(parsed, project: project)
      case "/api/suites": return try SuitesEndpoint.answer(parsed, project: project)
      case "/api/query": return try QueryEndpoint.answer(parsed, project: project)
      case "/api/object": return try ObjectEndpoint.answer(parsed, project: project)
      case "/api/diff": return try DiffEndpoint.answer(parsed, project: project)
      case "/api/document": return try DocumentEndpoint.answer(parsed, project: project)
      default: return try IndexAddEndpoint.answer(parsed, project: project)
      }
    } catch {
      return .problem(error)
    }
  }
}
