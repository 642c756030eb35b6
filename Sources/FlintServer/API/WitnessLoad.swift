import FirestoreModel
import FlintKit
import RulesLanguage
import RulesSolver

/// The Request panel's inputs that replay a diff witness: `{"method", "path", "auth", "time",
/// "data", "documents"}` for `/api/request`, which then decides it on the witness's stored
/// documents as the diff did. Built from the suite format `flint diff` writes
/// (`DiffRenderer.request`), with two changes: an `update` is sent as `set` (the witness's data is
/// the whole document after the write, which `update` would merge onto the stored one), and the
/// JSON survives a browser's `JSON.parse` (an integral double is `{"__double__": N}`, since
/// JavaScript would read `0.0` back as the integer `0`).
enum WitnessLoad {
  /// The inputs, or why the witness cannot be loaded (a `list`, another database, a number
  /// JavaScript cannot hold).
  static func json(_ candidate: Candidate, database: String) -> Result<JSONValue, Unloadable> {
    let method: String
    switch candidate.request.method {
    case .get: method = "get"
    case .create: method = "create"
    case .update: method = "set"
    case .delete: method = "delete"
    case .list: return .failure(Unloadable("a list: the Request panel sends single-document requests"))
    }
    guard candidate.service.kind != .storage else { return .failure(Unloadable("not a Firestore request")) }
    guard candidate.request.database == database else {
      return .failure(Unloadable("a request to the database \(candidate.request.database), not \(database)"))
    }
    let request = DiffRenderer.request(candidate).objectValue ?? JSONObject()
    let load: JSONValue = .object([
      ("method", .string(method)), ("path", request["path"] ?? .null), ("auth", request["auth"] ?? .null),
      ("time", request["time"] ?? .null), ("data", request["data"] ?? .null),
      ("documents", TaggedJSONEncoder.encode(documents: candidate.documents)),
    ])
    guard let safe = scriptSafe(load) else {
      return .failure(Unloadable("a number beyond 2^53, which the page's JavaScript cannot hold exactly"))
    }
    return .success(safe)
  }

  /// Why a witness has no load.
  struct Unloadable: Error {
    var reason: String

    init(_ reason: String) {
      self.reason = reason
    }
  }

  /// The largest integer a JavaScript number holds exactly.
  static let exactLimit: Int64 = 1 << 53

  /// `json` with integral doubles tagged; nil when a number would change in JavaScript. A tag
  /// object (`{"__latlng__": [1.0, 2.0]}`) is kept as it is: its numbers are read as doubles.
  static func scriptSafe(_ json: JSONValue) -> JSONValue? {
    switch json {
    case .int(let value):
      guard value.magnitude <= exactLimit else { return Optional.none }
      return json
    case .double(let value):
      guard value.isFinite, value == value.rounded() else { return json }
      guard value.magnitude <= Double(exactLimit) else { return Optional.none }
      return .object([(FixtureTag.double.rawValue, .int(Int64(value)))])
    case .array(let elements):
      var safe: [JSONValue] = []
      for element in elements {
        guard let value = scriptSafe(element) else { return Optional.none }
        safe.append(value)
      }
      return .array(safe)
    case .object(let object):
      if object.count == 1, FixtureTag(rawValue: object.keys[0]) != nil { return json }
      var members: [(String, JSONValue)] = []
      for member in object.members {
        guard let value = scriptSafe(member.value) else { return Optional.none }
        members.append((member.key, value))
      }
      return .object(members)
    case .null, .bool, .string:
      return json
    }
  }
}
