import FirestoreModel
import RulesEngine
import RulesLanguage

/// One Cloud Storage request as a person types it (`flint repl`'s `upload PATH {...}`, `flint
/// serve`'s Storage panel): the method, the object's name (`users/alice/avatar.png`; a list's
/// folder), and the uploaded object's fields or the changed metadata. Names Cloud Storage
/// refuses are refused here, before anything is evaluated (Docs/fidelity/storage.md F9).
package struct ObjectRequest: Sendable {
  package var method: RequestMethod
  /// The object's name without a leading slash (a list's folder without its trailing one).
  package private(set) var name: String
  /// The uploaded object (`create`) or the changed metadata (`update`); nil for the others.
  package var fields: [String: Value]?

  /// The request for the object at `path`; the problem is Cloud Storage's own refusal.
  package init(method: RequestMethod, path: String, fields: [String: Value]? = nil) throws(ObjectNameProblem) {
    var name = path
    if name.hasPrefix("/") { name.removeFirst() }
    if method == .list, name.hasSuffix("/") { name.removeLast() }
    if let problem = RulesService.objectNameProblem(Self.segments(name), method: method) {
      throw ObjectNameProblem(message: problem)
    }
    self.method = method
    self.name = name
    self.fields = fields
  }

  private static func segments(_ name: String) -> [String] {
    name.isEmpty ? [] : name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
  }

  /// The request the rules see, to `bucket` (`request.path` is `/b/<bucket>/o/<name>`).
  package func request(bucket: String, auth: Auth?, time: Timestamp) -> Request {
    Request(
      method: method, path: ResourcePath(segments: Self.segments(name)), database: bucket, auth: auth, time: time,
      resourceData: method.isWrite && method != .delete ? (fields ?? [:]) : nil)
  }

  /// The decision of Storage `ruleset` on this request against the bucket's `objects` and the
  /// Firestore `documents` its `firestore.get()` reads, with the full trace (for explanations)
  /// and the standard limits; allowed only when every open reading allows (F1, F5, F6).
  package func decide(
    _ ruleset: Ruleset, objects: ObjectStore, documents: DocumentStore, bucket: String, auth: Auth?, time: Timestamp
  ) -> Decision {
    var options = EvaluationOptions(traceLevel: .full)
    options.limits = .standard
    return Evaluator(ruleset: ruleset, options: options).evaluate(
      request(bucket: bucket, auth: auth, time: time), objects: objects, documents: documents)
  }
}

/// Why Cloud Storage refuses an object name (`a//b`, `..`, over 1,024 bytes, a line break).
package struct ObjectNameProblem: Error, Sendable {
  package var message: String
}
