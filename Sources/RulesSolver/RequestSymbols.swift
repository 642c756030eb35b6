import FirestoreModel
import RulesEngine
import RulesLanguage

/// The unknowns of one question (one request method on one path shape), shared by the encodings
/// of both rulesets so that they speak of the same request: the path's variable segments, who is
/// signed in, `request.time`, the stored target document, the written document, the documents
/// `get()`/`exists()` read, and the values the encoding could not follow.
final class RequestSymbols {
  let z3: Z3
  /// Every string literal and member name of both rulesets: the keys a map's fields are created for.
  let universe: [String]
  let method: RequestMethod
  let shape: PathShape
  /// Constraints every real request satisfies (ranges, shapes); asserted with the question.
  private var requirements: [Term] = []
  /// Maps that agree when a condition holds (equal identities, one document read at equal paths),
  /// constrained field by field only once the encodings are built: see `constraints()`.
  private var mapEqualities: [(condition: Term, a: OpenMap, b: OpenMap)] = []
  /// How many fields each map equality has been spelled out over.
  private var spelled: [Int: Int] = [:]

  let signedIn: Term
  let uid: Term
  /// `request.time`, in microseconds.
  let time: Term
  private(set) lazy var token = OpenMap(
    name: "request.auth.token", symbols: self, requiredKeys: ["sub", "user_id", "firebase"])
  /// The stored target document (`resource`, Firestore).
  private(set) lazy var resource = document(at: shape.requestPath)
  /// The stored object at the request's path (`resource`, Storage).
  private(set) lazy var storedObject = makeStoredObject()
  /// The object after the write (`request.resource`, Storage create and update; nil otherwise).
  private(set) lazy var uploadedObject = makeUploadedObject()
  /// Which service's requests these are.
  var service: RulesService { shape.service }
  /// The written document's data (`request.resource.data`, create and update).
  private(set) lazy var written = OpenMap(name: "request.resource.data", symbols: self)
  /// Documents read by `get()`/`exists()` (and the target itself), by path key.
  private(set) var documents: [String: DocumentSymbol] = [:]
  /// The documents in key order.
  var sortedDocuments: [DocumentSymbol] { documents.keys.sorted().map { documents[$0]! } }
  private var openMaps: [String: OpenMap] = [:]
  private lazy var unknownValues = OpenMap(name: "unknown", symbols: self)

  init(z3: Z3, universe: [String], method: RequestMethod, shape: PathShape) {
    self.z3 = z3
    self.universe = universe
    self.method = method
    self.shape = shape
    signedIn = z3.constant("request.auth?", z3.boolSort)
    uid = z3.constant("request.auth.uid", z3.stringSort)
    time = z3.constant("request.time", z3.intSort)
    require(z3.and([z3.ge(z3.length(uid), z3.int(1)), z3.le(z3.length(uid), z3.int(Int64(StringBound.longest)))]))
    require(TimeRange.contains(time, in: z3))
    shape.requirements().forEach(require)
    switch (shape.service.kind, method) {
    // Firestore refuses a create of a stored document and an update of a missing one before the rules run.
    case (.firestore, .create): require(z3.not(resource.exists))
    case (.firestore, .update): require(resource.exists)
    // Storage takes an upload over a stored object (the engine reads it both as a create and as
    // an update, F1: the confirmation decides); a metadata update needs the object.
    case (.storage, .update): require(storedObject.exists)
    default: break
    }
  }

  func require(_ term: Term) { requirements.append(term) }

  /// Requires `a` and `b` to hold the same fields when `condition` holds.
  func requireEqual(_ a: OpenMap, _ b: OpenMap, when condition: Term) {
    mapEqualities.append((condition, a, b))
  }

  /// Everything asserted with the question; call it once both rulesets are encoded.
  ///
  /// A map equality is spelled out over the fields either map has by then (those the conditions
  /// read, or every universe key where `keys()` or `diff()` asked for them), repeated until no
  /// equality gives a map a new field; fields no condition reads need no constraint. Leaving a
  /// constraint out only admits more models, so an unsatisfiable question stays a proof; the
  /// fields that matter still agree, so witnesses stay confirmable.
  func constraints() -> [Term] {
    var changed = true
    while changed {
      changed = false
      for (index, equality) in mapEqualities.enumerated() {
        let keys = Set(equality.a.createdKeys).union(equality.b.createdKeys)
        if spelled[index] == keys.count { continue }
        spelled[index] = keys.count
        changed = true
        require(z3.implies(equality.condition, OpenMapEquality.fieldsEqual(equality.a, equality.b, keys: keys, in: z3)))
      }
    }
    return requirements
  }

  /// The open map named `name` (one per name).
  func openMap(_ name: String, stringsOnly: Bool = false) -> OpenMap {
    if let map = openMaps[name] { return map }
    let map = OpenMap(name: name, symbols: self, stringsOnly: stringsOnly)
    openMaps[name] = map
    return map
  }

  /// A value the encoding does not follow: any value (or an error), the same one for the same `key`.
  func unknown(_ key: String) -> SymbolicValue { unknownValues.field(key).value }

  /// The document at `path` (full segments as string terms); documents at equal paths are equal.
  func document(at path: [Term]) -> DocumentSymbol {
    let key = path.map { z3.text($0) }.joined(separator: "/")
    if let document = documents[key] { return document }
    let name = "doc(\(key))"
    let document = DocumentSymbol(
      path: path, exists: z3.constant(name + "?", z3.boolSort), data: openMap(name + ".data"))
    for otherKey in documents.keys.sorted() where documents[otherKey]!.path.count == path.count {
      let other = documents[otherKey]!
      let samePath = z3.and(zip(other.path, path).map { z3.eq($0, $1) })
      require(z3.implies(samePath, z3.eq(other.exists, document.exists)))
      requireEqual(other.data, document.data, when: samePath)
    }
    documents[key] = document
    return document
  }
}

/// A stored document the rules read: whether it exists and its data.
struct DocumentSymbol {
  /// Full segments (`databases`, the database, `documents`, ...).
  var path: [Term]
  var exists: Term
  var data: OpenMap

  /// The document as `resource` and `get()` show it: `{data, id, __name__}`.
  func rulesMap(in z3: Z3) -> SymbolicMap {
    .closed([
      "data": SymbolicValue(always: .map(.open(data)), in: z3),
      "id": SymbolicValue(always: .string(path[path.count - 1]), in: z3),
      "__name__": SymbolicValue(always: .path(path), in: z3),
    ])
  }
}
