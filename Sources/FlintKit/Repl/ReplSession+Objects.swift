import FirestoreModel
import RulesEngine
import RulesLanguage

/// A Cloud Storage request typed at the prompt.
package enum ObjectVerb: String, Sendable, CaseIterable {
  /// An upload (`create`, over an existing object both readings, Docs/fidelity/storage.md F1).
  case upload
  /// A download or a metadata read (`get`).
  case download
  /// A folder listing (`list`), decided for the folder.
  case list
  /// A metadata update (`update`).
  case update
  case delete

  /// The Storage verb a document request word stands for with Storage rules loaded.
  init?(_ kind: ReplWrite.Kind) {
    switch kind {
    case .get: self = .download
    case .create: self = .upload
    case .update: self = .update
    case .delete: self = .delete
    case .set: return nil
    }
  }

  /// The rules method.
  var method: RequestMethod {
    switch self {
    case .upload: .create
    case .download: .get
    case .list: .list
    case .update: .update
    case .delete: .delete
    }
  }
}

/// Requests against the session's in-memory bucket when Cloud Storage rules are loaded.
extension ReplSession {
  /// The bucket the session's requests go to (`request.path` is `/b/<bucket>/o/...`).
  static let bucket = "default-bucket"

  mutating func runObjectRequest(
    _ verb: ObjectVerb, path text: String, pathColumn: Int, json: String?, jsonColumn: Int, line: String
  ) -> ReplOutcome {
    guard let rules, rules.ruleset.service.kind == .storage else {
      return .message(
        "\(verb.rawValue) is a Cloud Storage request: load Storage rules first (:load rules storage.rules)\n",
        failed: true)
    }
    var object: ObjectRequest
    do {
      object = try ObjectRequest(method: verb.method, path: text)
    } catch {
      return .message(
        ReplRenderer.parseError(ReplParseError(error.message, column: pathColumn), line: line, style: style),
        parseFailed: true)
    }
    var fields: [String: Value]?
    if let json {
      do {
        let value = try JSONParser.parse(json)
        fields = try StorageRequestReader.objectFields(
          value, allowed: StorageRequestReader.uploadKeys, time: time, at: .root)
      } catch {
        return .message(ReplRenderer.jsonError(error, line: line, column: jsonColumn, style: style), parseFailed: true)
      }
    } else if verb == .update {
      return .message(
        ReplRenderer.parseError(
          ReplParseError("update needs the changed metadata as a JSON object after the path", column: pathColumn),
          line: line, style: style), parseFailed: true)
    }
    object.fields = fields
    let request = object.request(bucket: Self.bucket, auth: auth, time: time)
    let decision = object.decide(
      rules.ruleset, objects: objects, documents: store, bucket: Self.bucket, auth: auth, time: time)
    var out = ReplRenderer.decision(decision, request: request, rules: rules, explain: explain, style: style)
    if decision.allowed {
      out += applyObject(verb, name: object.name, fields: fields ?? [:])
    }
    return .message(out)
  }

  /// Applies an allowed write to the in-memory bucket (unless `:commit off`).
  private mutating func applyObject(_ verb: ObjectVerb, name: String, fields: [String: Value]) -> String {
    switch verb {
    case .download:
      return objects.object(named: name) == nil ? "  /\(name) does not exist (Storage answers 404)\n" : ""
    case .list:
      let prefix = name.isEmpty ? "" : name + "/"
      let names = objects.objects.keys.filter { $0.hasPrefix(prefix) }.sorted()
      return names.isEmpty ? "  no objects under /\(prefix)\n" : names.map { "  /\($0)\n" }.joined()
    case .upload, .update, .delete:
      guard applyWrites else { return "  not applied (:commit off)\n" }
      switch verb {
      case .upload: objects.objects[name] = fields
      case .update: objects.objects[name, default: [:]].merge(fields) { _, new in new }
      default: objects.objects[name] = nil
      }
      return "  applied to the session's bucket (\(ReplRenderer.count(objects.objects.count, "object")))\n"
    }
  }
}
