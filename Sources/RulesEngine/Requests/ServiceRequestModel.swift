import FirestoreModel
import RulesLanguage

/// How a request of each service looks to the rules: the path the matcher walks, the shape
/// checks a request must pass before any rule runs, and `request.path`. The one place in the
/// engine that switches on the service; `RulesService` holds everything else.
///
/// A `Request` is service-neutral: `path` holds the document path (Firestore) or the object
/// name's segments (Storage; a list's folder), `database` the root's value (the database or
/// the bucket), `resourceData` the document or the object metadata the write produces.
extension RulesService {
  /// The path elements the match patterns see.
  func matchElements(of request: Request) -> [PathElement] {
    switch kind {
    case .firestore:
      return request.matchElements
    case .storage:
      // A list is decided for its folder: `/b/<bucket>/o/<folder>` (no id after it).
      return rootSegments(binding: request.database).map(PathElement.segment)
        + request.path.segments.map(PathElement.segment)
    }
  }

  /// `request.path`: the root with its wildcard bound, then the request's own segments.
  func requestPath(_ path: ResourcePath, in root: String) -> RulesPath {
    RulesPath(segments: rootSegments(binding: root) + path.segments)
  }

  /// Why this request cannot be evaluated at all, or nil when it is well formed.
  func shapeProblem(of request: Request) -> String? {
    switch kind {
    case .firestore:
      return request.firestoreShapeProblem
    case .storage:
      return Self.objectNameProblem(request.path.segments, method: request.method)
    }
  }

  /// Names Cloud Storage refuses before any rule runs (F9): empty segments, over 1,024 bytes,
  /// carriage returns or line feeds, `.` and `..`; and a non-list request needs a name.
  package static func objectNameProblem(_ segments: [String], method: RequestMethod) -> String? {
    if segments.isEmpty {
      return method == .list ? nil : "A \(method.rawValue) request needs an object name (the folder alone is a list)."
    }
    if segments.contains(where: \.isEmpty) {
      return "An object name cannot have empty segments ('a//b'): the SDKs never send it."
    }
    let name = segments.joined(separator: "/")
    if name.utf8.count > 1024 { return "An object name is at most 1,024 bytes; this one is \(name.utf8.count)." }
    if name.utf8.contains(where: { $0 == 10 || $0 == 13 }) {
      return "An object name cannot contain a carriage return or a line feed."
    }
    if name == "." || name == ".." { return "Cloud Storage refuses the object names '.' and '..'." }
    return nil
  }
}
